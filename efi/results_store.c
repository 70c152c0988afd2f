/* The results folder on the boot volume: \baremem\results\run-NNNN.*,
 * numbered after the highest run present, never overwriting, written in
 * one piece, flushed and read back. */
#include "baremem_efi.h"
#include "util/fmt.h"
#include "results/runnum.h"

#define DIR_INFO_BYTES 1024

static void to_wide(CHAR16 *dst, const char *src, UINTN cap)
{
	UINTN i = 0;

	for (; src[i] && i + 1 < cap; i++)
		dst[i] = (unsigned char)src[i];
	dst[i] = 0;
}

static const char *status_text(EFI_STATUS st)
{
	switch (st) {
	case EFI_WRITE_PROTECTED:
		return "the volume is write-protected";
	case EFI_VOLUME_FULL:
		return "the volume is full";
	case EFI_ACCESS_DENIED:
		return "access denied";
	case EFI_MEDIA_CHANGED:
	case EFI_NO_MEDIA:
		return "the medium was removed or changed";
	case EFI_DEVICE_ERROR:
		return "device error";
	case EFI_VOLUME_CORRUPTED:
		return "the file system is corrupted";
	default:
		return "the firmware refused";
	}
}

/* Opens (creating when missing) a directory; fails with a reason when a
 * file of that name is in the way or the volume cannot be written. */
static EFI_FILE_HANDLE open_dir(EFI_FILE_HANDLE parent, const CHAR16 *name,
				const char *label, char *why, UINTN why_cap)
{
	EFI_FILE_HANDLE d = 0;
	EFI_STATUS st;
	UINT8 buf[DIR_INFO_BYTES];
	EFI_FILE_INFO *info = (EFI_FILE_INFO *)buf;
	UINTN n = sizeof buf;

	st = parent->Open(parent, &d, (CHAR16 *)name, EFI_FILE_MODE_READ, 0);
	if (st == EFI_NOT_FOUND)
		st = parent->Open(parent, &d, (CHAR16 *)name,
				  EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE |
					  EFI_FILE_MODE_CREATE,
				  EFI_FILE_DIRECTORY);
	if (st != EFI_SUCCESS) {
		fmt(why, why_cap, "cannot open or create %s: %s", label,
		    status_text(st));
		return 0;
	}
	if (d->GetInfo(d, &GenericFileInfo, &n, info) != EFI_SUCCESS ||
	    !(info->Attribute & EFI_FILE_DIRECTORY)) {
		d->Close(d);
		fmt(why, why_cap, "%s is a file, not a folder: rename it to "
		    "keep results", label);
		return 0;
	}
	return d;
}

EFI_FILE_HANDLE store_open(EFI_FILE_HANDLE root, char *why, UINTN why_cap)
{
	EFI_FILE_HANDLE top, results;

	top = open_dir(root, L"baremem", "\\baremem", why, why_cap);
	if (!top)
		return 0;
	results = open_dir(top, L"results", "\\baremem\\results", why,
			   why_cap);
	top->Close(top);
	return results;
}

int store_next_run(EFI_FILE_HANDLE dir)
{
	UINT8 buf[DIR_INFO_BYTES];
	EFI_FILE_INFO *info = (EFI_FILE_INFO *)buf;
	int highest = 0;

	dir->SetPosition(dir, 0);
	for (;;) {
		UINTN n = sizeof buf;
		char name[64];
		UINTN i;

		if (dir->Read(dir, &n, info) != EFI_SUCCESS || n == 0)
			break;
		for (i = 0; info->FileName[i] && i + 1 < sizeof name; i++)
			name[i] = info->FileName[i] < 0x80
					  ? (char)info->FileName[i] : '?';
		name[i] = 0;
		runnum_see(&highest, name);
	}
	return runnum_next(highest);
}

/* Writes a new file (refusing to replace one), flushes it, and reads
 * its size back. Returns 0, or -1 with why filled in. */
int store_write(EFI_FILE_HANDLE dir, const char *name, const void *data,
		UINTN len, char *why, UINTN why_cap)
{
	CHAR16 wname[64];
	EFI_FILE_HANDLE f = 0;
	EFI_STATUS st;
	UINT8 buf[DIR_INFO_BYTES];
	EFI_FILE_INFO *info = (EFI_FILE_INFO *)buf;
	UINTN n = len, info_len = sizeof buf;

	to_wide(wname, name, 64);
	if (dir->Open(dir, &f, wname, EFI_FILE_MODE_READ, 0) == EFI_SUCCESS) {
		f->Close(f);
		fmt(why, why_cap, "%s exists already: not overwritten", name);
		return -1;
	}
	st = dir->Open(dir, &f, wname,
		       EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE |
			       EFI_FILE_MODE_CREATE, 0);
	if (st != EFI_SUCCESS) {
		fmt(why, why_cap, "cannot create %s: %s", name,
		    status_text(st));
		return -1;
	}
	st = f->Write(f, &n, (void *)data);
	if (st == EFI_SUCCESS && n != len)
		st = EFI_VOLUME_FULL;
	if (st == EFI_SUCCESS)
		st = f->Flush(f);
	if (st != EFI_SUCCESS) {
		/* Leave no half file behind: Delete also closes. */
		f->Delete(f);
		fmt(why, why_cap, "cannot write %s: %s", name, status_text(st));
		return -1;
	}
	f->Close(f);
	if (dir->Open(dir, &f, wname, EFI_FILE_MODE_READ, 0) != EFI_SUCCESS ||
	    f->GetInfo(f, &GenericFileInfo, &info_len, info) != EFI_SUCCESS ||
	    info->FileSize != len) {
		if (f)
			f->Close(f);
		fmt(why, why_cap, "%s reads back with the wrong size", name);
		return -1;
	}
	f->Close(f);
	return 0;
}

/* Opens name in dir for writing, or 0. */
static EFI_FILE_HANDLE open_rw(EFI_FILE_HANDLE dir, const char *name)
{
	CHAR16 wname[64];
	EFI_FILE_HANDLE f = 0;

	to_wide(wname, name, 64);
	if (dir->Open(dir, &f, wname, EFI_FILE_MODE_READ |
		      EFI_FILE_MODE_WRITE, 0) != EFI_SUCCESS)
		return 0;
	return f;
}

/* Renames the open file f to name (UEFI: SetInfo with a new FileName)
 * and closes it. */
static EFI_STATUS rename_close(EFI_FILE_HANDLE f, const char *name)
{
	UINT8 buf[DIR_INFO_BYTES];
	EFI_FILE_INFO *info = (EFI_FILE_INFO *)buf;
	UINTN len = sizeof buf;
	EFI_STATUS st = f->GetInfo(f, &GenericFileInfo, &len, info);

	if (st == EFI_SUCCESS) {
		to_wide(info->FileName, name, 64);
		info->Size = SIZE_OF_EFI_FILE_INFO +
			     (StrLen(info->FileName) + 1) * sizeof(CHAR16);
		st = f->SetInfo(f, &GenericFileInfo, info->Size, info);
	}
	f->Close(f);
	return st;
}

int store_replace(EFI_FILE_HANDLE dir, const char *name, const void *data,
		  UINTN len, char *why, UINTN why_cap)
{
	char tmp[64];
	EFI_FILE_HANDLE f;
	EFI_STATUS st;

	fmt(tmp, sizeof tmp, "%s.new", name);
	if ((f = open_rw(dir, tmp)))
		f->Delete(f);	/* a leftover of a run cut short here */
	if (store_write(dir, tmp, data, len, why, why_cap))
		return -1;
	if (!(f = open_rw(dir, name)) || f->Delete(f) != EFI_SUCCESS) {
		/* Delete closes f even when it fails (UEFI 2.7 13.5). */
		if ((f = open_rw(dir, tmp)))
			f->Delete(f);
		fmt(why, why_cap, "%s cannot be replaced", name);
		return -1;
	}
	if (!(f = open_rw(dir, tmp))) {
		fmt(why, why_cap, "%s is in %s and cannot be reopened", name,
		    tmp);
		return -1;
	}
	if ((st = rename_close(f, name)) != EFI_SUCCESS) {
		fmt(why, why_cap, "%s is in %s, not renamed: %s", name, tmp,
		    status_text(st));
		return -1;
	}
	return 0;
}
