/* EFI_SIGNATURE_LIST of one X.509 certificate (UEFI spec 32.4.1): the
 * AllowedDb a signed-config build passes to EFI_PKCS7_VERIFY_PROTOCOL. */
#include "config/sig_list.h"

/* EFI_CERT_X509_GUID a5c059a1-94e4-4aa7-87b5-ab155c2bf072, in memory
 * order (the first three fields little-endian). */
static const uint8_t cert_x509_guid[16] = {
	0xa1, 0x59, 0xc0, 0xa5, 0xe4, 0x94, 0xa7, 0x4a,
	0x87, 0xb5, 0xab, 0x15, 0x5c, 0x2b, 0xf0, 0x72,
};

static void put_u32le(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

int der_is_one_sequence(const uint8_t *der, size_t der_bytes)
{
	size_t len, head, n;

	if (!der || der_bytes < 2 || der[0] != 0x30)
		return 0;
	if (der[1] < 0x80) {
		len = der[1];
		head = 2;
	} else {
		/* Long form: 0x8N then N length bytes (X.690 8.1.3.5); a
		 * certificate needs at most 4. */
		n = der[1] & 0x7f;
		if (n == 0 || n > 4 || der_bytes < 2 + n)
			return 0;
		len = 0;
		for (size_t i = 0; i < n; i++)
			len = len << 8 | der[2 + i];
		head = 2 + n;
	}
	return len == der_bytes - head;
}

size_t sig_list_x509_bytes(size_t der_bytes)
{
	return SIG_LIST_HEADER_BYTES + SIG_DATA_OWNER_BYTES + der_bytes;
}

size_t sig_list_x509(uint8_t *out, size_t cap, const uint8_t *der,
		     size_t der_bytes, const uint8_t owner[16])
{
	size_t total = sig_list_x509_bytes(der_bytes);

	if (!out || !owner || !der_is_one_sequence(der, der_bytes) ||
	    cap < total || total > 0xffffffffu)
		return 0;
	for (size_t i = 0; i < 16; i++)
		out[i] = cert_x509_guid[i];
	put_u32le(out + 16, (uint32_t)total);
	put_u32le(out + 20, 0);	/* SignatureHeaderSize: none for X.509 */
	put_u32le(out + 24, (uint32_t)(SIG_DATA_OWNER_BYTES + der_bytes));
	for (size_t i = 0; i < 16; i++)
		out[SIG_LIST_HEADER_BYTES + i] = owner[i];
	for (size_t i = 0; i < der_bytes; i++)
		out[SIG_LIST_HEADER_BYTES + SIG_DATA_OWNER_BYTES + i] = der[i];
	return total;
}
