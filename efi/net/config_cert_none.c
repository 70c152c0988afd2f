/* The ordinary build's trusted config certificate: none, so network
 * configs are read unsigned as before. A signed-config build links
 * build/gen/config_cert.c in place of this file (Makefile). */
#include "config_cert.h"

const unsigned char config_cert_der[1] = { 0 };
const unsigned int config_cert_der_bytes = 0;
