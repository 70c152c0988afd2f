/* The certificate a signed-config build trusts for network configs
 * (make netboot CONFIG_CERT=...): its DER bytes, linked in from
 * build/gen/config_cert.c; the ordinary build links config_cert_none.c,
 * which holds none (0 bytes), and then network configs need no signature. */
#ifndef BAREMEM_CONFIG_CERT_H
#define BAREMEM_CONFIG_CERT_H

extern const unsigned char config_cert_der[];
extern const unsigned int config_cert_der_bytes;

#endif
