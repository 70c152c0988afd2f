/* How a run ends (see run_end.h). */
#include "run_end.h"

#include "util/fmt.h"

struct run_end run_end_plan(enum bm_after after, int after_bad,
			    int loose_cpu)
{
	struct run_end e = { .then = RUN_END_RETURN, .may_free = loose_cpu < 0 };

	if (after_bad)
		after = BM_AFTER_WAIT;
	switch (after) {
	case BM_AFTER_SHUTDOWN:
		e.then = RUN_END_SHUTDOWN;
		break;
	case BM_AFTER_REBOOT:
		e.then = RUN_END_REBOOT;
		break;
	case BM_AFTER_WAIT:
		e.wait_key = 1;
		break;
	case BM_AFTER_EXIT:
		break;
	}
	/* The image's code and data stay only while the app runs: once it
	 * returns, the firmware frees them (and whatever else it likes)
	 * under a cpu that may still execute that code. */
	if (e.then == RUN_END_RETURN && loose_cpu >= 0)
		e.then = RUN_END_SHUTDOWN;
	return e;
}

size_t run_end_note(char *buf, size_t cap, enum bm_after after,
		    int after_bad, int loose_cpu, int tables_kept)
{
	struct run_end e = run_end_plan(after, after_bad, loose_cpu);
	char kept[48];

	if (loose_cpu < 0 || e.then != RUN_END_SHUTDOWN ||
	    (!after_bad && after == BM_AFTER_SHUTDOWN)) {
		if (cap)
			buf[0] = 0;
		return 0;
	}
	kept[0] = 0;
	if (tables_kept > 0)
		fmt(kept, sizeof kept, " (%d old page-table set%s kept)",
		    tables_kept, tables_kept == 1 ? "" : "s");
	return fmt(buf, cap, "cpu %d may still run baremem's code: nothing it "
		   "may touch was freed%s, and %s powers off instead of "
		   "returning, which would unload that code", loose_cpu, kept,
		   e.wait_key ? "the run, once a key is pressed," : "after=exit");
}
