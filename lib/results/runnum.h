/* Run numbers of results files: run-NNNN.json, never reused. */
#ifndef BAREMEM_RUNNUM_H
#define BAREMEM_RUNNUM_H

#define RUNNUM_MAX 9999

/* The number in a results file name "run-NNNN.<ext>" (any extension,
 * any case, exactly four digits), or -1 for any other name. */
int runnum_parse(const char *name);

/* Accumulates names one by one: *highest keeps the largest number seen
 * (start it at 0). */
void runnum_see(int *highest, const char *name);

/* The next run number after the highest present (gaps below it are not
 * reused, so runs stay in order), or -1 when RUNNUM_MAX is taken. */
int runnum_next(int highest);

#endif
