/* The HTML report beside the JSON: \baremem\results\run-NNNN.html, same
 * NNNN, written after the JSON so that a report that cannot be written
 * (too large, volume full) costs a warning and never the results. */
#include "baremem_efi.h"
#include "report/report.h"
#include "util/fmt.h"
#include "util/out.h"

#define HTML_BYTES (1u << 20)	/* first try; doubled while too small */
#define HTML_MAX_BYTES (256u << 20)	/* c2c of 512 cpus: ~30 MiB */
#define HTML_HOOK_BYTES 4096	/* test hook html-no-room: less than the CSS */
#define WHY_BYTES 160

char *report_html_new(struct run_results *res, enum run_status status,
		      size_t *len, char *why, size_t why_cap)
{
	size_t max = test_hook_on(TEST_HOOK_HTML_NO_ROOM) ? HTML_HOOK_BYTES
							    : HTML_MAX_BYTES;
	size_t cap = HTML_BYTES < max ? HTML_BYTES : max;
	char *html = plat_alloc(cap);

	*len = 0;
	while (html && (*len = report_html(res, status, html, cap)) == 0 &&
	       cap < max) {
		plat_free(html);
		cap *= 2;
		html = plat_alloc(cap);
	}
	if (!html)
		fmt(why, why_cap, "no memory for %llu bytes",
		    (unsigned long long)cap);
	else if (*len == 0)
		fmt(why, why_cap, "it does not fit in %llu bytes",
		    (unsigned long long)cap);
	if (html && *len == 0) {
		plat_free(html);
		html = 0;
	}
	return html;
}

/* run-NNNN.html made and written (or, with replace, put in the place of
 * the one there): 0, or -1 with why. name gets the file's name. */
static int html_to_stick(EFI_FILE_HANDLE dir, struct run_results *res,
			 enum run_status status, int run, int replace,
			 char *name, size_t name_cap, char *why)
{
	size_t len;
	char *html = report_html_new(res, status, &len, why, WHY_BYTES);
	int bad;

	fmt(name, name_cap, "run-%04d.html", run);
	bad = !html ||
	      (replace ? store_replace(dir, name, html, len, why, WHY_BYTES)
		       : store_write(dir, name, html, len, why, WHY_BYTES));
	plat_free(html);
	return bad ? -1 : 0;
}

int store_html(EFI_FILE_HANDLE dir, struct run_results *res,
	       enum run_status status, int run)
{
	char name[32], why[WHY_BYTES];

	if (html_to_stick(dir, res, status, run, 0, name, sizeof name, why)) {
		msgs_add(&res->warnings, "no HTML report: %s (the JSON has "
			 "every result)", why);
		return -1;
	}
	return 0;
}

void restamp_html(EFI_FILE_HANDLE dir, struct run_results *res,
		  enum run_status status, int run)
{
	char name[32], why[WHY_BYTES];

	if (html_to_stick(dir, res, status, run, 1, name, sizeof name, why))
		out("warning: %s on the stick does not show the upload's "
		    "failure: %s\n", name, why);
}
