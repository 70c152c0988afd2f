/* The test-only PKCS#7 verifier's checks, freestanding C: a detached
 * PKCS#7 SignedData (RFC 2315) over some data, with one signer, no
 * authenticated attributes, SHA-256 and RSA PKCS#1 v1.5, verified
 * against one trusted X.509 certificate: the signer must be that
 * certificate (issuer and serial number) and its key must verify the
 * signature of the data's hash. No chains, no other algorithms: enough
 * for what scripts/sign-config makes, and a refusal for the rest. */
#ifndef BAREMEM_TEST_PKCS7_CHECK_H
#define BAREMEM_TEST_PKCS7_CHECK_H

#include <stddef.h>
#include <stdint.h>

enum p7_result {
	P7_VALID,
	P7_NOT_TRUSTED,	/* another signer, or the signature does not match */
	P7_UNSUPPORTED,	/* not a SignedData this checker reads */
};

enum p7_result p7_check(const uint8_t *p7, size_t p7_len,
			const uint8_t *cert, size_t cert_len,
			const uint8_t *data, size_t data_len);

#endif
