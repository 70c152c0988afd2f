/* The HTML report beside the Linux runner's JSON: results/linux-run-NNNN
 * .html for .json (out=FILE: FILE with .html for .json, or .html added).
 * Written after the JSON; a failure is a warning on stderr, never fatal. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linux_platform.h"
#include "report/report.h"
#include "util/out.h"

#define HTML_BYTES (1u << 20)	/* first try; doubled while too small */
#define HTML_MAX_BYTES (1u << 30)

static void html_path(char *out, size_t cap, const char *json_path)
{
	size_t n = strlen(json_path);

	if (n > 5 && !strcmp(json_path + n - 5, ".json"))
		snprintf(out, cap, "%.*s.html", (int)(n - 5), json_path);
	else
		snprintf(out, cap, "%s.html", json_path);
}

void linux_write_html(const struct run_results *res, enum run_status status,
		      const char *json_path)
{
	size_t cap = HTML_BYTES, len = 0;
	char *html = malloc(cap), path[512];
	FILE *f;

	html_path(path, sizeof path, json_path);
	while (html && (len = report_html(res, status, html, cap)) == 0 &&
	       cap < HTML_MAX_BYTES) {
		char *bigger = realloc(html, 2 * cap);

		if (!bigger)
			break;
		html = bigger;
		cap *= 2;
	}
	if (!html || !len) {
		fprintf(stderr, "baremem-linux: warning: no HTML report: %s "
			"(the JSON has every result)\n",
			html ? "too large" : "out of memory");
	} else if (!(f = fopen(path, "wx"))) {
		fprintf(stderr, "baremem-linux: warning: no HTML report: "
			"cannot create %s: %s\n", path, strerror(errno));
	} else if (fwrite(html, 1, len, f) != len || fclose(f) != 0) {
		fprintf(stderr, "baremem-linux: warning: writing %s failed\n",
			path);
		remove(path);
	} else {
		out("baremem: report %s\n", path);
	}
	free(html);
}
