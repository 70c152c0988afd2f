/* The run's configuration: keys of docs/design.md §3, parsed from the config file
 * and the command line (one syntax: `key = value`, `#` comments). */
#ifndef BAREMEM_CONFIG_H
#define BAREMEM_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "util/msgs.h"
#include "config/test_hooks.h"
#include "net/url.h"

enum bm_key {
	BM_KEY_PROFILE,
	BM_KEY_TESTS,
	BM_KEY_CPUS,
	BM_KEY_SIZES,
	BM_KEY_PAGE,
	BM_KEY_REPEAT,
	BM_KEY_SEED,
	BM_KEY_AFTER,
	BM_KEY_VAR,
	BM_KEY_TIMER,
	BM_KEY_DIST,
	BM_KEY_PREFETCH,
	BM_KEY_CONSOLE_JSON,
	BM_KEY_SCREEN,
	BM_KEY_UPLOAD,
	BM_KEY_ISA,
	BM_KEY_COUNT
};

enum bm_profile { BM_PROFILE_QUICK, BM_PROFILE_STANDARD, BM_PROFILE_FULL };

/* The tests= words, word i for bit i: the registry of tests' names,
 * defined in lib/registry.c beside its rows (test_registry checks they
 * agree), so a new test adds its word there and nothing here. */
extern const char *const bm_test_words[];
extern const int bm_test_word_count;

/* The bits of the words the suite names (bit i: bm_test_words[i]). */
#define BM_TEST_LATENCY (1u << 0)
#define BM_TEST_BANDWIDTH (1u << 1)
#define BM_TEST_LOADED (1u << 2)
#define BM_TEST_C2C (1u << 3)
#define BM_TEST_NUMA (1u << 4)
#define BM_TEST_SCAN (1u << 5)	/* every usable GiB (lib/suite/scan.c) */
/* The default: the multi-cpu tests (loaded, c2c, numa) take as long again
 * and are asked for by name. */
#define BM_TEST_ALL (BM_TEST_LATENCY | BM_TEST_BANDWIDTH)

enum bm_cpus_mode { BM_CPUS_ALL, BM_CPUS_BSP, BM_CPUS_LIST };
#define BM_MAX_CPUS 1024

enum bm_after {
	BM_AFTER_WAIT,
	BM_AFTER_SHUTDOWN,
	BM_AFTER_REBOOT,
	BM_AFTER_EXIT
};

/* What the screen shows after the run: the charts where the firmware has
 * a graphics output (GOP), or the text console only. */
enum bm_screen { BM_SCREEN_CHART, BM_SCREEN_TEXT };

enum bm_timer {
	BM_TIMER_AUTO,
	BM_TIMER_CPUID,
	BM_TIMER_PMTIMER,
	BM_TIMER_HPET,
	BM_TIMER_STALL
};

/* Hardware prefetchers during latency and bandwidth: left as they are,
 * off (where the vendor documents a control), or both one after the
 * other. */
enum bm_prefetch { BM_PREFETCH_ON, BM_PREFETCH_OFF, BM_PREFETCH_BOTH };

/* The results JSON framed on the console (for serial-over-LAN logs):
 * auto prints it only when no file could be kept or uploaded. */
enum bm_console_json {
	BM_CONSOLE_JSON_AUTO,
	BM_CONSOLE_JSON_ON,
	BM_CONSOLE_JSON_OFF
};
/* Where the results go besides the boot volume (docs/design.md §4c): auto is TFTP
 * to the boot server when booted over the network, nothing otherwise;
 * http PUTs each file under upload_url. Same order as config.c's names. */
enum bm_upload { BM_UPLOAD_AUTO, BM_UPLOAD_OFF, BM_UPLOAD_TFTP,
		 BM_UPLOAD_HTTP };

/* isa's words, as bits of isa_mask: x86-64's in kernels/bw.h's enum
 * bw_isa order (sse2, avx2, avx512), then AArch64's (neon, sve). */
enum bm_isa_word { BM_ISA_SSE2, BM_ISA_AVX2, BM_ISA_AVX512, BM_ISA_NEON,
		   BM_ISA_SVE, BM_ISA_WORDS };
/* The word ("sve"), or 0 outside the enum. */
const char *config_isa_word(int word);

#define BM_MAX_SIZES 64
#define BM_SIZE_MIN_BYTES 1024ull	  /* 16 chase nodes */
#define BM_SIZE_MAX_BYTES (1ull << 40)	  /* 1 TiB */
#define BM_DEFAULT_SEED 0x62617265u	  /* "bare" */

struct bm_config {
	enum bm_profile profile;
	unsigned tests;			/* BM_TEST_* bits */
	enum bm_cpus_mode cpus_mode;
	uint64_t cpu_set[BM_MAX_CPUS / 64]; /* BM_CPUS_LIST: bit per cpu */
	int sizes_set;			/* 0: sizes by profile */
	int sizes_is_range;		/* 1: size_min..size_max */
	uint64_t size_min, size_max;
	int size_count;			/* list: sizes[0..size_count) */
	uint64_t sizes[BM_MAX_SIZES];	/* ascending, unique */
	uint64_t page_bytes;		/* 4096, 2 MiB or 1 GiB: the largest
					 * of pages[], used by every test but
					 * the latency sweep */
	int page_count;			/* 1..3: the latency sweep is run */
	uint64_t pages[3];		/* once per page size, largest first */
	int repeat;			/* 0: by profile, else 1..1000 */
	uint64_t seed;
	enum bm_after after;
	int var;			/* write the EFI variable */
	enum bm_timer timer;
	int dist;			/* latency distributions per size */
	enum bm_prefetch prefetch;
	enum bm_console_json console_json;
	enum bm_screen screen;
	enum bm_upload upload;
	struct http_url upload_url;	/* BM_UPLOAD_HTTP */
	/* isa: 0 for auto (the widest each cpu can run), else bit
	 * (1u << enum bm_isa_word) per ISA asked for, whichever
	 * architecture's it is (one config serves both apps of a stick:
	 * lib/suite/isa_plan.c warns about the other's) */
	unsigned isa_mask;
	enum test_hook test_hook;	/* test image only (lib/config/test_hooks.h) */
	unsigned set_mask;		/* bit (1 << bm_key) per key given */
	unsigned bad_mask;		/* bit per key given a bad value */
};

/* Every key at its default (docs/design.md §3). */
void config_defaults(struct bm_config *c);

/* Parses a config file's text (any line ending: LF, CRLF, CR; a UTF-8
 * BOM is skipped). source names it in messages ("baremem.cfg").
 * Each problem is one message, "<source> line N: ..." naming the valid
 * choices; errors go to errs, warnings (a key given twice: the later one
 * wins) to warns. Keys already set are overridden. Returns the number of
 * errors added. */
int config_parse(struct bm_config *c, const char *text, size_t len,
		 const char *source, struct msgs *errs, struct msgs *warns);

/* config_parse for a network config whose signature verified: its
 * binding fields (signed_for, not_after, serial: lib/config/
 * config_binding.h) go to binding instead of being ignored with a
 * warning, as everywhere else. */
struct config_binding;
int config_parse_signed(struct bm_config *c, const char *text, size_t len,
			const char *source, struct config_binding *binding,
			struct msgs *errs, struct msgs *warns);

/* Parses command-line words: each is `key=value` (spaces around '=' are
 * allowed when the words are split there: "profile", "=", "quick").
 * Messages read "command line: ...". Returns the number of errors. */
int config_parse_args(struct bm_config *c, int argc, const char *const *argv,
		      struct msgs *errs, struct msgs *warns);

/* The binding of a config's text (config_parse_signed into a scratch
 * configuration, its messages dropped: the real parse says them). */
void config_binding_read(struct config_binding *b, const char *text,
			 size_t len);

/* Splits a command line (as one string) into words in place, on spaces
 * and tabs; returns the count (at most max). */
int config_split_words(char *line, const char **words, int max);

/* The key's name ("profile"), or 0 when out of range. */
const char *config_key_name(enum bm_key k);
/* The effective value of a key as config text ("quick", "0,2,8-11",
 * "16K..1G", "1G"); "" where the value is "by profile" (sizes, repeat). */
const char *config_value_text(const struct bm_config *c, enum bm_key k,
			      char *buf, size_t cap);

static inline int config_cpu_selected(const struct bm_config *c, int cpu)
{
	if (cpu < 0 || cpu >= BM_MAX_CPUS)
		return 0;
	return (int)((c->cpu_set[cpu / 64] >> (cpu % 64)) & 1);
}

#endif
