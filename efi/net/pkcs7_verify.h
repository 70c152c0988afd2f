/* EFI_PKCS7_VERIFY_PROTOCOL (UEFI spec 2.x, section 37.4 "PKCS7 Verify
 * Protocol"), which gnu-efi 3.0.15 does not define. The signature lists
 * it takes are built by lib/config/sig_list.c. */
#ifndef BAREMEM_PKCS7_VERIFY_H
#define BAREMEM_PKCS7_VERIFY_H

#include <efi.h>

#define EFI_PKCS7_VERIFY_PROTOCOL_GUID \
	{ 0x47889fb2, 0xd671, 0x4fab, \
	  { 0xa0, 0xca, 0xdf, 0x0e, 0x44, 0xdf, 0x70, 0xd6 } }

/* EFI_SIGNATURE_LIST (UEFI spec 32.4.1): opaque here, its bytes come
 * from sig_list_x509(). */
typedef struct _BAREMEM_EFI_SIGNATURE_LIST BAREMEM_EFI_SIGNATURE_LIST;

struct _EFI_PKCS7_VERIFY_PROTOCOL;

/* SignedData: a DER PKCS#7 SignedData; InData: the content when the
 * signature is detached (then Content is not filled in). AllowedDb,
 * RevokedDb, TimeStampDb: NULL-terminated arrays of signature lists.
 * EFI_SUCCESS only when a signer chains to a certificate in AllowedDb;
 * EFI_SECURITY_VIOLATION when the data or signer is not trusted. */
typedef EFI_STATUS (EFIAPI *EFI_PKCS7_VERIFY_BUFFER)(
	struct _EFI_PKCS7_VERIFY_PROTOCOL *This,
	VOID *SignedData, UINTN SignedDataSize,
	VOID *InData, UINTN InDataSize,
	BAREMEM_EFI_SIGNATURE_LIST **AllowedDb,
	BAREMEM_EFI_SIGNATURE_LIST **RevokedDb,
	BAREMEM_EFI_SIGNATURE_LIST **TimeStampDb,
	VOID *Content, UINTN *ContentSize);

typedef EFI_STATUS (EFIAPI *EFI_PKCS7_VERIFY_SIGNATURE)(
	struct _EFI_PKCS7_VERIFY_PROTOCOL *This,
	VOID *Signature, UINTN SignatureSize,
	VOID *InHash, UINTN InHashSize,
	BAREMEM_EFI_SIGNATURE_LIST **AllowedDb,
	BAREMEM_EFI_SIGNATURE_LIST **RevokedDb,
	BAREMEM_EFI_SIGNATURE_LIST **TimeStampDb);

typedef struct _EFI_PKCS7_VERIFY_PROTOCOL {
	EFI_PKCS7_VERIFY_BUFFER VerifyBuffer;
	EFI_PKCS7_VERIFY_SIGNATURE VerifySignature;
} EFI_PKCS7_VERIFY_PROTOCOL;

#endif
