/* Run numbering for the results folder (docs/design.md §4: a run never
 * overwrites an earlier one). */
#include "results/runnum.h"

int runnum_parse(const char *name)
{
	int n = 0;

	if ((name[0] | 32) != 'r' || (name[1] | 32) != 'u' ||
	    (name[2] | 32) != 'n' || name[3] != '-')
		return -1;
	for (int i = 4; i < 8; i++) {
		if (name[i] < '0' || name[i] > '9')
			return -1;
		n = n * 10 + (name[i] - '0');
	}
	if (name[8] != '.' || name[9] == 0)
		return -1;
	return n;
}

void runnum_see(int *highest, const char *name)
{
	int n = runnum_parse(name);

	if (n > *highest)
		*highest = n;
}

int runnum_next(int highest)
{
	return highest >= RUNNUM_MAX ? -1 : highest + 1;
}
