/* Test only: firmware that has EFI_PKCS7_VERIFY_PROTOCOL, which no Debian
 * OVMF installs. Served as the PXE boot file, it installs the protocol
 * (pkcs7_check.c behind it), fetches the real app (baremem-app.efi,
 * beside it on the same TFTP server), and starts it on the same network
 * device with its own load options, so the app finds the same PXE
 * session and command line, and loads its config as on a firmware with a
 * verifier of its own. Chain-loaded by iPXE it works the same through
 * iPXE's PXE base code (started here: iPXE's starts only when asked).
 * Each verification says its verdict on the console ("pkcs7 test
 * verifier: ..."). */
#include <efi.h>
#include <efilib.h>

#include "../../efi/net/pkcs7_verify.h"
#include "pkcs7_check.h"

#define APP_FILE "baremem-app.efi"
#define APP_MAX_BYTES (8u << 20)

static EFI_GUID pkcs7_guid = EFI_PKCS7_VERIFY_PROTOCOL_GUID;
/* EFI_CERT_X509_GUID a5c059a1-94e4-4aa7-87b5-ab155c2bf072 */
static EFI_GUID x509_guid = { 0xa5c059a1, 0x94e4, 0x4aa7,
			      { 0x87, 0xb5, 0xab, 0x15, 0x5c, 0x2b, 0xf0, 0x72 } };

static UINT32 u32_at(const UINT8 *p)
{
	return (UINT32)p[0] | (UINT32)p[1] << 8 | (UINT32)p[2] << 16 |
	       (UINT32)p[3] << 24;
}

/* As edk2's Pkcs7VerifyDxe answers: SUCCESS when a certificate of
 * AllowedDb verifies the detached signature of InData, SECURITY_VIOLATION
 * when none does, UNSUPPORTED for what it cannot read. */
static EFI_STATUS EFIAPI verify_buffer(EFI_PKCS7_VERIFY_PROTOCOL *This,
	VOID *SignedData, UINTN SignedDataSize, VOID *InData, UINTN InDataSize,
	BAREMEM_EFI_SIGNATURE_LIST **AllowedDb,
	BAREMEM_EFI_SIGNATURE_LIST **RevokedDb,
	BAREMEM_EFI_SIGNATURE_LIST **TimeStampDb, VOID *Content,
	UINTN *ContentSize)
{
	EFI_STATUS st = EFI_SECURITY_VIOLATION;

	if (!SignedData || !SignedDataSize || !AllowedDb ||
	    (Content && !ContentSize))
		return EFI_INVALID_PARAMETER;
	if (!InData) {
		Print(L"pkcs7 test verifier: attached content not supported\n");
		return EFI_UNSUPPORTED;
	}
	for (UINTN i = 0; AllowedDb[i]; i++) {
		const UINT8 *l = (const UINT8 *)AllowedDb[i];
		UINT32 list = u32_at(l + 16), head = u32_at(l + 20),
		       size = u32_at(l + 24);

		if (CompareMem((void *)l, &x509_guid, sizeof x509_guid))
			continue;
		if (size < 16 || 28ull + head + size > list) {
			Print(L"pkcs7 test verifier: AllowedDb[%d] malformed\n",
			      (int)i);
			return EFI_ABORTED;
		}
		switch (p7_check(SignedData, SignedDataSize,
				 l + 28 + head + 16, size - 16, InData,
				 InDataSize)) {
		case P7_VALID:
			st = EFI_SUCCESS;
			break;
		case P7_UNSUPPORTED:
			st = EFI_UNSUPPORTED;
			break;
		default:
			break;
		}
		if (st == EFI_SUCCESS)
			break;
	}
	Print(L"pkcs7 test verifier: VerifyBuffer of %d bytes: %a\n",
	      (int)InDataSize, st == EFI_SUCCESS ? "valid"
			       : st == EFI_UNSUPPORTED ? "unsupported"
						       : "security violation");
	return st;
}

static EFI_STATUS EFIAPI verify_signature(EFI_PKCS7_VERIFY_PROTOCOL *This,
	VOID *Signature, UINTN SignatureSize, VOID *InHash, UINTN InHashSize,
	BAREMEM_EFI_SIGNATURE_LIST **AllowedDb,
	BAREMEM_EFI_SIGNATURE_LIST **RevokedDb,
	BAREMEM_EFI_SIGNATURE_LIST **TimeStampDb)
{
	return EFI_UNSUPPORTED;
}

static EFI_PKCS7_VERIFY_PROTOCOL verifier = { verify_buffer,
					      verify_signature };

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	EFI_LOADED_IMAGE *li = 0, *app_li = 0;
	EFI_PXE_BASE_CODE *pxe = 0;
	EFI_IP_ADDRESS server;
	EFI_HANDLE proto_handle = 0, app = 0;
	UINT64 size = APP_MAX_BYTES;
	UINTN block = 1468;
	void *buf = 0;
	EFI_STATUS st;

	InitializeLib(image, systab);
	if (!BS->HandleProtocol(image, &LoadedImageProtocol, (void **)&li) &&
	    !BS->HandleProtocol(li->DeviceHandle, &PxeBaseCodeProtocol,
				(void **)&pxe) &&
	    !pxe->Mode->Started)
		pxe->Start(pxe, FALSE);
	if (!li || !pxe || !pxe->Mode->DhcpAckReceived) {
		Print(L"pkcs7 test verifier: not booted over PXE\n");
		return EFI_UNSUPPORTED;
	}
	ZeroMem(&server, sizeof server);
	CopyMem(&server.v4, pxe->Mode->DhcpAck.Dhcpv4.BootpSiAddr, 4);
	if (BS->AllocatePool(EfiLoaderData, APP_MAX_BYTES, &buf))
		return EFI_OUT_OF_RESOURCES;
	st = pxe->Mtftp(pxe, EFI_PXE_BASE_CODE_TFTP_READ_FILE, buf, FALSE,
			&size, &block, &server, (UINT8 *)APP_FILE, 0, FALSE);
	if (st) {
		Print(L"pkcs7 test verifier: cannot read %a: %r\n", APP_FILE, st);
		return st;
	}
	st = BS->InstallProtocolInterface(&proto_handle, &pkcs7_guid,
					  EFI_NATIVE_INTERFACE, &verifier);
	if (st)
		return st;
	Print(L"pkcs7 test verifier: EFI_PKCS7_VERIFY_PROTOCOL installed, "
	      "starting %a\n", APP_FILE);
	/* The boot device's own path: LoadImage makes it the app's
	 * DeviceHandle, the handle with the PXE session. */
	st = BS->LoadImage(FALSE, image, DevicePathFromHandle(li->DeviceHandle),
			   buf, (UINTN)size, &app);
	BS->FreePool(buf);
	if (st) {
		Print(L"pkcs7 test verifier: LoadImage: %r\n", st);
	} else {
		/* The command line the firmware (or iPXE) gave this file is
		 * the app's, as when the app is the boot file itself. */
		if (!BS->HandleProtocol(app, &LoadedImageProtocol,
					(void **)&app_li)) {
			app_li->LoadOptions = li->LoadOptions;
			app_li->LoadOptionsSize = li->LoadOptionsSize;
		}
		st = BS->StartImage(app, 0, 0);
	}
	BS->UninstallProtocolInterface(proto_handle, &pkcs7_guid, &verifier);
	return st;
}
