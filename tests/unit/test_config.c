/* The config parser: a full good file, every key's bad values (the old
 * value kept, the message naming the choices), the exact message texts,
 * odd files (empty, comments only, CRLF, CR, BOM, UTF-16, tabs, NUL bytes,
 * 5000-character lines, trailing blanks, binary garbage), duplicates, the command-line word forms, word
 * splitting, and value texts that parse back to the same config. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "config/config.h"
#include "bw.h"
#include "skip_reason.h"

#define K 1024ull
#define M (1024ull * K)
#define G (1024ull * M)
#define ALL_KEYS ((1u << BM_KEY_COUNT) - 1)

struct run {
	struct bm_config c;
	struct msgs errs, warns;
	int ret;
};

/* Parses text (len bytes: NULs allowed) over the defaults. */
static struct run *parse_n(const char *text, size_t len)
{
	struct run *r = calloc(1, sizeof *r);
	assert_non_null(r);
	config_defaults(&r->c);
	r->ret = config_parse(&r->c, text, len, "baremem.cfg", &r->errs,
			      &r->warns);
	/* The count returned is the count added. */
	assert_int_equal(r->ret, r->errs.count + r->errs.dropped);
	return r;
}

static struct run *parse(const char *text)
{
	return parse_n(text, strlen(text));
}

static struct run *args(int argc, const char *const *argv)
{
	struct run *r = calloc(1, sizeof *r);
	assert_non_null(r);
	config_defaults(&r->c);
	r->ret = config_parse_args(&r->c, argc, argv, &r->errs, &r->warns);
	assert_int_equal(r->ret, r->errs.count + r->errs.dropped);
	return r;
}

static void no_messages(const struct run *r)
{
	if (r->errs.count)
		fail_msg("unexpected error: %s", r->errs.text[0]);
	if (r->warns.count)
		fail_msg("unexpected warning: %s", r->warns.text[0]);
}

/* Every value field equal (masks aside). */
static void same_values(const struct bm_config *a, const struct bm_config *b)
{
	assert_int_equal(a->profile, b->profile);
	assert_int_equal(a->tests, b->tests);
	assert_int_equal(a->cpus_mode, b->cpus_mode);
	assert_memory_equal(a->cpu_set, b->cpu_set, sizeof a->cpu_set);
	assert_int_equal(a->sizes_set, b->sizes_set);
	assert_int_equal(a->sizes_is_range, b->sizes_is_range);
	if (a->sizes_is_range) {
		assert_int_equal(a->size_min, b->size_min);
		assert_int_equal(a->size_max, b->size_max);
	} else {
		assert_int_equal(a->size_count, b->size_count);
		assert_memory_equal(a->sizes, b->sizes,
				    (size_t)a->size_count * 8);
	}
	assert_int_equal(a->page_bytes, b->page_bytes);
	assert_int_equal(a->page_count, b->page_count);
	assert_memory_equal(a->pages, b->pages, sizeof a->pages);
	assert_int_equal(a->repeat, b->repeat);
	assert_int_equal(a->seed, b->seed);
	assert_int_equal(a->after, b->after);
	assert_int_equal(a->var, b->var);
	assert_int_equal(a->timer, b->timer);
	assert_int_equal(a->dist, b->dist);
	assert_int_equal(a->prefetch, b->prefetch);
	assert_int_equal(a->upload, b->upload);
	assert_memory_equal(&a->upload_url, &b->upload_url,
			    sizeof a->upload_url);
	assert_int_equal(a->isa_mask, b->isa_mask);
}

static const char *text_of(const struct bm_config *c, enum bm_key k)
{
	static char buf[8][512];
	static int next;
	char *b = buf[next++ % 8];
	return config_value_text(c, k, b, 512);
}

/* page= lists: measured largest first, page_bytes the largest (what the
 * other tests use). */
static void page_lists(void **state)
{
	struct bm_config c;
	static struct msgs e, w;
	(void)state;

	config_defaults(&c);
	assert_int_equal(c.page_count, 1);
	assert_int_equal(c.pages[0], 1 * G);
	assert_int_equal(config_parse(&c, "page=4K,2M\n", 11, "t", &e, &w),
			 0);
	assert_int_equal(c.page_count, 2);
	assert_int_equal(c.pages[0], 2 * M);
	assert_int_equal(c.pages[1], 4096);
	assert_int_equal(c.pages[2], 0);
	assert_int_equal(c.page_bytes, 2 * M);
	assert_int_equal(config_parse(&c, "page=all\n", 9, "t", &e, &w), 0);
	assert_int_equal(c.page_count, 3);
	assert_int_equal(c.pages[0], 1 * G);
	assert_int_equal(c.pages[1], 2 * M);
	assert_int_equal(c.pages[2], 4096);
	/* A bad list changes nothing. */
	assert_int_equal(config_parse(&c, "page=4K,5K\n", 11, "t", &e, &w),
			 1);
	assert_int_equal(c.page_count, 3);
	assert_int_equal(config_parse(&c, "page=4K\n", 8, "t", &e, &w), 0);
	assert_int_equal(c.page_count, 1);
	assert_int_equal(c.pages[0], 4096);
	assert_int_equal(c.pages[1], 0);
	assert_int_equal(c.page_bytes, 4096);
}

static void defaults(void **state)
{
	struct bm_config c;
	(void)state;

	memset(&c, 0x5a, sizeof c);
	config_defaults(&c);
	assert_int_equal(c.profile, BM_PROFILE_STANDARD);
	assert_int_equal(c.tests, BM_TEST_LATENCY | BM_TEST_BANDWIDTH);
	assert_int_equal(c.cpus_mode, BM_CPUS_ALL);
	assert_int_equal(c.sizes_set, 0);
	assert_int_equal(c.page_bytes, 1 * G);
	assert_int_equal(c.repeat, 0);
	assert_int_equal(c.seed, BM_DEFAULT_SEED);
	assert_int_equal(c.after, BM_AFTER_WAIT);
	assert_int_equal(c.var, 1);
	assert_int_equal(c.timer, BM_TIMER_AUTO);
	assert_int_equal(c.set_mask, 0);
	assert_int_equal(c.bad_mask, 0);

	assert_string_equal(text_of(&c, BM_KEY_PROFILE), "standard");
	assert_string_equal(text_of(&c, BM_KEY_TESTS), "latency,bandwidth");
	assert_string_equal(text_of(&c, BM_KEY_CPUS), "all");
	assert_string_equal(text_of(&c, BM_KEY_SIZES), "");
	assert_string_equal(text_of(&c, BM_KEY_PAGE), "1G");
	assert_string_equal(text_of(&c, BM_KEY_REPEAT), "");
	assert_string_equal(text_of(&c, BM_KEY_SEED), "0x62617265");
	assert_string_equal(text_of(&c, BM_KEY_AFTER), "wait");
	assert_string_equal(text_of(&c, BM_KEY_VAR), "on");
	assert_string_equal(text_of(&c, BM_KEY_TIMER), "auto");
	assert_string_equal(text_of(&c, BM_KEY_DIST), "off");
	assert_string_equal(text_of(&c, BM_KEY_PREFETCH), "on");
	assert_string_equal(text_of(&c, BM_KEY_CONSOLE_JSON), "auto");
	assert_int_equal(c.screen, BM_SCREEN_CHART);
	assert_string_equal(text_of(&c, BM_KEY_SCREEN), "chart");
	assert_int_equal(c.isa_mask, 0);
	assert_string_equal(text_of(&c, BM_KEY_ISA), "auto");
}

static void key_names(void **state)
{
	static const char *const names[] = { "profile", "tests", "cpus",
		"sizes", "page", "repeat", "seed", "after", "var", "timer",
		"dist", "prefetch", "console_json", "screen", "upload",
		"isa" };
	(void)state;
	for (int k = 0; k < BM_KEY_COUNT; k++)
		assert_string_equal(config_key_name((enum bm_key)k), names[k]);
	assert_null(config_key_name(BM_KEY_COUNT));
	assert_null(config_key_name((enum bm_key)-1));
}

/* tests=scan: its own bit, named back in the effective value. */
static void tests_scan(void **state)
{
	struct run *r = parse("tests = scan, latency\n");
	char buf[64];
	(void)state;

	no_messages(r);
	assert_int_equal(r->c.tests, BM_TEST_SCAN | BM_TEST_LATENCY);
	assert_string_equal(config_value_text(&r->c, BM_KEY_TESTS, buf,
					      sizeof buf), "latency,scan");
	free(r);
}

static void full_good_file(void **state)
{
	struct run *r = parse(
		"# every key, in mixed case, with comments and blanks\n"
		"\n"
		"Profile = QUICK\n"
		"tests=bandwidth   # only one\n"
		"CPUS = 0,2,8-11\n"
		"sizes = 16K..1G\n"
		"page = 2m\n"
		"repeat = 5\n"
		"seed = 0xDEADbeef\n"
		"after = Shutdown\n"
		"var = OFF\n"
		"timer = pmtimer\n"
		"dist = ON\n"
		"prefetch = Both\n"
		"Console_JSON = on\n"
		"screen = Text\n"
		"upload = HTTP://10.0.0.5:8080/Up/\n"
		"isa = sse2, AVX512\n");
	(void)state;

	no_messages(r);
	assert_int_equal(r->ret, 0);
	assert_int_equal(r->c.profile, BM_PROFILE_QUICK);
	assert_int_equal(r->c.tests, BM_TEST_BANDWIDTH);
	assert_int_equal(r->c.cpus_mode, BM_CPUS_LIST);
	assert_int_equal(r->c.cpu_set[0], 0xf05);	/* 0, 2, 8..11 */
	for (int i = 1; i < BM_MAX_CPUS / 64; i++)
		assert_int_equal(r->c.cpu_set[i], 0);
	assert_true(config_cpu_selected(&r->c, 2));
	assert_false(config_cpu_selected(&r->c, 3));
	assert_int_equal(r->c.sizes_set, 1);
	assert_int_equal(r->c.sizes_is_range, 1);
	assert_int_equal(r->c.size_min, 16 * K);
	assert_int_equal(r->c.size_max, 1 * G);
	assert_int_equal(r->c.page_bytes, 2 * M);
	assert_int_equal(r->c.repeat, 5);
	assert_int_equal(r->c.seed, 0xdeadbeef);
	assert_int_equal(r->c.after, BM_AFTER_SHUTDOWN);
	assert_int_equal(r->c.var, 0);
	assert_int_equal(r->c.timer, BM_TIMER_PMTIMER);
	assert_int_equal(r->c.dist, 1);
	assert_int_equal(r->c.prefetch, BM_PREFETCH_BOTH);
	assert_int_equal(r->c.console_json, BM_CONSOLE_JSON_ON);
	assert_int_equal(r->c.screen, BM_SCREEN_TEXT);
	assert_int_equal(r->c.upload, BM_UPLOAD_HTTP);
	assert_int_equal(r->c.upload_url.port, 8080);
	assert_string_equal(r->c.upload_url.path, "/Up/");
	assert_int_equal(r->c.isa_mask, 1u << BM_ISA_SSE2 | 1u << BM_ISA_AVX512);
	assert_int_equal(r->c.set_mask, ALL_KEYS);
	assert_int_equal(r->c.bad_mask, 0);

	assert_string_equal(text_of(&r->c, BM_KEY_PROFILE), "quick");
	assert_string_equal(text_of(&r->c, BM_KEY_TESTS), "bandwidth");
	assert_string_equal(text_of(&r->c, BM_KEY_CPUS), "0,2,8-11");
	assert_string_equal(text_of(&r->c, BM_KEY_SIZES), "16K..1G");
	assert_string_equal(text_of(&r->c, BM_KEY_PAGE), "2M");
	assert_string_equal(text_of(&r->c, BM_KEY_REPEAT), "5");
	assert_string_equal(text_of(&r->c, BM_KEY_SEED), "0xdeadbeef");
	assert_string_equal(text_of(&r->c, BM_KEY_AFTER), "shutdown");
	assert_string_equal(text_of(&r->c, BM_KEY_VAR), "off");
	assert_string_equal(text_of(&r->c, BM_KEY_TIMER), "pmtimer");
	assert_string_equal(text_of(&r->c, BM_KEY_ISA), "avx512,sse2");
	free(r);
}

/* Every keyword value of every key is accepted. */
static void every_choice(void **state)
{
	static const struct {
		const char *line;
		enum bm_key key;
		const char *text;
	} cases[] = {
		{ "profile=quick", BM_KEY_PROFILE, "quick" },
		{ "profile=standard", BM_KEY_PROFILE, "standard" },
		{ "profile=full", BM_KEY_PROFILE, "full" },
		{ "tests=latency", BM_KEY_TESTS, "latency" },
		{ "tests=bandwidth,latency", BM_KEY_TESTS,
		  "latency,bandwidth" },
		{ "tests=latency, latency", BM_KEY_TESTS, "latency" },
		{ "tests=numa,C2C,loaded", BM_KEY_TESTS, "loaded,c2c,numa" },
		{ "tests=c2c", BM_KEY_TESTS, "c2c" },
		{ "cpus=ALL", BM_KEY_CPUS, "all" },
		{ "cpus=bsp", BM_KEY_CPUS, "bsp" },
		{ "cpus=1023", BM_KEY_CPUS, "1023" },
		{ "cpus=0-1023", BM_KEY_CPUS, "0-1023" },
		{ "cpus=5,3,4", BM_KEY_CPUS, "3-5" },
		{ "cpus=7-7, 1 , 63-64", BM_KEY_CPUS, "1,7,63-64" },
		{ "sizes=1K..1T", BM_KEY_SIZES, "1K..1T" },
		{ "sizes=4K..4K", BM_KEY_SIZES, "4K..4K" },
		{ "sizes=1.5M", BM_KEY_SIZES, "1.5M" },
		{ "sizes=1G, 16K,256K,16K", BM_KEY_SIZES, "16K,256K,1G" },
		{ "sizes=1088", BM_KEY_SIZES, "1088" },
		{ "page=1G", BM_KEY_PAGE, "1G" },
		{ "page=2M", BM_KEY_PAGE, "2M" },
		{ "page=4k", BM_KEY_PAGE, "4K" },
		{ "page=4096", BM_KEY_PAGE, "4K" },
		{ "page=all", BM_KEY_PAGE, "all" },
		{ "page=ALL", BM_KEY_PAGE, "all" },
		{ "page=4K,2M,1G", BM_KEY_PAGE, "all" },
		{ "page=4K, 1G", BM_KEY_PAGE, "1G,4K" },
		{ "page=2M,4096", BM_KEY_PAGE, "2M,4K" },
		{ "repeat=1", BM_KEY_REPEAT, "1" },
		{ "repeat=1000", BM_KEY_REPEAT, "1000" },
		{ "seed=0", BM_KEY_SEED, "0x0" },
		{ "seed=18446744073709551615", BM_KEY_SEED,
		  "0xffffffffffffffff" },
		{ "seed=0XFFFFFFFFFFFFFFFF", BM_KEY_SEED,
		  "0xffffffffffffffff" },
		{ "after=wait", BM_KEY_AFTER, "wait" },
		{ "after=shutdown", BM_KEY_AFTER, "shutdown" },
		{ "after=reboot", BM_KEY_AFTER, "reboot" },
		{ "after=exit", BM_KEY_AFTER, "exit" },
		{ "var=on", BM_KEY_VAR, "on" },
		{ "var=off", BM_KEY_VAR, "off" },
		{ "timer=auto", BM_KEY_TIMER, "auto" },
		{ "timer=cpuid", BM_KEY_TIMER, "cpuid" },
		{ "timer=pmtimer", BM_KEY_TIMER, "pmtimer" },
		{ "timer=hpet", BM_KEY_TIMER, "hpet" },
		{ "timer=stall", BM_KEY_TIMER, "stall" },
		{ "dist=on", BM_KEY_DIST, "on" },
		{ "dist=off", BM_KEY_DIST, "off" },
		{ "prefetch=on", BM_KEY_PREFETCH, "on" },
		{ "prefetch=off", BM_KEY_PREFETCH, "off" },
		{ "prefetch=both", BM_KEY_PREFETCH, "both" },
		{ "console_json=auto", BM_KEY_CONSOLE_JSON, "auto" },
		{ "console_json=on", BM_KEY_CONSOLE_JSON, "on" },
		{ "console_json=off", BM_KEY_CONSOLE_JSON, "off" },
		{ "screen=chart", BM_KEY_SCREEN, "chart" },
		{ "screen=TEXT", BM_KEY_SCREEN, "text" },
		{ "upload=auto", BM_KEY_UPLOAD, "auto" },
		{ "upload=off", BM_KEY_UPLOAD, "off" },
		{ "upload=TFTP", BM_KEY_UPLOAD, "tftp" },
		{ "upload=http://10.0.0.5/up/", BM_KEY_UPLOAD,
		  "http://10.0.0.5/up/" },
		{ "upload=http://10.0.0.5:8080/a/b/", BM_KEY_UPLOAD,
		  "http://10.0.0.5:8080/a/b/" },
		{ "isa=auto", BM_KEY_ISA, "auto" },
		{ "isa=avx512", BM_KEY_ISA, "avx512" },
		{ "isa=avx2", BM_KEY_ISA, "avx2" },
		{ "isa=sse2", BM_KEY_ISA, "sse2" },
		{ "isa=avx2,avx512", BM_KEY_ISA, "avx512,avx2" },
		{ "isa=sse2,avx2,avx512", BM_KEY_ISA, "avx512,avx2,sse2" },
		/* AArch64's words: one config serves both apps of a stick */
		{ "isa=neon", BM_KEY_ISA, "neon" },
		{ "isa=SVE", BM_KEY_ISA, "sve" },
		{ "isa=neon,sve", BM_KEY_ISA, "sve,neon" },
		{ "isa=avx2,neon", BM_KEY_ISA, "neon,avx2" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct run *r = parse(cases[i].line);
		no_messages(r);
		assert_int_equal(r->c.set_mask, 1u << cases[i].key);
		assert_string_equal(text_of(&r->c, cases[i].key),
				    cases[i].text);
		free(r);
	}
}

/* The exact texts the design and the style guide show. */
static void message_texts(void **state)
{
	struct run *r;
	(void)state;

	r = parse("profile = quick\nprofile = fast\n\n  latenzy = 3\n");
	assert_int_equal(r->ret, 2);
	assert_string_equal(r->errs.text[0], "baremem.cfg line 2: profile "
			    "'fast' is not valid (valid: quick, standard, "
			    "full)");
	assert_string_equal(r->errs.text[1], "baremem.cfg line 4: unknown "
			    "key 'latenzy' (valid: profile, tests, cpus, "
			    "sizes, page, repeat, seed, after, var, timer, dist, prefetch, "
			    "console_json, screen, upload, isa)");
	/* the bad value left line 1's */
	assert_int_equal(r->c.profile, BM_PROFILE_QUICK);
	free(r);
}

/* Each key's bad values: one error on line 2 naming the key, the value
 * and the valid choices; the value before it kept; the bad bit set. */
static void bad_values(void **state)
{
	static const struct {
		const char *line;
		enum bm_key key;
		const char *says;	/* part of the message */
	} cases[] = {
		{ "profile = fast", BM_KEY_PROFILE,
		  "(valid: quick, standard, full)" },
		{ "profile = quick standard", BM_KEY_PROFILE, "valid: quick" },
		{ "profile = quick,full", BM_KEY_PROFILE, "valid: quick" },
		{ "tests = latency,,bandwidth", BM_KEY_TESTS, "empty item" },
		{ "tests = ,latency", BM_KEY_TESTS, "empty item" },
		{ "tests = latency,", BM_KEY_TESTS, "empty item" },
		{ "tests = ,", BM_KEY_TESTS, "latency, bandwidth" },
		{ "tests = cache", BM_KEY_TESTS,
		  "latency, bandwidth, loaded, c2c, numa, scan" },
		{ "tests = latency bandwidth", BM_KEY_TESTS, "comma list" },
		{ "cpus = -1", BM_KEY_CPUS, "0,2,8-11" },
		{ "cpus = 1024", BM_KEY_CPUS, "above 1023" },
		{ "cpus = 0-1024", BM_KEY_CPUS, "above 1023" },
		{ "cpus = 99999999999999999999", BM_KEY_CPUS, "all, bsp" },
		{ "cpus = 11-8", BM_KEY_CPUS, "backwards" },
		{ "cpus = 0-", BM_KEY_CPUS, "all, bsp" },
		{ "cpus = 1-2-3", BM_KEY_CPUS, "all, bsp" },
		{ "cpus = 1,,2", BM_KEY_CPUS, "empty item" },
		{ "cpus = 0x10", BM_KEY_CPUS, "all, bsp" },
		{ "cpus = all,1", BM_KEY_CPUS, "all, bsp" },
		{ "cpus = first", BM_KEY_CPUS, "all, bsp" },
		{ "sizes = 0", BM_KEY_SIZES, "below 1K" },
		{ "sizes = 512", BM_KEY_SIZES, "below 1K" },
		{ "sizes = 2T", BM_KEY_SIZES, "above 1T" },
		{ "sizes = 1100", BM_KEY_SIZES, "multiple of 64" },
		{ "sizes = 1.3K", BM_KEY_SIZES, "16K,256K,8M,1G" },
		{ "sizes = 4K..2K", BM_KEY_SIZES, "MIN above MAX" },
		{ "sizes = ..1G", BM_KEY_SIZES, "MIN..MAX" },
		{ "sizes = 4K..", BM_KEY_SIZES, "MIN..MAX" },
		{ "sizes = 4K...1G", BM_KEY_SIZES, "MIN..MAX" },
		{ "sizes = 4K,,8K", BM_KEY_SIZES, "empty item" },
		{ "sizes = 4Q", BM_KEY_SIZES, "MIN..MAX" },
		{ "sizes = big", BM_KEY_SIZES, "MIN..MAX" },
		{ "page = 3M", BM_KEY_PAGE, "(valid: 1G, 2M, 4K, a list" },
		{ "page = 4K,3M", BM_KEY_PAGE, "1G, 2M, 4K" },
		{ "page = 4K,,2M", BM_KEY_PAGE, "empty item" },
		{ "page = 2M,2M", BM_KEY_PAGE, "given twice" },
		{ "page = all,4K", BM_KEY_PAGE, "1G, 2M, 4K" },
		{ "page = ,", BM_KEY_PAGE, "empty item" },
		{ "page = 8K", BM_KEY_PAGE, "1G, 2M, 4K" },
		{ "page = 1T", BM_KEY_PAGE, "1G, 2M, 4K" },
		{ "page = huge", BM_KEY_PAGE, "1G, 2M, 4K" },
		{ "repeat = 0", BM_KEY_REPEAT, "1 to 1000" },
		{ "repeat = 1001", BM_KEY_REPEAT, "1 to 1000" },
		{ "repeat = -1", BM_KEY_REPEAT, "1 to 1000" },
		{ "repeat = 2.5", BM_KEY_REPEAT, "1 to 1000" },
		{ "repeat = 0x10", BM_KEY_REPEAT, "1 to 1000" },
		{ "repeat = many", BM_KEY_REPEAT, "1 to 1000" },
		{ "repeat = 99999999999999999999", BM_KEY_REPEAT, "1 to 1000" },
		{ "seed = -1", BM_KEY_SEED, "decimal or 0x hex" },
		{ "seed = 0x", BM_KEY_SEED, "decimal or 0x hex" },
		{ "seed = 0xg", BM_KEY_SEED, "decimal or 0x hex" },
		{ "seed = 12a", BM_KEY_SEED, "decimal or 0x hex" },
		{ "seed = 18446744073709551616", BM_KEY_SEED, "below 2^64" },
		{ "seed = 0x10000000000000000", BM_KEY_SEED, "below 2^64" },
		{ "after = sleep", BM_KEY_AFTER,
		  "(valid: wait, shutdown, reboot, exit)" },
		{ "var = yes", BM_KEY_VAR, "(valid: on, off)" },
		{ "var = 1", BM_KEY_VAR, "(valid: on, off)" },
		{ "timer = tsc", BM_KEY_TIMER,
		  "(valid: auto, cpuid, pmtimer, hpet, stall)" },
		{ "dist = 1", BM_KEY_DIST, "(valid: on, off)" },
		{ "prefetch = auto", BM_KEY_PREFETCH,
		  "(valid: on, off, both)" },
		{ "console_json = yes", BM_KEY_CONSOLE_JSON,
		  "(valid: auto, on, off)" },
		{ "screen = gop", BM_KEY_SCREEN, "(valid: chart, text)" },
		{ "upload = ftp", BM_KEY_UPLOAD,
		  "(valid: auto, off, tftp, http://IPv4[:port]/path/)" },
		{ "upload = https://10.0.0.5/up/", BM_KEY_UPLOAD,
		  "(https is not supported (no TLS in the app): use http://; "
		  "valid: auto, off, tftp, http://IPv4[:port]/path/)" },
		{ "upload = http://server/up/", BM_KEY_UPLOAD, "no DNS" },
		{ "isa = avx", BM_KEY_ISA,
		  "(valid: auto, or a comma list of avx512, avx2, sse2 (x86) "
		  "or sve, neon (AArch64))" },
		{ "isa = avx512f", BM_KEY_ISA, "or sve, neon (AArch64))" },
		{ "isa = sve2", BM_KEY_ISA, "or sve, neon (AArch64))" },
		{ "isa = sve,SVE", BM_KEY_ISA, "an ISA named twice" },
		{ "isa = auto,avx2", BM_KEY_ISA, "auto stands alone" },
		{ "isa = avx2,AVX2", BM_KEY_ISA, "an ISA named twice" },
		{ "isa = avx2,", BM_KEY_ISA, "empty item" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char text[256], head[64];
		struct run *before, *r;
		const char *key = config_key_name(cases[i].key);

		/* line 1 sets a good, non-default value first */
		snprintf(text, sizeof text, "profile=full\ntests=latency\n"
			 "cpus=3\nsizes=8K\npage=4K\nrepeat=9\nseed=5\n"
			 "after=exit\nvar=off\ntimer=hpet\ndist=on\n"
			 "prefetch=off\nconsole_json=off\nscreen=text\n"
			 "upload=http://1.2.3.4:99/a/\nisa=avx2\n%s\n",
			 cases[i].line);
		before = parse("profile=full\ntests=latency\n"
			       "cpus=3\nsizes=8K\npage=4K\nrepeat=9\nseed=5\n"
			       "after=exit\nvar=off\ntimer=hpet\ndist=on\n"
			       "prefetch=off\nconsole_json=off\nscreen=text\n"
			       "upload=http://1.2.3.4:99/a/\nisa=avx2\n");
		no_messages(before);
		r = parse(text);
		if (r->ret != 1)
			fail_msg("'%s': %d errors", cases[i].line, r->ret);
		snprintf(head, sizeof head, "baremem.cfg line 17: %s '", key);
		if (strncmp(r->errs.text[0], head, strlen(head)) ||
		    !strstr(r->errs.text[0], cases[i].says))
			fail_msg("'%s' gave: %s", cases[i].line,
				 r->errs.text[0]);
		assert_true(strlen(r->errs.text[0]) < MSG_BYTES - 1);
		same_values(&r->c, &before->c);
		assert_int_equal(r->c.bad_mask, 1u << cases[i].key);
		assert_int_equal(r->c.set_mask, ALL_KEYS);
		/* a key given again warns even when its value is bad */
		assert_int_equal(r->warns.count, 1);
		free(before);
		free(r);
	}
}

/* A later good value makes the key good again; a bad one never wins. */
static void bad_then_good(void **state)
{
	struct run *r = parse("after = soon\nafter = reboot\n");
	(void)state;
	assert_int_equal(r->ret, 1);
	assert_int_equal(r->c.after, BM_AFTER_REBOOT);
	assert_int_equal(r->c.bad_mask, 0);
	assert_int_equal(r->c.set_mask, 1u << BM_KEY_AFTER);
	free(r);
}

static void syntax_errors(void **state)
{
	static const struct {
		const char *line, *says;
	} cases[] = {
		{ "profile quick",
		  "line 1: 'profile quick' is not `key = value`" },
		{ "= quick", "line 1: '= quick' has no key before '='" },
		{ "profile =",
		  "line 1: profile has no value (valid: quick, standard, "
		  "full)" },
		{ "profile = # quick", "line 1: profile has no value" },
		{ "  =  ", "no key" },
		{ "pro file = quick", "unknown key 'pro file'" },
		{ "profile: quick", "is not `key = value`" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct run *r = parse(cases[i].line);
		struct bm_config d;
		config_defaults(&d);
		assert_int_equal(r->ret, 1);
		if (!strstr(r->errs.text[0], cases[i].says))
			fail_msg("'%s' gave: %s", cases[i].line,
				 r->errs.text[0]);
		same_values(&r->c, &d);
		free(r);
	}
}

static void empty_and_comment_only(void **state)
{
	static const char *const texts[] = {
		"", "\n", "\n\n\n", "   \t \n\t\n", "# just a comment",
		"# one\n# two\n   # indented\n\t#tabbed\n",
		"#profile = fast\n", "\xef\xbb\xbf", "\r\n\r\n", "\r\r",
	};
	struct bm_config d;
	(void)state;

	config_defaults(&d);
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		struct run *r = parse(texts[i]);
		no_messages(r);
		same_values(&r->c, &d);
		assert_int_equal(r->c.set_mask, 0);
		free(r);
	}
	/* no text at all */
	{
		struct run *r = parse_n(NULL, 0);
		no_messages(r);
		free(r);
	}
}

/* LF, CRLF, CR and a mix: the same settings, and the line numbers in
 * messages count lines the same way. */
static void line_endings(void **state)
{
	static const char *const texts[] = {
		"profile = quick\nseed = 7\nbad = 1\nafter = exit",
		"profile = quick\r\nseed = 7\r\nbad = 1\r\nafter = exit\r\n",
		"profile = quick\rseed = 7\rbad = 1\rafter = exit\r",
		"profile = quick\r\nseed = 7\rbad = 1\nafter = exit\n",
	};
	(void)state;
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		struct run *r = parse(texts[i]);
		assert_int_equal(r->ret, 1);
		assert_non_null(strstr(r->errs.text[0], "baremem.cfg line 3: "
				       "unknown key 'bad'"));
		assert_int_equal(r->c.profile, BM_PROFILE_QUICK);
		assert_int_equal(r->c.seed, 7);
		assert_int_equal(r->c.after, BM_AFTER_EXIT);
		free(r);
	}
	/* "\n\r" is two line ends (LF, then CR): the error is on line 3 */
	{
		struct run *r = parse("seed = 1\n\rx\n");
		assert_non_null(strstr(r->errs.text[0], "line 3:"));
		free(r);
	}
}

static void bom_tabs_and_spaces(void **state)
{
	struct run *r;
	(void)state;

	r = parse("\xef\xbb\xbfprofile = quick\n");
	no_messages(r);
	assert_int_equal(r->c.profile, BM_PROFILE_QUICK);
	free(r);

	r = parse("\tprofile\t=\tfull\t  \n   seed   =   42   \t\n"
		  "cpus = 1 , 2-3\t\n");
	no_messages(r);
	assert_int_equal(r->c.profile, BM_PROFILE_FULL);
	assert_int_equal(r->c.seed, 42);
	assert_int_equal(r->c.cpu_set[0], 0xe);
	free(r);

	/* A BOM anywhere else is not skipped: it is part of a key. */
	r = parse("seed = 1\n\xef\xbb\xbfprofile = quick\n");
	assert_int_equal(r->ret, 1);
	assert_non_null(strstr(r->errs.text[0], "line 2: unknown key "
			       "'???profile'"));
	free(r);
}

static void utf16_file(void **state)
{
	static const char le[] = "\xff\xfep\0r\0o\0f\0i\0l\0e\0=\0q\0\n\0";
	struct run *r = parse_n(le, sizeof le - 1);
	(void)state;
	assert_int_equal(r->ret, 1);	/* one message, not one per line */
	assert_non_null(strstr(r->errs.text[0], "UTF-16"));
	free(r);
}

static void duplicates_warn_and_last_wins(void **state)
{
	struct run *r = parse("profile = quick\nseed = 1\n\nseed = 2\n"
			      "PROFILE = full\n");
	(void)state;
	assert_int_equal(r->ret, 0);
	assert_int_equal(r->warns.count, 2);
	assert_string_equal(r->warns.text[0], "baremem.cfg line 4: seed "
			    "given again (its value replaces line 2's)");
	assert_string_equal(r->warns.text[1], "baremem.cfg line 5: profile "
			    "given again (its value replaces line 1's)");
	assert_int_equal(r->c.seed, 2);
	assert_int_equal(r->c.profile, BM_PROFILE_FULL);
	free(r);
}

/* A NUL or another control byte spoils its line only. */
static void control_bytes(void **state)
{
	static const char text[] = "profile = quick\nseed = 1\0 2\n"
				   "after = exit\n# a \x1b comment\n"
				   "var = o\x7f" "ff\ntimer = hpet\n";
	struct run *r = parse_n(text, sizeof text - 1);
	(void)state;

	assert_int_equal(r->ret, 3);
	assert_string_equal(r->errs.text[0], "baremem.cfg line 2: control "
			    "character 0x00 in the line (is it plain text?)");
	assert_non_null(strstr(r->errs.text[1], "line 4: control character "
			       "0x1b"));
	assert_non_null(strstr(r->errs.text[2], "line 5: control character "
			       "0x7f"));
	assert_int_equal(r->c.profile, BM_PROFILE_QUICK);
	assert_int_equal(r->c.seed, BM_DEFAULT_SEED);
	assert_int_equal(r->c.after, BM_AFTER_EXIT);
	assert_int_equal(r->c.var, 1);
	assert_int_equal(r->c.timer, BM_TIMER_HPET);
	free(r);
}

static void long_lines(void **state)
{
	char *text = malloc(8000), *p = text;
	struct run *r;
	(void)state;

	p += sprintf(p, "profile = quick\nseed = ");
	memset(p, '7', 5000);
	p += 5000;
	p += sprintf(p, "\nafter = exit\n# ");
	memset(p, 'c', 997);		/* exactly 1000 bytes: fine */
	p += 997;
	p += sprintf(p, "\nvar = off");
	r = parse_n(text, (size_t)(p - text));
	assert_int_equal(r->ret, 1);
	assert_string_equal(r->errs.text[0], "baremem.cfg line 2: line too "
			    "long (more than 1000 characters)");
	assert_int_equal(r->c.seed, BM_DEFAULT_SEED);
	assert_int_equal(r->c.after, BM_AFTER_EXIT);	/* parsing went on */
	assert_int_equal(r->c.var, 0);
	free(r);
	free(text);
}

/* Trailing blanks after values, CRLF, tabs and a BOM all at once, as a
 * file saved by a Windows editor: no message, every value taken. */
static void windows_edited_file(void **state)
{
	static const char text[] =
		"\xef\xbb\xbf# edited on Windows\r\n"
		"profile = quick   \r\n"
		"tests\t=\tlatency , bandwidth\t \r\n"
		"sizes = 16K..1G \t\r\n"
		"after = exit    # comment after blanks\r\n"
		"seed = 0x10\t\t\r\n"
		"\t\r\n";
	struct run *r = parse(text);
	(void)state;

	no_messages(r);
	assert_int_equal(r->c.profile, BM_PROFILE_QUICK);
	assert_int_equal(r->c.tests, BM_TEST_LATENCY | BM_TEST_BANDWIDTH);
	assert_int_equal(r->c.size_min, 16 * K);
	assert_int_equal(r->c.size_max, 1 * G);
	assert_int_equal(r->c.after, BM_AFTER_EXIT);
	assert_int_equal(r->c.seed, 16);
	free(r);
}

/* A long last line without a line end is refused like any other long
 * line; one of exactly 1000 bytes is still read. */
static void long_last_line(void **state)
{
	char text[2200];
	struct run *r;
	size_t n;
	(void)state;

	n = (size_t)sprintf(text, "profile = quick\nseed = ");
	memset(text + n, '1', 1500);
	r = parse_n(text, n + 1500);
	assert_int_equal(r->ret, 1);
	assert_string_equal(r->errs.text[0], "baremem.cfg line 2: line too "
			    "long (more than 1000 characters)");
	assert_int_equal(r->c.profile, BM_PROFILE_QUICK);
	assert_int_equal(r->c.seed, BM_DEFAULT_SEED);
	free(r);

	n = (size_t)sprintf(text, "seed = 5");
	memset(text + n, ' ', 1000 - n);	/* trailing blanks to 1000 */
	r = parse_n(text, 1000);
	no_messages(r);
	assert_int_equal(r->c.seed, 5);
	free(r);
}

/* Binary garbage (a file of random bytes, a program saved under the
 * config's name): errors, never a crash, never a value taken from it,
 * every message printable and the count bounded. */
static void binary_garbage(void **state)
{
	static char text[64 * 1024];
	uint64_t x = 0x9e3779b97f4a7c15ull;
	struct bm_config d;
	(void)state;

	config_defaults(&d);
	for (int round = 0; round < 4; round++) {
		struct run *r;
		for (size_t i = 0; i < sizeof text; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			text[i] = (char)(x >> (round * 8));
		}
		if (round == 3)	/* a BOM first: still garbage after it */
			memcpy(text, "\xef\xbb\xbf", 3);
		r = parse_n(text, sizeof text);
		assert_true(r->ret > 0);
		assert_int_equal(r->errs.count, MSGS_MAX);
		assert_true(r->errs.dropped > 0);
		for (int i = 0; i < r->errs.count; i++)
			for (const char *p = r->errs.text[i]; *p; p++)
				assert_true(*p >= 0x20 && *p < 0x7f);
		same_values(&r->c, &d);
		free(r);
	}
}

/* Untrusted bytes come back as '?', long ones cut with "...". */
static void quoted_text_is_safe(void **state)
{
	char text[600];
	struct run *r;
	(void)state;

	r = parse("profile = q\xc3\xbcick\n");
	assert_non_null(strstr(r->errs.text[0], "profile 'q??ick'"));
	free(r);

	memset(text, 0, sizeof text);
	strcpy(text, "sizes = ");
	memset(text + 8, '9', 500);
	r = parse(text);
	assert_int_equal(r->ret, 1);
	assert_non_null(strstr(r->errs.text[0], "9999...' is not valid"));
	assert_true(strlen(r->errs.text[0]) < MSG_BYTES - 1);	/* whole */
	free(r);
}

/* A garbled file cannot flood memory: MSGS_MAX kept, the rest counted. */
static void many_errors(void **state)
{
	char text[2000] = "";
	struct run *r;
	(void)state;
	for (int i = 0; i < 100; i++)
		strcat(text, "x\n");
	r = parse(text);
	assert_int_equal(r->ret, 100);
	assert_int_equal(r->errs.count, MSGS_MAX);
	assert_int_equal(r->errs.dropped, 100 - MSGS_MAX);
	free(r);
}

static void size_lists(void **state)
{
	char text[2000];
	size_t n;
	struct run *r;
	(void)state;

	/* 64 distinct sizes fit (with duplicates among them) */
	n = (size_t)sprintf(text, "sizes = ");
	for (int i = 64; i >= 1; i--)
		n += (size_t)sprintf(text + n, "%dK,%dK,", i, i);
	text[n - 1] = 0;
	r = parse(text);
	no_messages(r);
	assert_int_equal(r->c.size_count, 64);
	for (int i = 0; i < 64; i++)
		assert_int_equal(r->c.sizes[i], (uint64_t)(i + 1) * K);
	free(r);

	/* 65 do not */
	strcat(text, ",65K");
	r = parse(text);
	assert_int_equal(r->ret, 1);
	assert_non_null(strstr(r->errs.text[0], "more than 64 sizes"));
	assert_int_equal(r->c.sizes_set, 0);
	free(r);

	/* a list replaces a range, a range replaces a list */
	r = parse("sizes = 1K..2K\nsizes = 8K, 4K\n");
	assert_int_equal(r->c.sizes_is_range, 0);
	assert_int_equal(r->c.size_count, 2);
	assert_int_equal(r->c.sizes[0], 4 * K);
	assert_string_equal(text_of(&r->c, BM_KEY_SIZES), "4K,8K");
	free(r);
	r = parse("sizes = 8K\nsizes = 2K .. 1.5M\n");
	assert_int_equal(r->c.sizes_is_range, 1);
	assert_string_equal(text_of(&r->c, BM_KEY_SIZES), "2K..1.5M");
	free(r);
}

/* The value texts are config text: fed back, they give the same config. */
static void value_text_round_trip(void **state)
{
	static const char *const files[] = {
		"profile=full\ntests=latency\ncpus=0,2,8-11,100-200,1023\n"
		"sizes=16K,256K,1.5M,1G\npage=4K\nrepeat=17\nseed=99\n"
		"after=reboot\nvar=off\ntimer=stall\n",
		"cpus=bsp\nsizes=3K..1T\npage=2M\nseed=0xffffffffffffffff\n",
		"cpus=0-1023\n",
		"",
	};
	(void)state;
	for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
		struct run *a = parse(files[f]), *b;
		char text[8192];
		size_t n = 0;

		no_messages(a);
		for (int k = 0; k < BM_KEY_COUNT; k++) {
			const char *v = text_of(&a->c, (enum bm_key)k);
			if (*v)
				n += (size_t)snprintf(text + n, sizeof text - n,
					"%s = %s\n",
					config_key_name((enum bm_key)k), v);
		}
		b = parse(text);
		no_messages(b);
		same_values(&a->c, &b->c);
		free(a);
		free(b);
	}
}

/* A small buffer gets a truncated, terminated text. */
static void value_text_truncates(void **state)
{
	struct run *r = parse("cpus = 0,2,4,6,8,10,12\n");
	char b[6];
	(void)state;
	memset(b, 'x', sizeof b);
	assert_string_equal(config_value_text(&r->c, BM_KEY_CPUS, b, 6),
			    "0,2,4");
	assert_string_equal(config_value_text(&r->c, BM_KEY_PROFILE, b, 3),
			    "st");
	assert_string_equal(config_value_text(&r->c, BM_KEY_PROFILE, b, 0),
			    "");
	free(r);
}

static void args_forms(void **state)
{
	static const char *const a1[] = { "profile=quick", "seed=0x10" };
	static const char *const a2[] = { "profile", "=", "quick" };
	static const char *const a3[] = { "profile=", "quick", "repeat",
					  "=3", "SEED", "=", "9" };
	static const char *const a4[] = { "after=exit", "var", "=", "off",
					  "timer=hpet" };
	struct run *r;
	(void)state;

	r = args(2, a1);
	no_messages(r);
	assert_int_equal(r->c.profile, BM_PROFILE_QUICK);
	assert_int_equal(r->c.seed, 16);
	free(r);

	r = args(3, a2);
	no_messages(r);
	assert_int_equal(r->c.profile, BM_PROFILE_QUICK);
	assert_int_equal(r->c.set_mask, 1u << BM_KEY_PROFILE);
	free(r);

	r = args(7, a3);
	no_messages(r);
	assert_int_equal(r->c.profile, BM_PROFILE_QUICK);
	assert_int_equal(r->c.repeat, 3);
	assert_int_equal(r->c.seed, 9);
	free(r);

	r = args(5, a4);
	no_messages(r);
	assert_int_equal(r->c.after, BM_AFTER_EXIT);
	assert_int_equal(r->c.var, 0);
	assert_int_equal(r->c.timer, BM_TIMER_HPET);
	free(r);

	r = args(0, NULL);
	no_messages(r);
	free(r);
}

/* The release build (this one) knows no test hooks: test_hook is an
 * unknown key like any other, from the file and the command line. */
static void test_hook_unknown_in_release(void **state)
{
	static const char *const argv[] = { "test_hook=ap-spin" };
	struct run *r = parse("test_hook = ap-spin\n");
	(void)state;
	assert_int_equal(r->ret, 1);
	assert_non_null(strstr(r->errs.text[0], "line 1: unknown key "
			       "'test_hook' (valid: profile,"));
	assert_int_equal(r->c.test_hook, TEST_HOOK_NONE);
	free(r);
	r = args(1, argv);
	assert_int_equal(r->ret, 1);
	assert_non_null(strstr(r->errs.text[0], "command line: unknown key "
			       "'test_hook'"));
	free(r);
}

static void args_errors(void **state)
{
	static const char *const bad_key[] = { "latenzy=3" };
	static const char *const bad_value[] = { "profile=fast" };
	static const char *const lone[] = { "profile" };
	static const char *const no_value[] = { "seed=", "profile=quick" };
	static const char *const dup[] = { "seed=1", "profile=full",
					   "seed=2" };
	static const char *const eq_alone[] = { "=", "quick" };
	struct run *r;
	(void)state;

	r = args(1, bad_key);
	assert_int_equal(r->ret, 1);
	assert_string_equal(r->errs.text[0], "command line: unknown key "
			    "'latenzy' (valid: profile, tests, cpus, sizes, "
			    "page, repeat, seed, after, var, timer, dist, prefetch, "
			    "console_json, screen, upload, isa)");
	free(r);

	r = args(1, bad_value);
	assert_string_equal(r->errs.text[0], "command line: profile 'fast' "
			    "is not valid (valid: quick, standard, full)");
	assert_int_equal(r->c.profile, BM_PROFILE_STANDARD);
	free(r);

	r = args(1, lone);
	assert_string_equal(r->errs.text[0], "command line: 'profile' is not "
			    "key=value");
	free(r);

	/* "seed=" does not swallow the next pair */
	r = args(2, no_value);
	assert_int_equal(r->ret, 1);
	assert_string_equal(r->errs.text[0], "command line: seed has no value "
			    "(valid: a number below 2^64, decimal or 0x hex)");
	assert_int_equal(r->c.profile, BM_PROFILE_QUICK);
	free(r);

	r = args(3, dup);
	assert_int_equal(r->ret, 0);
	assert_int_equal(r->warns.count, 1);
	assert_string_equal(r->warns.text[0], "command line: seed given twice "
			    "(argument 3's value replaces argument 1's)");
	assert_int_equal(r->c.seed, 2);
	free(r);

	/* "=" "quick" is one pair with no key, one error */
	r = args(2, eq_alone);
	assert_int_equal(r->ret, 1);
	assert_string_equal(r->errs.text[0], "command line: '=quick' has no "
			    "key before '='");
	free(r);

	/* 5000 characters in one word */
	{
		char *w = malloc(5010);
		const char *one[1] = { w };
		strcpy(w, "seed=");
		memset(w + 5, '1', 5000);
		w[5005] = 0;
		r = args(1, one);
		assert_int_equal(r->ret, 1);
		assert_non_null(strstr(r->errs.text[0], "line too long"));
		free(r);
		free(w);
	}
}

/* The command line goes over the file's values, without duplicate
 * warnings between the two sources. */
static void args_override_file(void **state)
{
	static const char *const argv[] = { "profile=quick", "after=reboot" };
	struct run *r = parse("profile = full\nafter = exit\nseed = 3\n");
	(void)state;

	r->ret = config_parse_args(&r->c, 2, argv, &r->errs, &r->warns);
	no_messages(r);
	assert_int_equal(r->c.profile, BM_PROFILE_QUICK);
	assert_int_equal(r->c.after, BM_AFTER_REBOOT);
	assert_int_equal(r->c.seed, 3);
	free(r);
}

static void split_words(void **state)
{
	char line[] = "  profile=quick \t seed = 5\tafter=exit  ";
	char empty[] = "", blanks[] = " \t ";
	const char *w[8];
	(void)state;

	assert_int_equal(config_split_words(line, w, 8), 5);
	assert_string_equal(w[0], "profile=quick");
	assert_string_equal(w[1], "seed");
	assert_string_equal(w[2], "=");
	assert_string_equal(w[3], "5");
	assert_string_equal(w[4], "after=exit");
	assert_int_equal(config_split_words(empty, w, 8), 0);
	assert_int_equal(config_split_words(blanks, w, 8), 0);
	{
		char l2[] = "a b c d";
		assert_int_equal(config_split_words(l2, w, 2), 2);
		assert_string_equal(w[0], "a");
		assert_string_equal(w[1], "b");
	}
	/* split words feed config_parse_args */
	{
		char l3[] = "profile = full  repeat=4";
		int n = config_split_words(l3, w, 8);
		struct run *r = args(n, w);
		no_messages(r);
		assert_int_equal(r->c.profile, BM_PROFILE_FULL);
		assert_int_equal(r->c.repeat, 4);
		free(r);
	}
}

/* The config the image ships (config/baremem.cfg, read from the repo
 * root where `make test` runs) parses clean and states the defaults. */
static void shipped_config_is_clean(void **state)
{
	FILE *f = fopen("config/baremem.cfg", "rb");
	static char text[65536];
	struct bm_config d;
	struct run *r;
	size_t n;
	(void)state;

	if (!f)		/* not run from the repo root */
		skip_because("no-file", "config/baremem.cfg (run from the "
			     "repo root)");
	n = fread(text, 1, sizeof text, f);
	fclose(f);
	assert_true(n > 0 && n < sizeof text);
	r = parse_n(text, n);
	no_messages(r);
	config_defaults(&d);
	same_values(&r->c, &d);
	free(r);
	/* docs/design.md §2: every key present (set, or shown commented out). */
	text[n] = 0;
	for (int k = 0; k < BM_KEY_COUNT; k++) {
		const char *name = config_key_name((enum bm_key)k);
		char set[64], shown[64];

		snprintf(set, sizeof set, "\n%s = ", name);
		snprintf(shown, sizeof shown, "\n# %s = ", name);
		if (!strstr(text, set) && !strstr(text, shown))
			fail_msg("config/baremem.cfg has no line for key '%s'",
				 name);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(defaults),
		cmocka_unit_test(page_lists),
		cmocka_unit_test(key_names),
		cmocka_unit_test(tests_scan),
		cmocka_unit_test(full_good_file),
		cmocka_unit_test(every_choice),
		cmocka_unit_test(message_texts),
		cmocka_unit_test(bad_values),
		cmocka_unit_test(bad_then_good),
		cmocka_unit_test(syntax_errors),
		cmocka_unit_test(empty_and_comment_only),
		cmocka_unit_test(line_endings),
		cmocka_unit_test(bom_tabs_and_spaces),
		cmocka_unit_test(utf16_file),
		cmocka_unit_test(duplicates_warn_and_last_wins),
		cmocka_unit_test(control_bytes),
		cmocka_unit_test(long_lines),
		cmocka_unit_test(windows_edited_file),
		cmocka_unit_test(long_last_line),
		cmocka_unit_test(binary_garbage),
		cmocka_unit_test(quoted_text_is_safe),
		cmocka_unit_test(many_errors),
		cmocka_unit_test(size_lists),
		cmocka_unit_test(value_text_round_trip),
		cmocka_unit_test(value_text_truncates),
		cmocka_unit_test(args_forms),
		cmocka_unit_test(args_errors),
		cmocka_unit_test(args_override_file),
		cmocka_unit_test(split_words),
		cmocka_unit_test(test_hook_unknown_in_release),
		cmocka_unit_test(shipped_config_is_clean),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
