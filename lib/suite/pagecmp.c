/* The page-size table: per size, ns per load on each page size and its
 * ratio to the largest (1G) pages. */
#include "suite/pagecmp.h"

#include "util/fmt.h"
#include "util/out.h"
#include "platform.h"

static const char *label(uint64_t page_bytes)
{
	return page_bytes >= (1ull << 30) ? "1G"
	       : page_bytes >= (1ull << 21) ? "2M" : "4K";
}

int pagecmp_build(const struct lat_point *pts, int n, int cpu,
		  uint64_t pages_out[PAGECMP_PAGES], int *npages,
		  struct pagecmp_row *rows, int cap)
{
	int np = 0, nr = 0;

	/* The page sizes, largest first. */
	for (int i = 0; i < n; i++) {
		int k;
		if (pts[i].cpu != cpu)
			continue;
		for (k = 0; k < np && pages_out[k] != pts[i].page_bytes; k++)
			;
		if (k < np || np == PAGECMP_PAGES)
			continue;
		for (k = np; k > 0 && pages_out[k - 1] < pts[i].page_bytes;
		     k--)
			pages_out[k] = pages_out[k - 1];
		pages_out[k] = pts[i].page_bytes;
		np++;
	}
	*npages = np;
	/* The rows, ascending by size. */
	for (int i = 0; i < n; i++) {
		int r, k;
		if (pts[i].cpu != cpu)
			continue;
		for (k = 0; k < np && pages_out[k] != pts[i].page_bytes; k++)
			;
		if (k == np)
			continue;
		for (r = 0; r < nr && rows[r].size_bytes != pts[i].size_bytes;
		     r++)
			;
		if (r == nr) {
			if (nr == cap)
				continue;
			for (r = nr; r > 0 &&
				     rows[r - 1].size_bytes > pts[i].size_bytes;
			     r--)
				rows[r] = rows[r - 1];
			rows[r] = (struct pagecmp_row){
				.size_bytes = pts[i].size_bytes,
				.level = pts[i].level,
				.ns = { -1, -1, -1 },
				.ratio = { -1, -1, -1 },
			};
			nr++;
		}
		rows[r].ns[k] = pts[i].ns_median;
	}
	for (int r = 0; r < nr; r++)
		for (int k = 0; k < np; k++)
			if (rows[r].ns[k] >= 0 && rows[r].ns[0] > 0)
				rows[r].ratio[k] = rows[r].ns[k] /
						   rows[r].ns[0];
	return nr;
}

void pagecmp_print(const struct lat_point *pts, int n, int cpu)
{
	int np = 0, nr;
	uint64_t pages[PAGECMP_PAGES];
	struct pagecmp_row *rows;
	char line[160], a[16], b[16];
	size_t at;

	if (n <= 0 || !(rows = plat_alloc(sizeof(*rows) * (size_t)n)))
		return;
	nr = pagecmp_build(pts, n, cpu, pages, &np, rows, n);
	if (np < 2) {
		plat_free(rows);
		return;
	}
	out("\npage sizes, cpu %d: ns median per load, and its ratio to %s "
	    "pages (above 1: what page walks cost)\n", cpu, label(pages[0]));
	fmt(a, sizeof a, "%s ns", label(pages[0]));
	at = fmt(line, sizeof line, "%10s %-5s %10s", "size", "level", a);
	for (int k = 1; k < np; k++) {
		fmt(a, sizeof a, "%s ns", label(pages[k]));
		fmt(b, sizeof b, "%s/%s", label(pages[k]), label(pages[0]));
		at += fmt(line + at, sizeof line - at, " %10s %7s", a, b);
	}
	out("%s\n", line);
	for (int r = 0; r < nr; r++) {
		at = fmt(line, sizeof line, "%10s %-5s",
			 fmt_size(a, sizeof a, rows[r].size_bytes),
			 rows[r].level ? rows[r].level : "");
		for (int k = 0; k < np; k++) {
			fmt(a, sizeof a, rows[r].ns[k] < 0 ? "-" : "%.2f",
			    rows[r].ns[k]);
			at += fmt(line + at, sizeof line - at, " %10s", a);
			if (k == 0)
				continue;
			fmt(b, sizeof b, rows[r].ratio[k] < 0 ? "-" : "%.2f",
			    rows[r].ratio[k]);
			at += fmt(line + at, sizeof line - at, " %7s", b);
		}
		out("%s\n", line);
	}
	plat_free(rows);
}
