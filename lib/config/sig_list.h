/* The trusted-certificate list a signed-config build hands the firmware's
 * PKCS#7 verifier: an EFI_SIGNATURE_LIST (UEFI spec 32.4.1) holding one
 * X.509 certificate (EFI_CERT_X509_GUID), built from its DER bytes. */
#ifndef BAREMEM_SIG_LIST_H
#define BAREMEM_SIG_LIST_H

#include <stddef.h>
#include <stdint.h>

/* SignatureType (16) + SignatureListSize, SignatureHeaderSize,
 * SignatureSize (4 each); no signature header for X.509 lists. */
#define SIG_LIST_HEADER_BYTES 28u
/* EFI_SIGNATURE_DATA's SignatureOwner GUID before the certificate. */
#define SIG_DATA_OWNER_BYTES 16u

/* Bytes of the list for a certificate of der_bytes. */
size_t sig_list_x509_bytes(size_t der_bytes);
/* Writes the list into out (cap bytes) with owner as the signature's
 * owner GUID (16 bytes, in memory order). Returns its size, or 0 when
 * cap is too small or the certificate is not one whole DER SEQUENCE (a
 * PEM file or a truncated certificate). */
size_t sig_list_x509(uint8_t *out, size_t cap, const uint8_t *der,
		     size_t der_bytes, const uint8_t owner[16]);
/* 1 when der[0..der_bytes) is exactly one DER SEQUENCE, length and all. */
int der_is_one_sequence(const uint8_t *der, size_t der_bytes);

#endif
