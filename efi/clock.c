/* The firmware's clock as a wall_time (lib/util/wall_time.h): the upload
 * names and a signed config's expiry read it. */
#include "baremem_efi.h"

int firmware_clock(struct wall_time *t)
{
	EFI_TIME e;

	if (RT->GetTime(&e, 0) != EFI_SUCCESS)
		return -1;
	/* An unspecified zone is taken as UTC; a given one follows UEFI 2.7
	 * and later: local = UTC + TimeZone minutes (as the upload names). */
	*t = (struct wall_time){ e.Year, e.Month, e.Day, e.Hour, e.Minute,
				 e.Second, e.TimeZone == EFI_UNSPECIFIED_TIMEZONE
						   ? 0 : e.TimeZone };
	return 0;
}
