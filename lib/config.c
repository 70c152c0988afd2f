/* The configuration parser: `key = value` lines from the config file and
 * `key=value` words from the command line, validated key by key. */
#include "config.h"

#include "fmt.h"

#define LINE_MAX_BYTES 1000
#define VALUE_MAX 512

static const char *const key_names[BM_KEY_COUNT] = {
	"profile", "tests", "cpus", "sizes", "page",
	"repeat", "seed", "after", "var", "timer",
};
static const char *const profile_names[] = { "quick", "standard", "full" };
static const char *const after_names[] = { "wait", "shutdown", "reboot",
					   "exit" };
static const char *const timer_names[] = { "auto", "cpuid", "pmtimer",
					   "hpet", "stall" };
static const char *const test_names[] = { "latency", "bandwidth" };

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

void config_defaults(struct bm_config *c)
{
	*c = (struct bm_config){
		.profile = BM_PROFILE_STANDARD,
		.tests = BM_TEST_ALL,
		.cpus_mode = BM_CPUS_ALL,
		.page_bytes = 1ull << 30,
		.seed = BM_DEFAULT_SEED,
		.after = BM_AFTER_WAIT,
		.var = 1,
		.timer = BM_TIMER_AUTO,
	};
}

const char *config_key_name(enum bm_key k)
{
	return (int)k >= 0 && k < BM_KEY_COUNT ? key_names[k] : 0;
}

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
}

/* Case-insensitive: does s[0..len) equal word? */
static int word_is(const char *s, size_t len, const char *word)
{
	size_t i = 0;
	for (; i < len && word[i]; i++)
		if (lower(s[i]) != word[i])
			return 0;
	return i == len && word[i] == 0;
}

static int pick(const char *s, size_t len, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (word_is(s, len, names[i]))
			return i;
	return -1;
}

static void list_names(char *buf, size_t cap, const char *const *names, int n)
{
	size_t len = 0;
	buf[0] = 0;
	for (int i = 0; i < n; i++)
		len += fmt(buf + len, len < cap ? cap - len : 0, "%s%s",
			   i ? ", " : "", names[i]);
}

static int parse_u64(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0;
	size_t i = 0;
	unsigned base = 10;

	if (len > 2 && s[0] == '0' && lower(s[1]) == 'x') {
		base = 16;
		i = 2;
	}
	if (i == len)
		return -1;
	for (; i < len; i++) {
		char c = lower(s[i]);
		unsigned d;
		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (base == 16 && c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else
			return -1;
		if (v > (~0ull - d) / base)
			return -1;
		v = v * base + d;
	}
	*out = v;
	return 0;
}

/* The context of one line, for messages. */
struct where {
	const char *source;
	int line;		/* 0: command line */
	struct msgs *errs, *warns;
	int errors;
};

static void err(struct where *w, const char *what, const char *v,
		size_t vlen, const char *valid)
{
	char val[48];
	size_t n = vlen < sizeof val - 4 ? vlen : sizeof val - 4;

	for (size_t i = 0; i < n; i++)
		val[i] = (v[i] >= 0x20 && v[i] < 0x7f) ? v[i] : '?';
	if (vlen > n)
		val[n++] = '.', val[n++] = '.', val[n++] = '.';
	val[n] = 0;
	if (w->line)
		msgs_add(w->errs, "%s line %d: %s '%s' is not valid (valid: %s)",
			 w->source, w->line, what, val, valid);
	else
		msgs_add(w->errs, "%s: %s '%s' is not valid (valid: %s)",
			 w->source, what, val, valid);
	w->errors++;
}

static int set_size_list(struct bm_config *c, const char *v, size_t len)
{
	uint64_t sizes[BM_MAX_SIZES];
	int n = 0;
	size_t i = 0;

	while (i <= len) {
		size_t j = i;
		uint64_t s;
		while (j < len && v[j] != ',')
			j++;
		if (n == BM_MAX_SIZES || parse_size(v + i, j - i, &s) ||
		    s < BM_SIZE_MIN_BYTES || s > BM_SIZE_MAX_BYTES || s % 64)
			return -1;
		/* Insert sorted, without duplicates. */
		int k = n;
		while (k > 0 && sizes[k - 1] > s)
			k--;
		if (!(k > 0 && sizes[k - 1] == s)) {
			for (int m = n; m > k; m--)
				sizes[m] = sizes[m - 1];
			sizes[k] = s;
			n++;
		}
		i = j + 1;
	}
	c->sizes_is_range = 0;
	c->size_count = n;
	for (int k = 0; k < n; k++)
		c->sizes[k] = sizes[k];
	return 0;
}

static int set_sizes(struct bm_config *c, const char *v, size_t len)
{
	for (size_t i = 0; i + 1 < len; i++) {
		uint64_t lo, hi;
		if (v[i] != '.' || v[i + 1] != '.')
			continue;
		if (parse_size(v, i, &lo) || parse_size(v + i + 2, len - i - 2, &hi) ||
		    lo < BM_SIZE_MIN_BYTES || hi > BM_SIZE_MAX_BYTES ||
		    lo > hi || lo % 64 || hi % 64)
			return -1;
		c->sizes_is_range = 1;
		c->size_min = lo;
		c->size_max = hi;
		return 0;
	}
	return set_size_list(c, v, len);
}

static int set_cpus(struct bm_config *c, const char *v, size_t len)
{
	uint64_t set[BM_MAX_CPUS / 64] = { 0 };
	size_t i = 0;

	if (word_is(v, len, "all")) {
		c->cpus_mode = BM_CPUS_ALL;
		return 0;
	}
	if (word_is(v, len, "bsp")) {
		c->cpus_mode = BM_CPUS_BSP;
		return 0;
	}
	while (i <= len) {
		size_t j = i, dash = 0;
		uint64_t lo, hi;
		while (j < len && v[j] != ',') {
			if (v[j] == '-' && !dash)
				dash = j;
			j++;
		}
		if (dash) {
			if (parse_u64(v + i, dash - i, &lo) ||
			    parse_u64(v + dash + 1, j - dash - 1, &hi))
				return -1;
		} else {
			if (parse_u64(v + i, j - i, &lo))
				return -1;
			hi = lo;
		}
		if (lo > hi || hi >= BM_MAX_CPUS)
			return -1;
		for (uint64_t k = lo; k <= hi; k++)
			set[k / 64] |= 1ull << (k % 64);
		i = j + 1;
	}
	c->cpus_mode = BM_CPUS_LIST;
	for (int k = 0; k < BM_MAX_CPUS / 64; k++)
		c->cpu_set[k] = set[k];
	return 0;
}

static int set_tests(struct bm_config *c, const char *v, size_t len)
{
	unsigned tests = 0;
	size_t i = 0;

	while (i <= len) {
		size_t j = i;
		int t;
		while (j < len && v[j] != ',')
			j++;
		t = pick(v + i, j - i, test_names, COUNT(test_names));
		if (t < 0)
			return -1;
		tests |= 1u << t;
		i = j + 1;
	}
	c->tests = tests;
	return 0;
}

/* Applies one key = value; value has no surrounding spaces. */
static void apply(struct bm_config *c, struct where *w, int *seen_line,
		  const char *k, size_t klen, const char *v, size_t vlen)
{
	char valid[200];
	int key = pick(k, klen, key_names, BM_KEY_COUNT), i;
	uint64_t u;

	if (key < 0) {
		char name[40];
		size_t n = klen < sizeof name - 1 ? klen : sizeof name - 1;
		for (size_t m = 0; m < n; m++)
			name[m] = (k[m] >= 0x20 && k[m] < 0x7f) ? k[m] : '?';
		name[n] = 0;
		list_names(valid, sizeof valid, key_names, BM_KEY_COUNT);
		if (w->line)
			msgs_add(w->errs, "%s line %d: unknown key '%s' (valid: "
				 "%s)", w->source, w->line, name, valid);
		else
			msgs_add(w->errs, "%s: unknown key '%s' (valid: %s)",
				 w->source, name, valid);
		w->errors++;
		return;
	}
	if (seen_line[key]) {
		if (w->line)
			msgs_add(w->warns, "%s line %d: %s set again (line %d's "
				 "value is replaced)", w->source, w->line,
				 key_names[key], seen_line[key]);
		else
			msgs_add(w->warns, "%s: %s given twice (the last one "
				 "counts)", w->source, key_names[key]);
	}
	seen_line[key] = w->line ? w->line : -1;
	c->set_mask |= 1u << key;

	switch (key) {
	case BM_KEY_PROFILE:
		if ((i = pick(v, vlen, profile_names, COUNT(profile_names))) < 0)
			goto bad_choice;
		c->profile = (enum bm_profile)i;
		return;
	case BM_KEY_AFTER:
		if ((i = pick(v, vlen, after_names, COUNT(after_names))) < 0)
			goto bad_choice;
		c->after = (enum bm_after)i;
		return;
	case BM_KEY_TIMER:
		if ((i = pick(v, vlen, timer_names, COUNT(timer_names))) < 0)
			goto bad_choice;
		c->timer = (enum bm_timer)i;
		return;
	case BM_KEY_VAR:
		if (word_is(v, vlen, "on"))
			c->var = 1;
		else if (word_is(v, vlen, "off"))
			c->var = 0;
		else {
			c->bad_mask |= 1u << key;
			err(w, "var", v, vlen, "on, off");
		}
		return;
	case BM_KEY_TESTS:
		if (set_tests(c, v, vlen)) {
			c->bad_mask |= 1u << key;
			err(w, "tests", v, vlen,
			    "a comma list of latency, bandwidth");
		}
		return;
	case BM_KEY_CPUS:
		if (set_cpus(c, v, vlen)) {
			c->bad_mask |= 1u << key;
			err(w, "cpus", v, vlen, "all, bsp, or a list of cpu "
			    "numbers and ranges below 1024 like 0,2,8-11");
		}
		return;
	case BM_KEY_SIZES:
		if (set_sizes(c, v, vlen)) {
			c->bad_mask |= 1u << key;
			err(w, "sizes", v, vlen, "MIN..MAX or a list like "
			    "16K,256K,8M,1G; each 1K..1T and a multiple of 64 "
			    "bytes; at most 64 sizes");
		} else {
			c->sizes_set = 1;
		}
		return;
	case BM_KEY_PAGE:
		if (word_is(v, vlen, "1g"))
			c->page_bytes = 1ull << 30;
		else if (word_is(v, vlen, "2m"))
			c->page_bytes = 2ull << 20;
		else if (word_is(v, vlen, "4k"))
			c->page_bytes = 4096;
		else {
			c->bad_mask |= 1u << key;
			err(w, "page", v, vlen, "1G, 2M, 4K");
		}
		return;
	case BM_KEY_REPEAT:
		if (parse_u64(v, vlen, &u) || u < 1 || u > 1000) {
			c->bad_mask |= 1u << key;
			err(w, "repeat", v, vlen, "a whole number from 1 to 1000");
		} else {
			c->repeat = (int)u;
		}
		return;
	case BM_KEY_SEED:
		if (parse_u64(v, vlen, &u)) {
			c->bad_mask |= 1u << key;
			err(w, "seed", v, vlen, "a number, decimal or 0x hex, "
			    "below 2^64");
		} else {
			c->seed = u;
		}
		return;
	}
	return;
bad_choice:
	c->bad_mask |= 1u << key;
	list_names(valid, sizeof valid,
		   key == BM_KEY_PROFILE ? profile_names
		   : key == BM_KEY_AFTER ? after_names : timer_names,
		   key == BM_KEY_PROFILE ? COUNT(profile_names)
		   : key == BM_KEY_AFTER ? COUNT(after_names)
					 : COUNT(timer_names));
	err(w, key_names[key], v, vlen, valid);
}

static int is_space(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* One line (no line ending). Comments, blanks, and `key = value`. */
static void parse_line(struct bm_config *c, struct where *w, int *seen,
		       const char *s, size_t len)
{
	size_t i, eq, ks, ke, vs, ve;

	for (i = 0; i < len; i++) {
		if (s[i] == '#') {
			len = i;
			break;
		}
	}
	for (i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)s[i];
		if ((ch < 0x20 && ch != '\t') || ch == 0x7f) {
			msgs_add(w->errs, "%s line %d: control character "
				 "(byte 0x%02x) in the line", w->source,
				 w->line, ch);
			w->errors++;
			return;
		}
	}
	ks = 0;
	while (ks < len && is_space(s[ks]))
		ks++;
	ve = len;
	while (ve > ks && is_space(s[ve - 1]))
		ve--;
	if (ks == ve)
		return;
	for (eq = ks; eq < ve && s[eq] != '='; eq++)
		;
	ke = eq;
	while (ke > ks && is_space(s[ke - 1]))
		ke--;
	vs = eq + 1;
	while (vs < ve && is_space(s[vs]))
		vs++;
	if (eq == ve || ke == ks || vs >= ve) {
		if (w->line)
			msgs_add(w->errs, "%s line %d: expected 'key = value'",
				 w->source, w->line);
		else
			msgs_add(w->errs, "%s: expected key=value", w->source);
		w->errors++;
		return;
	}
	if (ve - vs > VALUE_MAX) {
		msgs_add(w->errs, "%s line %d: value too long", w->source,
			 w->line);
		w->errors++;
		return;
	}
	apply(c, w, seen, s + ks, ke - ks, s + vs, ve - vs);
}

int config_parse(struct bm_config *c, const char *text, size_t len,
		 const char *source, struct msgs *errs, struct msgs *warns)
{
	struct where w = { source, 0, errs, warns, 0 };
	int seen[BM_KEY_COUNT] = { 0 };
	size_t i = 0;

	if (len >= 3 && (unsigned char)text[0] == 0xef &&
	    (unsigned char)text[1] == 0xbb && (unsigned char)text[2] == 0xbf)
		i = 3;
	while (i < len) {
		size_t start = i, end;
		while (i < len && text[i] != '\n' && text[i] != '\r')
			i++;
		end = i;
		if (i < len && text[i] == '\r' && i + 1 < len &&
		    text[i + 1] == '\n')
			i++;
		if (i < len)
			i++;
		w.line++;
		if (end - start > LINE_MAX_BYTES) {
			msgs_add(errs, "%s line %d: line too long (over %d "
				 "bytes)", source, w.line, LINE_MAX_BYTES);
			w.errors++;
			continue;
		}
		parse_line(c, &w, seen, text + start, end - start);
	}
	return w.errors;
}

int config_parse_args(struct bm_config *c, int argc, const char *const *argv,
		      struct msgs *errs, struct msgs *warns)
{
	struct where w = { "command line", 0, errs, warns, 0 };
	int seen[BM_KEY_COUNT] = { 0 };
	char joined[LINE_MAX_BYTES + 1];

	for (int i = 0; i < argc; i++) {
		size_t n = 0;
		/* Join "key", "=", "value" (and "key=", "value" and
		 * "key", "=value") back into one pair. */
		const char *parts[3] = { argv[i], 0, 0 };
		int np = 1;
		size_t l0 = 0;
		while (argv[i][l0])
			l0++;
		if (i + 1 < argc && (argv[i + 1][0] == '=' ||
				     (l0 && argv[i][l0 - 1] == '='))) {
			parts[np++] = argv[++i];
			if (argv[i][0] == '=' && argv[i][1] == 0 && i + 1 < argc)
				parts[np++] = argv[++i];
		}
		for (int p = 0; p < np; p++)
			for (const char *s = parts[p]; *s; s++)
				if (n < LINE_MAX_BYTES)
					joined[n++] = *s;
				else
					break;
		joined[n] = 0;
		if (n >= LINE_MAX_BYTES) {
			msgs_add(errs, "command line: argument too long");
			w.errors++;
			continue;
		}
		parse_line(c, &w, seen, joined, n);
	}
	return w.errors;
}

int config_split_words(char *line, const char **words, int max)
{
	int n = 0;
	char *p = line;

	while (*p && n < max) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		words[n++] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		if (*p)
			*p++ = 0;
	}
	return n;
}

static void cpus_text(const struct bm_config *c, char *buf, size_t cap)
{
	size_t len = 0;
	buf[0] = 0;
	for (int i = 0; i < BM_MAX_CPUS; i++) {
		int j = i;
		if (!config_cpu_selected(c, i))
			continue;
		while (j + 1 < BM_MAX_CPUS && config_cpu_selected(c, j + 1))
			j++;
		if (j > i)
			len += fmt(buf + len, len < cap ? cap - len : 0,
				   "%s%d-%d", len ? "," : "", i, j);
		else
			len += fmt(buf + len, len < cap ? cap - len : 0, "%s%d",
				   len ? "," : "", i);
		i = j;
	}
}

const char *config_value_text(const struct bm_config *c, enum bm_key k,
			      char *buf, size_t cap)
{
	char a[16], b[16];
	size_t len = 0;

	buf[0] = 0;
	switch (k) {
	case BM_KEY_PROFILE:
		return profile_names[c->profile];
	case BM_KEY_TESTS:
		for (int i = 0; i < COUNT(test_names); i++)
			if (c->tests & (1u << i))
				len += fmt(buf + len, len < cap ? cap - len : 0,
					   "%s%s", len ? "," : "", test_names[i]);
		return buf;
	case BM_KEY_CPUS:
		if (c->cpus_mode == BM_CPUS_ALL)
			return "all";
		if (c->cpus_mode == BM_CPUS_BSP)
			return "bsp";
		cpus_text(c, buf, cap);
		return buf;
	case BM_KEY_SIZES:
		if (!c->sizes_set)
			return "";
		if (c->sizes_is_range) {
			fmt(buf, cap, "%s..%s", fmt_size(a, sizeof a, c->size_min),
			    fmt_size(b, sizeof b, c->size_max));
			return buf;
		}
		for (int i = 0; i < c->size_count; i++)
			len += fmt(buf + len, len < cap ? cap - len : 0, "%s%s",
				   i ? "," : "", fmt_size(a, sizeof a, c->sizes[i]));
		return buf;
	case BM_KEY_PAGE:
		return c->page_bytes >= (1ull << 30) ? "1G"
		       : c->page_bytes >= (2ull << 20) ? "2M" : "4K";
	case BM_KEY_REPEAT:
		if (!c->repeat)
			return "";
		fmt(buf, cap, "%d", c->repeat);
		return buf;
	case BM_KEY_SEED:
		fmt(buf, cap, "0x%llx", (unsigned long long)c->seed);
		return buf;
	case BM_KEY_AFTER:
		return after_names[c->after];
	case BM_KEY_VAR:
		return c->var ? "on" : "off";
	case BM_KEY_TIMER:
		return timer_names[c->timer];
	default:
		return "";
	}
}
