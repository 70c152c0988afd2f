/* Upload names from the NIC's MAC and the UTC time. */
#include "results/upload_name.h"

#include "util/fmt.h"

size_t upload_mac_text(char *out, size_t cap, const uint8_t *mac,
		       int mac_len)
{
	size_t n = 0;

	if (cap)
		out[0] = 0;
	for (int i = 0; i < mac_len && n + 3 <= cap; i++)
		n += fmt(out + n, cap - n, "%02x", mac[i]);
	return n;
}

int upload_stem(char *out, size_t cap, const uint8_t *mac, int mac_len,
		const struct wall_time *t)
{
	struct wall_time u;
	int64_t unix_s;
	size_t n;

	if (wall_time_unix_s(t, &unix_s) || mac_len <= 0)
		return -1;
	wall_time_from_unix_s(unix_s, &u);
	n = upload_mac_text(out, cap, mac, mac_len);
	if (n != (size_t)mac_len * 2)
		return -1;
	n += fmt(out + n, cap - n, "-%04d%02d%02dT%02d%02d%02dZ", u.year,
		 u.month, u.day, u.hour, u.minute, u.second);
	return n + 1 < cap ? 0 : -1;
}
