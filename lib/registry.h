/* The registry of tests: one row per `tests=` word, in the order a run
 * runs them and writes their results (lib/results/test_row.h says what
 * a row holds). run_new gives every run this table (res->tests); the
 * suite runner, the results writer and the HTML report go through it. */
#ifndef BAREMEM_REGISTRY_H
#define BAREMEM_REGISTRY_H

#include "results/test_row.h"

extern const struct test_row registry_tests[];
extern const int registry_test_count;

#endif
