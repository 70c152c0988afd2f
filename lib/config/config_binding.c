/* A signed network config's binding (name, expiry, serial) and the
 * serials a machine accepted: see config_binding.h. */
#include "config/config_binding.h"

#include "util/fmt.h"
#include "util/str.h"

static const char *const field_names[CONFIG_BIND_COUNT] = {
	"signed_for", "not_after", "serial",
};

int config_binding_field(const char *k, size_t klen)
{
	for (int f = 0; f < CONFIG_BIND_COUNT; f++)
		if (str_ieq(k, klen, field_names[f]))
			return f;
	return -1;
}

const char *config_binding_field_name(enum config_binding_field f)
{
	return (int)f >= 0 && f < CONFIG_BIND_COUNT ? field_names[f] : "?";
}

/* "baremem.cfg", or a MAC: an even number of lower-case hex digits. */
static int name_ok(const char *v, size_t len)
{
	if (str_ieq(v, len, "baremem.cfg"))
		return 1;
	if (len < 2 || len >= CONFIG_NAME_MAX || len % 2)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!((v[i] >= '0' && v[i] <= '9') ||
		      (v[i] >= 'a' && v[i] <= 'f')))
			return 0;
	return 1;
}

/* str_decimal, also bounded in digits: a serial is a counter. */
static int parse_serial(const char *v, size_t len, uint64_t *out)
{
	return len > 20 ? -1 : str_decimal(v, len, out);
}

static void problem(struct config_binding *b, const char *f, ...)
	__attribute__((format(printf, 2, 3)));

static void problem(struct config_binding *b, const char *f, ...)
{
	va_list ap;

	if (b->problem[0])
		return;
	va_start(ap, f);
	fmt_v(b->problem, sizeof b->problem, f, ap);
	va_end(ap);
}

void config_binding_set(struct config_binding *b,
			enum config_binding_field f, const char *v,
			size_t vlen)
{
	const char *name = config_binding_field_name(f);
	int ok;

	if (b->given & (1u << f)) {
		problem(b, "it gives %s twice", name);
		return;
	}
	b->given |= 1u << f;
	switch (f) {
	case CONFIG_BIND_FOR:
		ok = name_ok(v, vlen);
		if (ok)
			fmt(b->signed_for, sizeof b->signed_for, "%.*s",
			    (int)vlen, v);
		break;
	case CONFIG_BIND_NOT_AFTER:
		ok = wall_time_parse_utc(v, vlen, &b->not_after_s) == 0;
		break;
	case CONFIG_BIND_SERIAL:
		ok = parse_serial(v, vlen, &b->serial) == 0;
		break;
	default:
		return;
	}
	if (!ok)
		problem(b, "its %s is not %s", name,
			f == CONFIG_BIND_FOR ? "baremem.cfg or a MAC in "
					       "lower-case hex"
			: f == CONFIG_BIND_NOT_AFTER ? "a UTC time "
						       "YYYY-MM-DDTHH:MM:SSZ"
						     : "a whole number below "
						       "2^64");
}

int config_binding_check(const struct config_binding *b, const char *fetched,
			 const struct wall_time *now, const uint64_t *highest,
			 char *why, size_t cap)
{
	char at[24], clock[24];
	int64_t now_s;

	if (b->problem[0]) {
		fmt(why, cap, "%s", b->problem);
		return -1;
	}
	for (int f = 0; f < CONFIG_BIND_COUNT; f++) {
		if (b->given & (1u << f))
			continue;
		fmt(why, cap, "it names no %s (sign it with scripts/sign-config "
		    "--for NAME --days N --serial N)", field_names[f]);
		return -1;
	}
	if (!str_eq(b->signed_for, fetched)) {
		fmt(why, cap, "it was signed for %s, not for %s", b->signed_for,
		    fetched);
		return -1;
	}
	wall_time_utc_text(at, sizeof at, b->not_after_s);
	if (!now || wall_time_unix_s(now, &now_s)) {
		fmt(why, cap, "the firmware's clock cannot be read, so its "
		    "expiry (%s) cannot be checked", at);
		return -1;
	}
	wall_time_utc_text(clock, sizeof clock, now_s);
	if (now->year < CONFIG_CLOCK_MIN_YEAR) {
		fmt(why, cap, "the firmware's clock reads %s and looks unset: "
		    "its expiry cannot be checked; set the clock (UTC)", clock);
		return -1;
	}
	if (now_s > b->not_after_s) {
		fmt(why, cap, "it expired at %s (the firmware's clock reads %s)",
		    at, clock);
		return -1;
	}
	if (highest && b->serial < *highest) {
		fmt(why, cap, "its serial %llu is below %llu, the highest this "
		    "machine accepted for %s (an old config replayed?)",
		    (unsigned long long)b->serial,
		    (unsigned long long)*highest, fetched);
		return -1;
	}
	return 0;
}

/* Serials accepted. ------------------------------------------------------ */

int config_serials_parse(struct config_serials *s, const char *text,
			 size_t len)
{
	size_t i = 0;

	s->count = 0;
	while (i < len) {
		size_t start = i, sp;
		uint64_t serial;

		while (i < len && text[i] != '\n')
			i++;
		for (sp = start; sp < i && text[sp] != ' '; sp++)
			;
		if (i == len || s->count == CONFIG_SERIALS_MAX ||
		    !name_ok(text + start, sp - start) || sp == i ||
		    parse_serial(text + sp + 1, i - sp - 1, &serial)) {
			s->count = 0;
			return -1;
		}
		fmt(s->e[s->count].name, CONFIG_NAME_MAX, "%.*s",
		    (int)(sp - start), text + start);
		s->e[s->count++].serial = serial;
		i++;
	}
	return 0;
}

const uint64_t *config_serials_get(const struct config_serials *s,
				   const char *name)
{
	for (int k = 0; k < s->count; k++)
		if (str_eq(s->e[k].name, name))
			return &s->e[k].serial;
	return 0;
}

int config_serials_raise(struct config_serials *s, const char *name,
			 uint64_t serial)
{
	int k;

	for (k = 0; k < s->count && !str_eq(s->e[k].name, name); k++)
		;
	if (k < s->count) {
		if (s->e[k].serial >= serial)
			return 0;
		s->e[k].serial = serial;
		return 1;
	}
	if (s->count == CONFIG_SERIALS_MAX) {
		for (k = 1; k < s->count; k++)
			s->e[k - 1] = s->e[k];
		s->count--;
	}
	str_copy(s->e[s->count].name, CONFIG_NAME_MAX, name);
	s->e[s->count++].serial = serial;
	return 1;
}

size_t config_serials_text(const struct config_serials *s, char *out,
			   size_t cap)
{
	size_t n = 0;

	if (cap)
		out[0] = 0;
	for (int k = 0; k < s->count && n < cap; k++)
		n += fmt(out + n, cap - n, "%s %llu\n", s->e[k].name,
			 (unsigned long long)s->e[k].serial);
	return n < cap ? n : cap - 1;
}
