/* Wall-clock times and UTC instants: see wall_time.h. */
#include "util/wall_time.h"

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

int wall_time_valid(const struct wall_time *t)
{
	return t->year >= 1970 && t->year <= 9999 && t->month >= 1 &&
	       t->month <= 12 && t->day >= 1 &&
	       t->day <= month_days(t->year, t->month) && t->hour >= 0 &&
	       t->hour < 24 && t->minute >= 0 && t->minute < 60 &&
	       t->second >= 0 && t->second < 60 &&
	       t->utc_offset_min >= -24 * 60 && t->utc_offset_min <= 24 * 60;
}

/* Days from 1970-01-01 to y-m-d of the proleptic Gregorian calendar
 * (the usual era arithmetic: years counted from March, so the leap day
 * is the last of its year). */
static int64_t days_from_civil(int y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

int wall_time_unix_s(const struct wall_time *t, int64_t *unix_s)
{
	if (!wall_time_valid(t))
		return -1;
	*unix_s = days_from_civil(t->year, t->month, t->day) * 86400 +
		  t->hour * 3600 + t->minute * 60 + t->second -
		  (int64_t)t->utc_offset_min * 60;
	return 0;
}

void wall_time_from_unix_s(int64_t unix_s, struct wall_time *t)
{
	int64_t days = unix_s >= 0 ? unix_s / 86400 : 0;
	int64_t secs = unix_s >= 0 ? unix_s % 86400 : 0;
	int y = 1970, m = 1;

	while (days >= 365 + leap(y) && y < 9999)
		days -= 365 + leap(y++);
	while (m < 12 && days >= month_days(y, m))
		days -= month_days(y, m++);
	*t = (struct wall_time){ y, m, (int)days + 1, (int)(secs / 3600),
				 (int)(secs / 60 % 60), (int)(secs % 60), 0 };
}

size_t wall_time_utc_text(char *out, size_t cap, int64_t unix_s)
{
	struct wall_time t;

	wall_time_from_unix_s(unix_s, &t);
	return fmt(out, cap, "%04d-%02d-%02dT%02d:%02d:%02dZ", t.year,
		   t.month, t.day, t.hour, t.minute, t.second);
}

/* The value of n decimal digits at s. */
static int number(const char *s, int n)
{
	int v = 0;

	for (int i = 0; i < n; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

int wall_time_parse_utc(const char *s, size_t len, int64_t *unix_s)
{
	static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";
	struct wall_time t;

	if (len != sizeof shape - 1)
		return -1;
	for (size_t i = 0; i < len; i++)
		if (shape[i] == 'd' ? s[i] < '0' || s[i] > '9'
				    : s[i] != shape[i])
			return -1;
	t = (struct wall_time){ number(s, 4), number(s + 5, 2),
				number(s + 8, 2), number(s + 11, 2),
				number(s + 14, 2), number(s + 17, 2), 0 };
	return wall_time_unix_s(&t, unix_s);
}
