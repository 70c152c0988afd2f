/* The trusted list a signed-config build gives the firmware's PKCS#7
 * verifier: an EFI_SIGNATURE_LIST laid out as UEFI spec 32.4.1 says,
 * holding the certificate whole, and never built from a PEM file or a
 * truncated certificate. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "config/sig_list.h"

static const uint8_t owner[16] = {
	0x0d, 0xc1, 0x09, 0x38, 0xfd, 0x4f, 0x85, 0x44,
	0xb0, 0x80, 0x87, 0x9e, 0xf5, 0xcf, 0x6f, 0x69,
};

static uint32_t u32le(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* A DER SEQUENCE of n content bytes (n < 65536), long form past 127. */
static size_t make_seq(uint8_t *out, size_t n)
{
	size_t h;

	out[0] = 0x30;
	if (n < 0x80) {
		out[1] = (uint8_t)n;
		h = 2;
	} else {
		out[1] = 0x82;
		out[2] = (uint8_t)(n >> 8);
		out[3] = (uint8_t)n;
		h = 4;
	}
	for (size_t i = 0; i < n; i++)
		out[h + i] = (uint8_t)(i * 7 + 3);
	return h + n;
}

static void layout_as_the_spec_says(void **state)
{
	uint8_t der[600], out[700];
	size_t der_n = make_seq(der, 500), n;
	/* EFI_CERT_X509_GUID a5c059a1-94e4-4aa7-87b5-ab155c2bf072 as the
	 * EFI_GUID struct stores it: Data1..3 little-endian, Data4 as is. */
	const uint32_t d1 = 0xa5c059a1;
	const uint16_t d2 = 0x94e4, d3 = 0x4aa7;
	const uint8_t d4[8] = { 0x87, 0xb5, 0xab, 0x15, 0x5c, 0x2b, 0xf0, 0x72 };

	(void)state;
	memset(out, 0xee, sizeof out);
	n = sig_list_x509(out, sizeof out, der, der_n, owner);
	assert_int_equal(n, 28 + 16 + der_n);
	assert_int_equal(n, sig_list_x509_bytes(der_n));
	assert_int_equal(u32le(out), d1);
	assert_int_equal(out[4] | out[5] << 8, d2);
	assert_int_equal(out[6] | out[7] << 8, d3);
	assert_memory_equal(out + 8, d4, 8);
	assert_int_equal(u32le(out + 16), n);		/* SignatureListSize */
	assert_int_equal(u32le(out + 20), 0);		/* SignatureHeaderSize */
	assert_int_equal(u32le(out + 24), 16 + der_n);	/* SignatureSize */
	assert_memory_equal(out + 28, owner, 16);
	assert_memory_equal(out + 44, der, der_n);
	assert_int_equal(out[n], 0xee);			/* nothing past it */
}

static void short_form_certificate(void **state)
{
	uint8_t der[40], out[100];
	size_t der_n = make_seq(der, 20);

	(void)state;
	assert_int_equal(sig_list_x509(out, sizeof out, der, der_n, owner),
			 28 + 16 + 22);
	assert_memory_equal(out + 44, der, der_n);
}

static void refuses_too_small_a_buffer(void **state)
{
	uint8_t der[300], out[400];
	size_t der_n = make_seq(der, 200);

	(void)state;
	assert_int_equal(sig_list_x509(out, sig_list_x509_bytes(der_n) - 1,
				       der, der_n, owner), 0);
	assert_int_equal(sig_list_x509(out, sig_list_x509_bytes(der_n), der,
				       der_n, owner),
			 sig_list_x509_bytes(der_n));
}

static void refuses_what_is_not_one_certificate(void **state)
{
	const char *pem = "-----BEGIN CERTIFICATE-----\nMIIB...\n";
	uint8_t der[300], out[400];
	size_t der_n = make_seq(der, 200);

	(void)state;
	assert_int_equal(sig_list_x509(out, sizeof out, (const uint8_t *)pem,
				       strlen(pem), owner), 0);
	/* truncated, trailing bytes, empty */
	assert_int_equal(sig_list_x509(out, sizeof out, der, der_n - 1, owner), 0);
	assert_int_equal(sig_list_x509(out, sizeof out, der, der_n + 1, owner), 0);
	assert_int_equal(sig_list_x509(out, sizeof out, der, 0, owner), 0);
	/* long form with no length bytes, or more than 4 */
	assert_false(der_is_one_sequence((const uint8_t[]){ 0x30, 0x80 }, 2));
	assert_false(der_is_one_sequence(
		(const uint8_t[]){ 0x30, 0x85, 0, 0, 0, 0, 1, 0 }, 8));
	assert_true(der_is_one_sequence(der, der_n));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(layout_as_the_spec_says),
		cmocka_unit_test(short_form_certificate),
		cmocka_unit_test(refuses_too_small_a_buffer),
		cmocka_unit_test(refuses_what_is_not_one_certificate),
	};

	return cmocka_run_group_tests(tests, 0, 0);
}
