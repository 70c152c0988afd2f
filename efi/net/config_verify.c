/* A network config's detached PKCS#7 signature (.cfg.p7s), checked by the
 * firmware's EFI_PKCS7_VERIFY_PROTOCOL against the one certificate built
 * into a signed-config app (efi/config_cert.h). The app does no
 * cryptography itself: the firmware's verifier is the one Secure Boot
 * already trusts. */
#include "netboot.h"
#include "config_cert.h"
#include "pkcs7_verify.h"
#include "config/sig_list.h"
#include "util/fmt.h"

/* baremem's vendor GUID (docs/design.md §4, the EFI variable's) as the owner of
 * the trusted certificate, in memory order. */
static const uint8_t cert_owner[16] = {
	0x0d, 0xc1, 0x09, 0x38, 0xfd, 0x4f, 0x85, 0x44,
	0xb0, 0x80, 0x87, 0x9e, 0xf5, 0xcf, 0x6f, 0x69,
};

int config_signed_build(void)
{
	return config_cert_der_bytes > 0;
}

static void status_why(EFI_STATUS st, char *why, UINTN cap)
{
	if (st == EFI_SECURITY_VIOLATION)
		fmt(why, cap, "its signature does not verify against the "
		    "certificate built into this app (changed after signing, "
		    "or signed with another key)");
	else if (st == EFI_COMPROMISED_DATA)
		fmt(why, cap, "it was changed after it was signed (its hash "
		    "differs from the signed one)");
	else if (st == EFI_UNSUPPORTED)
		fmt(why, cap, "its .p7s is not a DER PKCS#7 SignedData the "
		    "firmware can read");
	else
		fmt(why, cap, "the firmware's PKCS#7 verifier failed (status "
		    "0x%llx)", (unsigned long long)st);
}

enum config_sig config_verify(const void *cfg, UINTN cfg_len, const void *p7s,
			      UINTN p7s_len, char *why, UINTN cap)
{
	static EFI_GUID guid = EFI_PKCS7_VERIFY_PROTOCOL_GUID;
	EFI_PKCS7_VERIFY_PROTOCOL *p7 = 0;
	BAREMEM_EFI_SIGNATURE_LIST *allowed[2] = { 0, 0 };
	size_t list_bytes = sig_list_x509_bytes(config_cert_der_bytes);
	uint8_t *list;
	UINTN content_bytes = 0;
	EFI_STATUS st;

	if (BS->LocateProtocol(&guid, 0, (void **)&p7) != EFI_SUCCESS || !p7) {
		fmt(why, cap, "the firmware has no EFI_PKCS7_VERIFY_PROTOCOL "
		    "to check its signature");
		return CONFIG_SIG_NO_VERIFIER;
	}
	list = plat_alloc(list_bytes);
	if (!list) {
		fmt(why, cap, "out of memory for the trusted certificate list");
		return CONFIG_SIG_INVALID;
	}
	if (sig_list_x509(list, list_bytes, config_cert_der,
			  config_cert_der_bytes, cert_owner) == 0) {
		plat_free(list);
		fmt(why, cap, "the certificate built into this app is not one "
		    "DER certificate (rebuild with make netboot CONFIG_CERT=)");
		return CONFIG_SIG_INVALID;
	}
	allowed[0] = (BAREMEM_EFI_SIGNATURE_LIST *)list;
	/* Detached: the config is InData; no copy of the content wanted
	 * (Content NULL, its size 0), no revoked or time-stamp lists. */
	st = p7->VerifyBuffer(p7, (void *)p7s, p7s_len, (void *)cfg, cfg_len,
			      allowed, 0, 0, 0, &content_bytes);
	plat_free(list);
	if (st == EFI_SUCCESS)
		return CONFIG_SIG_VALID;
	status_why(st, why, cap);
	return CONFIG_SIG_INVALID;
}
