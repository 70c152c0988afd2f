/* The tests= words alone (lib/config/config.h's bm_test_words): the
 * registry of tests' own list, lib/registry.c, built without its rows,
 * so the config parser links no test. A new test adds its word in
 * lib/registry.c, beside its row, not here. */
#define REGISTRY_WORDS_ONLY
#include "registry.c"
