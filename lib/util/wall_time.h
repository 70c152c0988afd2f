/* Wall-clock times as the firmware's clock gives them, and the UTC
 * instants they stand for (seconds since 1970-01-01T00:00:00Z): the
 * upload names and a signed config's expiry are both in UTC. */
#ifndef BAREMEM_WALL_TIME_H
#define BAREMEM_WALL_TIME_H

#include <stddef.h>
#include <stdint.h>

/* A wall-clock time as the firmware gives it, and its offset from UTC. */
struct wall_time {
	int year, month, day, hour, minute, second;
	int utc_offset_min;	/* local = UTC + offset; 0 for UTC */
};

/* 1 when t is a real date and time (years 1970..9999, offset within a
 * day), else 0. */
int wall_time_valid(const struct wall_time *t);

/* The UTC instant of t in *unix_s: 0, or -1 when t is not valid. */
int wall_time_unix_s(const struct wall_time *t, int64_t *unix_s);

/* The UTC date and time of an instant (0 .. year 9999). */
void wall_time_from_unix_s(int64_t unix_s, struct wall_time *t);

/* "2026-11-27T06:30:00Z" (20 characters) into out. */
size_t wall_time_utc_text(char *out, size_t cap, int64_t unix_s);

/* Parses exactly "YYYY-MM-DDTHH:MM:SSZ" (UTC): 0 with *unix_s, or -1. */
int wall_time_parse_utc(const char *s, size_t len, int64_t *unix_s);

#endif
