/* Files on the volume the app was loaded from (the stick's ESP). */
#include "baremem_efi.h"

EFI_FILE_HANDLE esp_open_root(EFI_HANDLE image, const char **why)
{
	EFI_LOADED_IMAGE *li = 0;
	EFI_FILE_IO_INTERFACE *fs = 0;
	EFI_FILE_HANDLE root = 0;

	if (BS->HandleProtocol(image, &LoadedImageProtocol, (void **)&li) !=
	    EFI_SUCCESS || !li) {
		*why = "the firmware does not say where the app was loaded from";
		return 0;
	}
	if (!li->DeviceHandle ||
	    BS->HandleProtocol(li->DeviceHandle, &FileSystemProtocol,
			       (void **)&fs) != EFI_SUCCESS || !fs) {
		*why = "the app was not loaded from a file system "
		       "(network boot?)";
		return 0;
	}
	if (fs->OpenVolume(fs, &root) != EFI_SUCCESS) {
		*why = "the boot volume cannot be opened";
		return 0;
	}
	return root;
}

/* Reads a whole file of at most cap bytes. Returns 0, -1 when the file is
 * missing, -2 when it cannot be read or is larger than cap. */
int esp_read_file(EFI_FILE_HANDLE root, const CHAR16 *path, char *buf,
		  UINTN cap, UINTN *len)
{
	EFI_FILE_HANDLE f;
	EFI_STATUS st;
	UINTN n = cap, extra = 1;
	char probe;

	st = root->Open(root, &f, (CHAR16 *)path, EFI_FILE_MODE_READ, 0);
	if (st == EFI_NOT_FOUND)
		return -1;
	if (st != EFI_SUCCESS)
		return -2;
	st = f->Read(f, &n, buf);
	if (st == EFI_SUCCESS && n == cap &&
	    f->Read(f, &extra, &probe) == EFI_SUCCESS && extra > 0)
		st = EFI_BUFFER_TOO_SMALL;
	f->Close(f);
	if (st != EFI_SUCCESS)
		return -2;
	*len = n;
	return 0;
}
