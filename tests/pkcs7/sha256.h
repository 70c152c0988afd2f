/* SHA-256 (FIPS 180-4) for the test-only PKCS#7 verifier: one call over
 * a whole buffer. */
#ifndef BAREMEM_TEST_SHA256_H
#define BAREMEM_TEST_SHA256_H

#include <stddef.h>
#include <stdint.h>

void sha256(const uint8_t *data, size_t len, uint8_t out[32]);

#endif
