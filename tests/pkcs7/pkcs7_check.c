/* A detached PKCS#7 SignedData checked against one certificate (see
 * pkcs7_check.h): DER walking, the certificate's RSA key, s^e mod n on
 * 32-bit limbs, the PKCS#1 v1.5 encoding of a SHA-256 DigestInfo. Test
 * code: slow and simple (a bit-serial modular multiply), not constant
 * time; it verifies public data only. */
#include "pkcs7_check.h"
#include "sha256.h"

#define LIMBS 128	/* 4096-bit moduli at most */

struct der {
	const uint8_t *p;	/* contents */
	size_t len;
	const uint8_t *all;	/* the whole element, tag and length too */
	size_t all_len;
};

/* The next element of *in; its tag must be tag. 0, or -1. */
static int der_next(struct der *in, uint8_t tag, struct der *out)
{
	size_t len, head = 2;

	if (in->len < 2 || in->p[0] != tag)
		return -1;
	len = in->p[1];
	if (len & 0x80) {
		size_t n = len & 0x7f;

		if (n == 0 || n > 3 || in->len < 2 + n)
			return -1;
		len = 0;
		for (size_t i = 0; i < n; i++)
			len = len << 8 | in->p[2 + i];
		head = 2 + n;
	}
	if (len > in->len - head)
		return -1;
	out->all = in->p;
	out->all_len = head + len;
	out->p = in->p + head;
	out->len = len;
	in->p += head + len;
	in->len -= head + len;
	return 0;
}

static int peek(const struct der *in, uint8_t tag)
{
	return in->len > 0 && in->p[0] == tag;
}

static int same(const uint8_t *a, size_t an, const uint8_t *b, size_t bn)
{
	if (an != bn)
		return 0;
	for (size_t i = 0; i < an; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/* 1.2.840.113549.1.7.2 signedData, 2.16.840.1.101.3.4.2.1 sha256 */
static const uint8_t oid_signed_data[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7,
					   0x0d, 0x01, 0x07, 0x02 };
static const uint8_t oid_sha256[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03,
				      0x04, 0x02, 0x01 };
/* DigestInfo for SHA-256 before the hash (RFC 8017, 9.2 note 1). */
static const uint8_t digest_info_sha256[19] = {
	0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
	0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20,
};

struct signer {
	struct der issuer, serial, sig;
};

struct rsa_key {
	struct der issuer, serial, n, e;
};

static int parse_signed_data(const uint8_t *p7, size_t len, struct signer *s)
{
	struct der in = { p7, len, 0, 0 }, ci, oid, x0, sd, v, set, inner,
		   infos, si, ias, alg, algoid, skip;

	if (der_next(&in, 0x30, &ci) || der_next(&ci, 0x06, &oid) ||
	    !same(oid.p, oid.len, oid_signed_data, sizeof oid_signed_data) ||
	    der_next(&ci, 0xa0, &x0) || der_next(&x0, 0x30, &sd) ||
	    der_next(&sd, 0x02, &v) || der_next(&sd, 0x31, &set) ||
	    der_next(&sd, 0x30, &inner))
		return -1;
	if (peek(&sd, 0xa0) && der_next(&sd, 0xa0, &skip))
		return -1;
	if (peek(&sd, 0xa1) && der_next(&sd, 0xa1, &skip))
		return -1;
	if (der_next(&sd, 0x31, &infos) || der_next(&infos, 0x30, &si) ||
	    infos.len != 0 ||	/* one signer */
	    der_next(&si, 0x02, &v) || der_next(&si, 0x30, &ias) ||
	    der_next(&ias, 0x30, &s->issuer) ||
	    der_next(&ias, 0x02, &s->serial) || der_next(&si, 0x30, &alg) ||
	    der_next(&alg, 0x06, &algoid) ||
	    !same(algoid.p, algoid.len, oid_sha256, sizeof oid_sha256))
		return -1;
	if (peek(&si, 0xa0))
		return -1;	/* authenticated attributes: not read here */
	if (der_next(&si, 0x30, &alg) || der_next(&si, 0x04, &s->sig))
		return -1;
	return 0;
}

static int parse_cert(const uint8_t *cert, size_t len, struct rsa_key *k)
{
	struct der in = { cert, len, 0, 0 }, c, tbs, skip, spki, bits, key;

	if (der_next(&in, 0x30, &c) || der_next(&c, 0x30, &tbs))
		return -1;
	if (peek(&tbs, 0xa0) && der_next(&tbs, 0xa0, &skip))
		return -1;
	if (der_next(&tbs, 0x02, &k->serial) || der_next(&tbs, 0x30, &skip) ||
	    der_next(&tbs, 0x30, &k->issuer) || der_next(&tbs, 0x30, &skip) ||
	    der_next(&tbs, 0x30, &skip) || der_next(&tbs, 0x30, &spki) ||
	    der_next(&spki, 0x30, &skip) || der_next(&spki, 0x03, &bits) ||
	    bits.len < 1 || bits.p[0] != 0)
		return -1;
	bits.p++;
	bits.len--;
	if (der_next(&bits, 0x30, &key) || der_next(&key, 0x02, &k->n) ||
	    der_next(&key, 0x02, &k->e))
		return -1;
	return 0;
}

/* Big numbers: little-endian 32-bit limbs, nl of them. */
static void bn_from(uint32_t *a, int nl, const uint8_t *b, size_t len)
{
	for (int i = 0; i < nl; i++)
		a[i] = 0;
	for (size_t i = 0; i < len; i++) {
		size_t bit = (len - 1 - i) * 8;

		if (bit / 32 < (size_t)nl)
			a[bit / 32] |= (uint32_t)b[i] << (bit % 32);
	}
}

static int bn_cmp(const uint32_t *a, const uint32_t *b, int nl)
{
	for (int i = nl - 1; i >= 0; i--)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

static void bn_sub(uint32_t *a, const uint32_t *b, int nl)
{
	uint64_t borrow = 0;

	for (int i = 0; i < nl; i++) {
		uint64_t d = (uint64_t)a[i] - b[i] - borrow;

		a[i] = (uint32_t)d;
		borrow = d >> 63;
	}
}

/* r = 2r + bit-less add of b when add; reduced mod n (r, b < n). */
static void bn_dbl_add(uint32_t *r, const uint32_t *b, int add,
		       const uint32_t *n, int nl)
{
	uint32_t carry = 0;

	for (int i = 0; i < nl; i++) {
		uint32_t top = r[i] >> 31;

		r[i] = r[i] << 1 | carry;
		carry = top;
	}
	if (carry || bn_cmp(r, n, nl) >= 0)
		bn_sub(r, n, nl);
	if (!add)
		return;
	carry = 0;
	for (int i = 0; i < nl; i++) {
		uint64_t s = (uint64_t)r[i] + b[i] + carry;

		r[i] = (uint32_t)s;
		carry = (uint32_t)(s >> 32);
	}
	if (carry || bn_cmp(r, n, nl) >= 0)
		bn_sub(r, n, nl);
}

/* r = a * b mod n, bit-serial over a. */
static void bn_mulmod(uint32_t *r, const uint32_t *a, const uint32_t *b,
		      const uint32_t *n, int nl)
{
	uint32_t t[LIMBS] = { 0 };

	for (int i = nl * 32 - 1; i >= 0; i--)
		bn_dbl_add(t, b, (int)(a[i / 32] >> (i % 32) & 1), n, nl);
	for (int i = 0; i < nl; i++)
		r[i] = t[i];
}

/* Strips the leading zero a positive DER INTEGER may carry. */
static void int_bytes(struct der *d)
{
	while (d->len > 1 && d->p[0] == 0) {
		d->p++;
		d->len--;
	}
}

/* 0 when sig is key's PKCS#1 v1.5 signature of the SHA-256 hash. */
static int rsa_check(struct rsa_key *key, const struct der *sig,
		     const uint8_t hash[32])
{
	static uint32_t n[LIMBS], s[LIMBS], m[LIMBS], acc[LIMBS];
	uint8_t em[LIMBS * 4];
	size_t k, ebits = 0;
	uint64_t e = 0;
	int nl;

	int_bytes(&key->n);
	int_bytes(&key->e);
	k = key->n.len;
	if (k < 128 || k > LIMBS * 4 || key->e.len > 8 || sig->len != k)
		return -1;
	for (size_t i = 0; i < key->e.len; i++)
		e = e << 8 | key->e.p[i];
	nl = (int)((k + 3) / 4);
	bn_from(n, nl, key->n.p, k);
	bn_from(s, nl, sig->p, sig->len);
	if (bn_cmp(s, n, nl) >= 0 || e < 3)
		return -1;
	/* m = s^e mod n, square and multiply from the top bit of e. */
	for (uint64_t x = e; x; x >>= 1)
		ebits++;
	for (int i = 0; i < nl; i++)
		acc[i] = s[i];
	for (int b = (int)ebits - 2; b >= 0; b--) {
		bn_mulmod(m, acc, acc, n, nl);
		if (e >> b & 1)
			bn_mulmod(acc, m, s, n, nl);
		else
			for (int i = 0; i < nl; i++)
				acc[i] = m[i];
	}
	for (size_t i = 0; i < k; i++) {
		size_t bit = (k - 1 - i) * 8;

		em[i] = (uint8_t)(acc[bit / 32] >> (bit % 32));
	}
	/* EM = 00 01 FF..FF 00 DigestInfo hash (RFC 8017, 9.2) */
	if (em[0] != 0 || em[1] != 1 || k < 3 + 8 + 19 + 32)
		return -1;
	for (size_t i = 2; i < k - 19 - 32 - 1; i++)
		if (em[i] != 0xff)
			return -1;
	if (em[k - 19 - 32 - 1] != 0 ||
	    !same(em + k - 51, 19, digest_info_sha256, 19) ||
	    !same(em + k - 32, 32, hash, 32))
		return -1;
	return 0;
}

enum p7_result p7_check(const uint8_t *p7, size_t p7_len,
			const uint8_t *cert, size_t cert_len,
			const uint8_t *data, size_t data_len)
{
	struct signer s;
	struct rsa_key key;
	uint8_t hash[32];

	if (parse_signed_data(p7, p7_len, &s) || parse_cert(cert, cert_len, &key))
		return P7_UNSUPPORTED;
	if (!same(s.issuer.all, s.issuer.all_len, key.issuer.all,
		  key.issuer.all_len) ||
	    !same(s.serial.all, s.serial.all_len, key.serial.all,
		  key.serial.all_len))
		return P7_NOT_TRUSTED;
	sha256(data, data_len, hash);
	return rsa_check(&key, &s.sig, hash) == 0 ? P7_VALID : P7_NOT_TRUSTED;
}
