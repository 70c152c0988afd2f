/* The configuration parser: `key = value` lines from the config file and
 * `key=value` words from the command line (docs/design.md §3), validated key by
 * key, with one message per problem naming the line and the valid
 * choices. The text is untrusted: every byte quoted back is sanitised. */
#include <stdarg.h>

#include "config/config.h"

#include "config/config_binding.h"
#include "util/fmt.h"
#include "util/str.h"
#include "config/test_hooks.h"

/* Longer lines are refused whole rather than cut, so a cut value is never
 * taken for the real one. */
#define LINE_MAX_BYTES 1000
/* Bytes of a bad key or value quoted in a message (MSG_BYTES is 200). */
#define QUOTE_MAX 40

static const char *const key_names[BM_KEY_COUNT] = {
	"profile", "tests", "cpus", "sizes", "page",
	"repeat", "seed", "after", "var", "timer", "dist", "prefetch",
	"console_json",
	"screen",
	"upload",
	"isa",
};
static const char *const profile_names[] = { "quick", "standard", "full" };
static const char *const after_names[] = { "wait", "shutdown", "reboot",
					   "exit" };
static const char *const var_names[] = { "off", "on" };
static const char *const timer_names[] = { "auto", "cpuid", "pmtimer",
					   "hpet", "stall" };
static const char *const prefetch_names[] = { "on", "off", "both" };
static const char *const console_json_names[] = { "auto", "on", "off" };
static const char *const screen_names[] = { "chart", "text" };
static const char *const upload_names[] = { "auto", "off", "tftp" };
/* isa's words: indexed by enum bm_isa_word (config.h), auto apart. */
static const char *const isa_names[BM_ISA_WORDS] = { "sse2", "avx2", "avx512",
						     "neon", "sve" };

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* What each key accepts, as the messages say it. */
static const char *const valid_text[BM_KEY_COUNT] = {
	[BM_KEY_PROFILE] = "quick, standard, full",
	[BM_KEY_TESTS] = 0,	/* valid_of: the registry's words */
	[BM_KEY_CPUS] = "all, bsp, or cpu numbers and ranges below 1024 "
			"like 0,2,8-11",
	[BM_KEY_SIZES] = "MIN..MAX or a list like 16K,256K,8M,1G; 1K..1T, "
			 "multiples of 64",
	[BM_KEY_PAGE] = "1G, 2M, 4K, a list of them, all",
	[BM_KEY_REPEAT] = "a whole number from 1 to 1000",
	[BM_KEY_SEED] = "a number below 2^64, decimal or 0x hex",
	[BM_KEY_AFTER] = "wait, shutdown, reboot, exit",
	[BM_KEY_VAR] = "on, off",
	[BM_KEY_TIMER] = "auto, cpuid, pmtimer, hpet, stall",
	[BM_KEY_DIST] = "on, off",
	[BM_KEY_PREFETCH] = "on, off, both",
	[BM_KEY_CONSOLE_JSON] = "auto, on, off",
	[BM_KEY_SCREEN] = "chart, text",
	[BM_KEY_UPLOAD] = "auto, off, tftp, http://IPv4[:port]/path/",
	[BM_KEY_ISA] = "auto, or a comma list of avx512, avx2, sse2 (x86) "
		       "or sve, neon (AArch64)",
};

/* valid_text[key], or for tests= the registry's words as a list. */
static const char *valid_of(int key, char *buf, size_t cap)
{
	size_t n;

	if (key != BM_KEY_TESTS)
		return valid_text[key];
	n = fmt(buf, cap, "a comma list of");
	for (int i = 0; i < bm_test_word_count; i++)
		n += fmt(buf + n, cap - n, "%s %s", i ? "," : "",
			 bm_test_words[i]);
	return buf;
}

const char *config_isa_word(int word)
{
	return word >= 0 && word < BM_ISA_WORDS ? isa_names[word] : 0;
}

void config_defaults(struct bm_config *c)
{
	*c = (struct bm_config){
		.profile = BM_PROFILE_STANDARD,
		.tests = BM_TEST_ALL,
		.cpus_mode = BM_CPUS_ALL,
		.page_bytes = 1ull << 30,
		.page_count = 1,
		.pages = { 1ull << 30 },
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

/* Text helpers. ---------------------------------------------------------- */

static int is_blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* Narrows s[0..*len) to its part without leading or trailing blanks. */
static const char *trim(const char *s, size_t *len)
{
	while (*len > 0 && is_blank(s[0])) {
		s++;
		(*len)--;
	}
	while (*len > 0 && is_blank(s[*len - 1]))
		(*len)--;
	return s;
}

static int pick(const char *s, size_t len, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (str_ieq(s, len, names[i]))
			return i;
	return -1;
}

/* Untrusted text made safe to show: printable ASCII kept, anything else
 * '?', cut to QUOTE_MAX with "...". */
static const char *quote(char *out, size_t cap, const char *s, size_t len)
{
	size_t n = 0, i;

	for (i = 0; i < len && n < QUOTE_MAX && n + 1 < cap; i++)
		out[n++] = s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?';
	if (i < len && n + 4 <= cap) {
		out[n++] = '.';
		out[n++] = '.';
		out[n++] = '.';
	}
	out[n] = 0;
	return out;
}

static int parse_hex(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0;

	if (len == 0 || len > 16)
		return -1;
	for (size_t i = 0; i < len; i++) {
		char ch = str_lower(s[i]);
		unsigned d;
		if (ch >= '0' && ch <= '9')
			d = (unsigned)(ch - '0');
		else if (ch >= 'a' && ch <= 'f')
			d = (unsigned)(ch - 'a' + 10);
		else
			return -1;
		v = v << 4 | d;
	}
	*out = v;
	return 0;
}

/* The items of a comma list, each without surrounding blanks. */
struct items {
	const char *s, *item;
	size_t len, pos, item_len;
};

/* Moves to the next item; 0 at the end of the list. */
static int next_item(struct items *it)
{
	size_t end = it->pos;

	if (it->pos > it->len)
		return 0;
	while (end < it->len && it->s[end] != ',')
		end++;
	it->item_len = end - it->pos;
	it->item = trim(it->s + it->pos, &it->item_len);
	it->pos = end + 1;
	return 1;
}

/* Values. Each setter changes c only when the whole value is good, and
 * returns 0, or a reason more precise than the valid choices ("" when
 * there is none); reasons are short, for messages fit in MSG_BYTES. ----- */

static const char *set_tests(struct bm_config *c, const char *v, size_t len)
{
	struct items it = { .s = v, .len = len };
	unsigned tests = 0;

	while (next_item(&it)) {
		int t = pick(it.item, it.item_len, bm_test_words,
			     bm_test_word_count);
		if (it.item_len == 0)
			return "empty item";
		if (t < 0)
			return "";
		tests |= 1u << t;
	}
	c->tests = tests;
	return 0;
}

/* isa: auto alone, or a list of ISA names (each once). */
static const char *set_isa(struct bm_config *c, const char *v, size_t len)
{
	struct items it = { .s = v, .len = len };
	unsigned mask = 0;

	if (str_ieq(v, len, "auto")) {
		c->isa_mask = 0;
		return 0;
	}
	while (next_item(&it)) {
		int i = pick(it.item, it.item_len, isa_names, COUNT(isa_names));
		if (it.item_len == 0)
			return "empty item";
		if (str_ieq(it.item, it.item_len, "auto"))
			return "auto stands alone";
		if (i < 0)
			return "";
		if (mask & (1u << i))
			return "an ISA named twice";
		mask |= 1u << i;
	}
	c->isa_mask = mask;
	return 0;
}

static const char *set_cpus(struct bm_config *c, const char *v, size_t len)
{
	struct items it = { .s = v, .len = len };
	uint64_t set[BM_MAX_CPUS / 64] = { 0 };

	if (str_ieq(v, len, "all") || str_ieq(v, len, "bsp")) {
		c->cpus_mode = str_ieq(v, len, "all") ? BM_CPUS_ALL
						       : BM_CPUS_BSP;
		return 0;
	}
	while (next_item(&it)) {
		size_t dash = 0, lo_len, hi_len;
		const char *lo_s, *hi_s;
		uint64_t lo, hi;

		if (it.item_len == 0)
			return "empty item";
		while (dash < it.item_len && it.item[dash] != '-')
			dash++;
		lo_len = dash;
		lo_s = trim(it.item, &lo_len);
		if (dash < it.item_len) {
			hi_len = it.item_len - dash - 1;
			hi_s = trim(it.item + dash + 1, &hi_len);
		} else {
			hi_s = lo_s;
			hi_len = lo_len;
		}
		if (str_decimal(lo_s, lo_len, &lo) ||
		    str_decimal(hi_s, hi_len, &hi))
			return "";
		if (hi >= BM_MAX_CPUS)
			return "cpu above 1023";
		if (lo > hi)
			return "range runs backwards";
		for (uint64_t k = lo; k <= hi; k++)
			set[k / 64] |= 1ull << (k % 64);
	}
	c->cpus_mode = BM_CPUS_LIST;
	for (int k = 0; k < BM_MAX_CPUS / 64; k++)
		c->cpu_set[k] = set[k];
	return 0;
}

static const char *one_size(const char *s, size_t len, uint64_t *out)
{
	if (parse_size(s, len, out))
		return "";
	if (*out < BM_SIZE_MIN_BYTES)
		return "below 1K";
	if (*out > BM_SIZE_MAX_BYTES)
		return "above 1T";
	if (*out % 64)
		return "not a multiple of 64";
	return 0;
}

static const char *set_sizes(struct bm_config *c, const char *v, size_t len)
{
	struct items it = { .s = v, .len = len };
	uint64_t sizes[BM_MAX_SIZES], lo, hi;
	const char *why;
	int n = 0;

	for (size_t i = 0; i + 1 < len; i++) {
		size_t lo_len = i, hi_len = len - i - 2;
		const char *lo_s, *hi_s;

		if (v[i] != '.' || v[i + 1] != '.')
			continue;
		lo_s = trim(v, &lo_len);
		hi_s = trim(v + i + 2, &hi_len);
		if ((why = one_size(lo_s, lo_len, &lo)) ||
		    (why = one_size(hi_s, hi_len, &hi)))
			return why;
		if (lo > hi)
			return "MIN above MAX";
		c->sizes_set = 1;
		c->sizes_is_range = 1;
		c->size_min = lo;
		c->size_max = hi;
		return 0;
	}
	while (next_item(&it)) {
		uint64_t s;
		int k;

		if (it.item_len == 0)
			return "empty item";
		if ((why = one_size(it.item, it.item_len, &s)))
			return why;
		/* Sorted insert; duplicates dropped. */
		for (k = n; k > 0 && sizes[k - 1] > s; k--)
			;
		if (k > 0 && sizes[k - 1] == s)
			continue;
		if (n == BM_MAX_SIZES)
			return "more than 64 sizes";
		for (int m = n; m > k; m--)
			sizes[m] = sizes[m - 1];
		sizes[k] = s;
		n++;
	}
	c->sizes_set = 1;
	c->sizes_is_range = 0;
	c->size_count = n;
	for (int k = 0; k < n; k++)
		c->sizes[k] = sizes[k];
	return 0;
}

/* One page size, a list of them ("4K,2M,1G", any order, each once), or
 * "all": the latency sweep runs once per size, largest first. */
static const char *set_page(struct bm_config *c, const char *v, size_t len)
{
	static const uint64_t sizes[3] = { 1ull << 30, 2ull << 20, 4096 };
	struct items it = { .s = v, .len = len };
	unsigned have = 0;
	uint64_t bytes;

	if (pick(v, len, (const char *const[]){ "all" }, 1) == 0) {
		have = 7;
	} else {
		while (next_item(&it)) {
			int k;
			if (it.item_len == 0)
				return "empty item";
			/* 1G, 2M, 4K, and other spellings (1GiB, 4096). */
			if (parse_size(it.item, it.item_len, &bytes))
				return "";
			for (k = 0; k < 3 && sizes[k] != bytes; k++)
				;
			if (k == 3)
				return "";
			if (have & (1u << k))
				return "a page size given twice";
			have |= 1u << k;
		}
	}
	c->page_count = 0;
	for (int k = 0; k < 3; k++)
		if (have & (1u << k))
			c->pages[c->page_count++] = sizes[k];
	for (int k = c->page_count; k < 3; k++)
		c->pages[k] = 0;
	c->page_bytes = c->pages[0];
	return 0;
}

static const char *set_repeat(struct bm_config *c, const char *v, size_t len)
{
	uint64_t n;

	if (str_decimal(v, len, &n) || n < 1 || n > 1000)
		return "";
	c->repeat = (int)n;
	return 0;
}

static const char *set_seed(struct bm_config *c, const char *v, size_t len)
{
	uint64_t seed;

	if (len > 2 && v[0] == '0' && str_lower(v[1]) == 'x') {
		if (parse_hex(v + 2, len - 2, &seed))
			return "";
	} else if (str_decimal(v, len, &seed)) {
		return "";
	}
	c->seed = seed;
	return 0;
}

/* profile, after, var, timer, dist, prefetch, console_json, screen: one
 * word from a table. */
static const char *set_word(struct bm_config *c, enum bm_key key,
			    const char *v, size_t len)
{
	int i;

	switch (key) {
	case BM_KEY_PROFILE:
		if ((i = pick(v, len, profile_names, COUNT(profile_names))) < 0)
			return "";
		c->profile = (enum bm_profile)i;
		return 0;
	case BM_KEY_AFTER:
		if ((i = pick(v, len, after_names, COUNT(after_names))) < 0)
			return "";
		c->after = (enum bm_after)i;
		return 0;
	case BM_KEY_VAR:
		if ((i = pick(v, len, var_names, COUNT(var_names))) < 0)
			return "";
		c->var = i;
		return 0;
	case BM_KEY_TIMER:
		if ((i = pick(v, len, timer_names, COUNT(timer_names))) < 0)
			return "";
		c->timer = (enum bm_timer)i;
		return 0;
	case BM_KEY_DIST:
		if ((i = pick(v, len, var_names, COUNT(var_names))) < 0)
			return "";
		c->dist = i;
		return 0;
	case BM_KEY_PREFETCH:
		if ((i = pick(v, len, prefetch_names,
			      COUNT(prefetch_names))) < 0)
			return "";
		c->prefetch = (enum bm_prefetch)i;
		return 0;
	case BM_KEY_CONSOLE_JSON:
		if ((i = pick(v, len, console_json_names,
			      COUNT(console_json_names))) < 0)
			return "";
		c->console_json = (enum bm_console_json)i;
		return 0;
	case BM_KEY_SCREEN:
		if ((i = pick(v, len, screen_names, COUNT(screen_names))) < 0)
			return "";
		c->screen = (enum bm_screen)i;
		return 0;
	default:
		return "";
	}
}

/* upload: a word, or an http:// URL checked here, so a bad one is named
 * with its line before anything runs. */
static const char *set_upload(struct bm_config *c, const char *v, size_t len)
{
	int i = pick(v, len, upload_names, COUNT(upload_names));
	struct http_url url;
	const char *why;

	if (i >= 0) {
		c->upload = (enum bm_upload)i;
		return 0;
	}
	if (len < 5 || !str_ieq(v, 4, "http"))
		return "";
	why = url_parse(v, len, &url);
	if (why)
		return why;
	c->upload = BM_UPLOAD_HTTP;
	c->upload_url = url;
	return 0;
}

static const char *set_value(struct bm_config *c, enum bm_key key,
			     const char *v, size_t len)
{
	switch (key) {
	case BM_KEY_TESTS:
		return set_tests(c, v, len);
	case BM_KEY_CPUS:
		return set_cpus(c, v, len);
	case BM_KEY_SIZES:
		return set_sizes(c, v, len);
	case BM_KEY_PAGE:
		return set_page(c, v, len);
	case BM_KEY_REPEAT:
		return set_repeat(c, v, len);
	case BM_KEY_SEED:
		return set_seed(c, v, len);
	case BM_KEY_UPLOAD:
		return set_upload(c, v, len);
	case BM_KEY_ISA:
		return set_isa(c, v, len);
	default:
		return set_word(c, key, v, len);
	}
}

/* Lines. ----------------------------------------------------------------- */

/* One source being parsed: where messages point, and which keys it has
 * given so far (line number, or argument number on the command line). */
struct source {
	const char *name;
	int is_args;
	int line;
	/* A signed network config's: where its binding fields go (0
	 * elsewhere: they are then ignored, with a warning). */
	struct config_binding *binding;
	struct msgs *errs, *warns;
	int errors;
	int seen[BM_KEY_COUNT];
	char where[80];		/* "baremem.cfg line 4", "command line" */
};

static void at_line(struct source *src, int line)
{
	src->line = line;
	if (src->is_args)
		str_copy(src->where, sizeof src->where, "command line");
	else
		fmt(src->where, sizeof src->where, "%s line %d", src->name,
		    line);
}

static void error_at(struct source *src, const char *f, ...)
	__attribute__((format(printf, 2, 3)));

static void error_at(struct source *src, const char *f, ...)
{
	char text[MSG_BYTES];
	va_list ap;

	va_start(ap, f);
	fmt_v(text, sizeof text, f, ap);
	va_end(ap);
	msgs_add(src->errs, "%s: %s", src->where, text);
	src->errors++;
}

#ifdef BAREMEM_TEST_HOOKS
/* test_hook = NAME (test image only): not one of the keys of docs/design.md §3, so it is
 * neither listed as valid nor printed with the configuration. */
static int apply_test_hook(struct bm_config *c, struct source *src,
			   const char *k, size_t klen, const char *v,
			   size_t vlen)
{
	char shown[QUOTE_MAX + 4], valid[160];
	int h;

	if (!str_ieq(k, klen, TEST_HOOK_KEY))
		return 0;
	h = test_hook_parse(v, vlen);
	if (h < 0)
		error_at(src, "%s '%s' is not valid (valid: %s)", TEST_HOOK_KEY,
			 quote(shown, sizeof shown, v, vlen),
			 test_hook_valid_text(valid, sizeof valid));
	else
		c->test_hook = (enum test_hook)h;
	return 1;
}
#endif

static void apply(struct bm_config *c, struct source *src, const char *k,
		  size_t klen, const char *v, size_t vlen)
{
	char shown[QUOTE_MAX + 4], valid[200];
	int key = pick(k, klen, key_names, BM_KEY_COUNT);
	const char *why;

#ifdef BAREMEM_TEST_HOOKS
	if (key < 0 && apply_test_hook(c, src, k, klen, v, vlen))
		return;
#endif
	if (key < 0 && config_binding_field(k, klen) >= 0) {
		int f = config_binding_field(k, klen);

		if (src->binding)
			config_binding_set(src->binding,
					   (enum config_binding_field)f, v,
					   vlen);
		else
			msgs_add(src->warns, "%s: %s is read only in a signed "
				 "network config: ignored", src->where,
				 config_binding_field_name(
					 (enum config_binding_field)f));
		return;
	}
	if (key < 0) {
		size_t n = 0;
		valid[0] = 0;
		for (int i = 0; i < BM_KEY_COUNT; i++)
			n += fmt(valid + n, sizeof valid - n, "%s%s",
				 i ? ", " : "", key_names[i]);
		error_at(src, "unknown key '%s' (valid: %s)",
			 quote(shown, sizeof shown, k, klen), valid);
		return;
	}
	if (vlen == 0) {
		error_at(src, "%s has no value (valid: %s)", key_names[key],
			 valid_of(key, valid, sizeof valid));
		c->set_mask |= 1u << key;
		c->bad_mask |= 1u << key;
		return;
	}
	if (src->seen[key]) {
		if (src->is_args)
			msgs_add(src->warns, "%s: %s given twice (argument "
				 "%d's value replaces argument %d's)",
				 src->where, key_names[key], src->line,
				 src->seen[key]);
		else
			msgs_add(src->warns, "%s: %s given again (its value "
				 "replaces line %d's)", src->where,
				 key_names[key], src->seen[key]);
	}
	src->seen[key] = src->line;
	c->set_mask |= 1u << key;

	why = set_value(c, (enum bm_key)key, v, vlen);
	if (!why) {
		/* The effective value is good again. */
		c->bad_mask &= ~(1u << key);
		return;
	}
	c->bad_mask |= 1u << key;
	error_at(src, "%s '%s' is not valid (%s%svalid: %s)", key_names[key],
		 quote(shown, sizeof shown, v, vlen), why, *why ? "; " : "",
		 valid_of(key, valid, sizeof valid));
}

/* One line without its ending: comment, blank, or `key = value`. */
static void parse_line(struct bm_config *c, struct source *src,
		       const char *s, size_t len)
{
	char shown[QUOTE_MAX + 4];
	size_t eq, klen, vlen;
	const char *k, *v;

	if (len > LINE_MAX_BYTES) {
		error_at(src, "line too long (more than %d characters)",
			 LINE_MAX_BYTES);
		return;
	}
	/* Also in comments: a NUL or an escape byte says the file is not
	 * the plain text it should be (UTF-16 from an editor, a binary). */
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)s[i];
		if ((ch < 0x20 && ch != '\t') || ch == 0x7f) {
			error_at(src, "control character 0x%02x in the line "
				 "(is it plain text?)", ch);
			return;
		}
	}
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '#') {
			len = i;
			break;
		}
	}
	s = trim(s, &len);
	if (len == 0)
		return;
	for (eq = 0; eq < len && s[eq] != '='; eq++)
		;
	if (eq == len) {
		error_at(src, "'%s' is not `key = value`",
			 quote(shown, sizeof shown, s, len));
		return;
	}
	klen = eq;
	k = trim(s, &klen);
	vlen = len - eq - 1;
	v = trim(s + eq + 1, &vlen);
	if (klen == 0) {
		error_at(src, "'%s' has no key before '='",
			 quote(shown, sizeof shown, s, len));
		return;
	}
	apply(c, src, k, klen, v, vlen);
}

int config_parse(struct bm_config *c, const char *text, size_t len,
		 const char *source, struct msgs *errs, struct msgs *warns)
{
	return config_parse_signed(c, text, len, source, 0, errs, warns);
}

int config_parse_signed(struct bm_config *c, const char *text, size_t len,
			const char *source, struct config_binding *binding,
			struct msgs *errs, struct msgs *warns)
{
	struct source src = { .name = source ? source : "config",
			      .binding = binding, .errs = errs,
			      .warns = warns };
	size_t i = 0;
	int line = 0;

	if (!text)
		len = 0;
	/* Notepad's "Unicode": every other byte NUL. One clear message
	 * instead of an error per line. */
	if (len >= 2 && (((unsigned char)text[0] == 0xff &&
			  (unsigned char)text[1] == 0xfe) ||
			 ((unsigned char)text[0] == 0xfe &&
			  (unsigned char)text[1] == 0xff))) {
		msgs_add(errs, "%s: the file is UTF-16 text; save it as plain "
			 "text (ASCII or UTF-8)", src.name);
		return 1;
	}
	if (len >= 3 && (unsigned char)text[0] == 0xef &&
	    (unsigned char)text[1] == 0xbb && (unsigned char)text[2] == 0xbf)
		i = 3;
	while (i < len) {
		size_t start = i;

		while (i < len && text[i] != '\n' && text[i] != '\r')
			i++;
		at_line(&src, ++line);
		parse_line(c, &src, text + start, i - start);
		if (i < len && text[i] == '\r' && i + 1 < len &&
		    text[i + 1] == '\n')
			i++;
		i++;
	}
	return src.errors;
}

/* Command line. ---------------------------------------------------------- */

static int has_eq(const char *w)
{
	for (; *w; w++)
		if (*w == '=')
			return 1;
	return 0;
}

int config_parse_args(struct bm_config *c, int argc, const char *const *argv,
		      struct msgs *errs, struct msgs *warns)
{
	struct source src = { .name = "command line", .is_args = 1,
			      .errs = errs, .warns = warns };
	char pair[LINE_MAX_BYTES + 2];

	for (int i = 0; i < argc; i++) {
		const char *parts[3] = { argv[i], 0, 0 };
		size_t n = 0, wlen;
		int np = 1, arg = i + 1;

		if (!argv[i])
			continue;
		wlen = str_len(argv[i]);
		/* The shell may split a pair at its blanks: "key", "=",
		 * "value"; "key=", "value"; "key", "=value". A following
		 * word with its own '=' is the next pair, not a value. */
		if (!has_eq(argv[i])) {
			if (i + 1 < argc && argv[i + 1] &&
			    argv[i + 1][0] == '=') {
				parts[np++] = argv[++i];
				if (argv[i][1] == 0 && i + 1 < argc &&
				    argv[i + 1] && !has_eq(argv[i + 1]))
					parts[np++] = argv[++i];
			}
		} else if (wlen > 0 && argv[i][wlen - 1] == '=' &&
			   i + 1 < argc && argv[i + 1] &&
			   !has_eq(argv[i + 1])) {
			/* only when this word's one '=' is its last byte */
			size_t first_eq = 0;
			while (argv[i][first_eq] != '=')
				first_eq++;
			if (first_eq == wlen - 1)
				parts[np++] = argv[++i];
		}
		for (int p = 0; p < np; p++)
			for (const char *s = parts[p];
			     *s && n < sizeof pair - 1; s++)
				pair[n++] = *s;
		pair[n] = 0;
		at_line(&src, arg);
		if (!has_eq(pair)) {
			char shown[QUOTE_MAX + 4];
			error_at(&src, "'%s' is not key=value",
				 quote(shown, sizeof shown, pair, n));
			continue;
		}
		parse_line(c, &src, pair, n);
	}
	return src.errors;
}

int config_split_words(char *line, const char **words, int max)
{
	int n = 0;
	char *p = line;

	if (!p)
		return 0;
	while (*p && n < max) {
		while (is_blank(*p))
			p++;
		if (!*p)
			break;
		words[n++] = p;
		while (*p && !is_blank(*p))
			p++;
		if (*p)
			*p++ = 0;
	}
	return n;
}

/* Effective values as config text. --------------------------------------- */

/* Appends to a bounded buffer; what does not fit is dropped. */
struct text {
	char *buf;
	size_t cap, len;
};

static void add(struct text *t, const char *f, ...)
	__attribute__((format(printf, 2, 3)));

static void add(struct text *t, const char *f, ...)
{
	va_list ap;
	size_t n;

	if (t->len + 1 >= t->cap)
		return;
	va_start(ap, f);
	n = fmt_v(t->buf + t->len, t->cap - t->len, f, ap);
	va_end(ap);
	t->len = t->len + n < t->cap ? t->len + n : t->cap - 1;
}

static void cpus_text(const struct bm_config *c, struct text *t)
{
	for (int i = 0; i < BM_MAX_CPUS; i++) {
		int j = i;

		if (!config_cpu_selected(c, i))
			continue;
		while (j + 1 < BM_MAX_CPUS && config_cpu_selected(c, j + 1))
			j++;
		if (j > i)
			add(t, "%s%d-%d", t->len ? "," : "", i, j);
		else
			add(t, "%s%d", t->len ? "," : "", i);
		i = j;
	}
}

static const char *name_of(const char *const *names, int n, int i)
{
	return i >= 0 && i < n ? names[i] : "?";
}

const char *config_value_text(const struct bm_config *c, enum bm_key k,
			      char *buf, size_t cap)
{
	struct text t = { buf, cap, 0 };
	char a[24], b[24];

	if (!buf || cap == 0)
		return "";
	buf[0] = 0;
	switch (k) {
	case BM_KEY_PROFILE:
		add(&t, "%s", name_of(profile_names, COUNT(profile_names),
				      (int)c->profile));
		break;
	case BM_KEY_TESTS:
		for (int i = 0; i < bm_test_word_count; i++)
			if (c->tests & (1u << i))
				add(&t, "%s%s", t.len ? "," : "",
				    bm_test_words[i]);
		break;
	case BM_KEY_CPUS:
		if (c->cpus_mode == BM_CPUS_ALL)
			add(&t, "all");
		else if (c->cpus_mode == BM_CPUS_BSP)
			add(&t, "bsp");
		else
			cpus_text(c, &t);
		break;
	case BM_KEY_SIZES:
		if (!c->sizes_set)
			break;
		if (c->sizes_is_range) {
			add(&t, "%s..%s", fmt_size(a, sizeof a, c->size_min),
			    fmt_size(b, sizeof b, c->size_max));
			break;
		}
		for (int i = 0; i < c->size_count && i < BM_MAX_SIZES; i++)
			add(&t, "%s%s", i ? "," : "",
			    fmt_size(a, sizeof a, c->sizes[i]));
		break;
	case BM_KEY_PAGE:
		if (c->page_count == 3) {
			add(&t, "all");
			break;
		}
		for (int i = 0; i < c->page_count && i < 3; i++)
			add(&t, "%s%s", i ? "," : "",
			    fmt_size(a, sizeof a, c->pages[i]));
		break;
	case BM_KEY_REPEAT:
		if (c->repeat)
			add(&t, "%d", c->repeat);
		break;
	case BM_KEY_SEED:
		add(&t, "0x%llx", (unsigned long long)c->seed);
		break;
	case BM_KEY_AFTER:
		add(&t, "%s", name_of(after_names, COUNT(after_names),
				      (int)c->after));
		break;
	case BM_KEY_VAR:
		add(&t, "%s", c->var ? "on" : "off");
		break;
	case BM_KEY_TIMER:
		add(&t, "%s", name_of(timer_names, COUNT(timer_names),
				      (int)c->timer));
		break;
	case BM_KEY_DIST:
		add(&t, "%s", c->dist ? "on" : "off");
		break;
	case BM_KEY_PREFETCH:
		add(&t, "%s", name_of(prefetch_names, COUNT(prefetch_names),
				      (int)c->prefetch));
		break;
	case BM_KEY_CONSOLE_JSON:
		add(&t, "%s", name_of(console_json_names,
				      COUNT(console_json_names),
				      (int)c->console_json));
		break;
	case BM_KEY_SCREEN:
		add(&t, "%s", name_of(screen_names, COUNT(screen_names),
				      (int)c->screen));
		break;
	case BM_KEY_UPLOAD:
		if (c->upload != BM_UPLOAD_HTTP) {
			add(&t, "%s", name_of(upload_names, COUNT(upload_names),
					      (int)c->upload));
			break;
		}
		add(&t, "http://%u.%u.%u.%u", c->upload_url.ip[0],
		    c->upload_url.ip[1], c->upload_url.ip[2],
		    c->upload_url.ip[3]);
		if (c->upload_url.port != 80)
			add(&t, ":%u", c->upload_url.port);
		add(&t, "%s", c->upload_url.path);
		break;
	case BM_KEY_ISA:
		if (!c->isa_mask)
			add(&t, "auto");
		/* each architecture's widest first */
		for (int i = COUNT(isa_names) - 1; i >= 0; i--)
			if (c->isa_mask & (1u << i))
				add(&t, "%s%s", t.len ? "," : "", isa_names[i]);
		break;
	default:
		break;
	}
	return buf;
}

/* The binding of a signed config (config_binding.h): the parse below it
 * is this file's, so the binding reads through it here. */
void config_binding_read(struct config_binding *b, const char *text,
			 size_t len)
{
	struct bm_config scratch;

	*b = (struct config_binding){ 0 };
	config_defaults(&scratch);
	config_parse_signed(&scratch, text, len, "", b, 0, 0);
}
