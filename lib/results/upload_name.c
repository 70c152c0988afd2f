/* Upload names from the NIC's MAC and the UTC time. */
#include "results/upload_name.h"

#include "util/fmt.h"

static int leap(int y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static int month_days(int y, int m)
{
	static const int days[12] = { 31, 28, 31, 30, 31, 30,
				      31, 31, 30, 31, 30, 31 };

	return m == 2 && leap(y) ? 29 : days[m - 1];
}

static int valid(const struct wall_time *t)
{
	return t->year >= 1970 && t->year <= 9999 && t->month >= 1 &&
	       t->month <= 12 && t->day >= 1 &&
	       t->day <= month_days(t->year, t->month) && t->hour >= 0 &&
	       t->hour < 24 && t->minute >= 0 && t->minute < 60 &&
	       t->second >= 0 && t->second < 60 &&
	       t->utc_offset_min >= -24 * 60 && t->utc_offset_min <= 24 * 60;
}

/* Moves t by delta minutes (|delta| at most a day), across day, month
 * and year ends. */
static void add_minutes(struct wall_time *t, int delta)
{
	int m = t->hour * 60 + t->minute + delta;

	if (m < 0) {
		m += 24 * 60;
		if (--t->day < 1) {
			if (--t->month < 1) {
				t->month = 12;
				t->year--;
			}
			t->day = month_days(t->year, t->month);
		}
	} else if (m >= 24 * 60) {
		m -= 24 * 60;
		if (++t->day > month_days(t->year, t->month)) {
			t->day = 1;
			if (++t->month > 12) {
				t->month = 1;
				t->year++;
			}
		}
	}
	t->hour = m / 60;
	t->minute = m % 60;
}

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
	struct wall_time u = *t;
	size_t n;

	if (!valid(t) || mac_len <= 0)
		return -1;
	add_minutes(&u, -u.utc_offset_min);
	n = upload_mac_text(out, cap, mac, mac_len);
	if (n != (size_t)mac_len * 2)
		return -1;
	n += fmt(out + n, cap - n, "-%04d%02d%02dT%02d%02d%02dZ", u.year,
		 u.month, u.day, u.hour, u.minute, u.second);
	return n + 1 < cap ? 0 : -1;
}
