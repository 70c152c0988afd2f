/* Loader of the machine corpus (see corpus.h, tests/data/machines). */
#include "corpus.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
}

/* Appends the hex bytes of text to *buf (*len long); -1 on bad hex. */
static int add_hex(uint8_t **buf, size_t *len, const char *text)
{
	size_t n = 0;
	uint8_t *grown;

	while (text[n] && text[n] != '\n' && text[n] != '\r')
		n++;
	if (n % 2)
		return -1;
	grown = realloc(*buf, *len + n / 2);
	if (!grown)
		return -1;
	*buf = grown;
	for (size_t i = 0; i < n; i += 2) {
		unsigned v;
		if (sscanf(text + i, "%2x", &v) != 1)
			return -1;
		(*buf)[(*len)++] = (uint8_t)v;
	}
	return 0;
}

/* The figure after "key=" in line: a number, or "?" (CORPUS_UNREPORTED).
 * -1 when the key is missing or its value is neither. */
static int reported_field(const char *line, const char *key, long *out)
{
	const char *at = strstr(line, key);
	char *end;

	if (!at)
		return -1;
	at += strlen(key);
	if (*at == '?') {
		*out = CORPUS_UNREPORTED;
		return 0;
	}
	*out = strtol(at, &end, 10);
	return end == at ? -1 : 0;
}

static int parse_reported(const char *line, struct corpus_machine *m)
{
	struct corpus_reported *r;

	if (m->reported_count == CORPUS_MAX_REPORTED)
		return -1;
	r = &m->reported[m->reported_count];
	if (sscanf(line, "# reported %23s ", r->purpose) != 1 ||
	    reported_field(line, " logical=", &r->logical) != 0 ||
	    reported_field(line, " l1d=", &r->l1d_kib) != 0 ||
	    reported_field(line, " l1i=", &r->l1i_kib) != 0 ||
	    reported_field(line, " l2=", &r->l2_kib) != 0 ||
	    reported_field(line, " l3=", &r->l3_kib) != 0)
		return -1;
	m->reported_count++;
	return 0;
}

int corpus_load(const char *path, struct corpus_machine *m, char *err,
		size_t err_len)
{
	FILE *f = fopen(path, "r");
	char line[512];
	int lineno = 0;

	memset(m, 0, sizeof *m);
	if (!f) {
		fail(err, err_len, "%s: cannot open", path);
		return -1;
	}
	m->cpu = calloc(CORPUS_MAX_CPUS, sizeof *m->cpu);
	if (!m->cpu) {
		fclose(f);
		fail(err, err_len, "%s: out of memory", path);
		return -1;
	}
	while (fgets(line, sizeof line, f)) {
		unsigned leaf, sub, eax, ebx, ecx, edx, apic;
		lineno++;
		if (strncmp(line, "# reported ", 11) == 0) {
			if (parse_reported(line, m) != 0)
				goto bad;
		} else if (line[0] == '#') {
			if (strstr(line, "BUILT"))
				m->built_srat = 1;
		} else if (line[0] == '\n') {
			continue;
		} else if (sscanf(line, "machine %63s", m->name) == 1) {
			continue;
		} else if (sscanf(line, "cpu %x", &apic) == 1) {
			if (m->cpu_count == CORPUS_MAX_CPUS)
				goto bad;
			m->cpu[m->cpu_count++].x2apic = apic;
		} else if (strncmp(line, "ram ", 4) == 0) {
			unsigned long long base, bytes;
			if (sscanf(line, "ram %llx %llx", &base, &bytes) != 2 ||
			    m->ram_count == CORPUS_MAX_RAM || bytes == 0)
				goto bad;
			m->ram[m->ram_count].base = base;
			m->ram[m->ram_count++].bytes = bytes;
		} else if (strncmp(line, "srat ", 5) == 0) {
			if (add_hex(&m->srat, &m->srat_len, line + 5) != 0)
				goto bad;
		} else if (strncmp(line, "slit ", 5) == 0) {
			if (add_hex(&m->slit, &m->slit_len, line + 5) != 0)
				goto bad;
		} else if (sscanf(line, "%x.%x %x %x %x %x", &leaf, &sub, &eax,
				  &ebx, &ecx, &edx) == 6 && m->cpu_count > 0) {
			struct corpus_cpu *c = &m->cpu[m->cpu_count - 1];
			if (c->leaf_count == CORPUS_MAX_LEAVES)
				goto bad;
			c->leaf[c->leaf_count++] = (struct corpus_leaf){
				leaf, sub, { eax, ebx, ecx, edx } };
		} else {
			goto bad;
		}
	}
	fclose(f);
	if (m->cpu_count == 0 || !m->name[0]) {
		fail(err, err_len, "%s: no machine line or no cpus", path);
		return -1;
	}
	return 0;
bad:
	fclose(f);
	fail(err, err_len, "%s:%d: not a corpus line (or past a limit): %s",
	     path, lineno, line);
	return -1;
}

void corpus_free(struct corpus_machine *m)
{
	free(m->cpu);
	free(m->srat);
	free(m->slit);
	memset(m, 0, sizeof *m);
}

static const struct corpus_leaf *find(const struct corpus_cpu *c,
				      uint32_t leaf, uint32_t sub,
				      int *has_leaf)
{
	*has_leaf = 0;
	for (int i = 0; i < c->leaf_count; i++) {
		if (c->leaf[i].leaf != leaf)
			continue;
		*has_leaf = 1;
		if (c->leaf[i].sub == sub)
			return &c->leaf[i];
	}
	return 0;
}

struct cpuid_regs corpus_cpuid(void *ctx, uint32_t leaf, uint32_t sub)
{
	const struct corpus_replay *rp = ctx;
	const struct corpus_leaf *l;
	int has;

	l = find(&rp->m->cpu[rp->cpu], leaf, sub, &has);
	/* A cpu listing any subleaf of a leaf (its own cache leaves) gives
	 * all of that leaf: the first cpu's subleaves are not its. */
	if (!l && !has)
		l = find(&rp->m->cpu[0], leaf, sub, &has);
	return l ? l->r : (struct cpuid_regs){ 0 };
}

static struct cpuid_regs regs(const struct corpus_machine *m, int cpu,
			      uint32_t leaf, uint32_t sub)
{
	struct corpus_replay rp = { m, cpu };
	return corpus_cpuid(&rp, leaf, sub);
}

/* The SMT and package shifts of leaf 1Fh or 0Bh; 0 when neither lists a
 * level. */
static int intel_shifts(const struct corpus_machine *m, int cpu, int *smt,
			int *pkg)
{
	uint32_t max_leaf = regs(m, cpu, 0, 0).eax;
	static const uint32_t leaves[] = { 0x1f, 0xb };

	for (int k = 0; k < 2; k++) {
		int found = 0;
		if (max_leaf < leaves[k])
			continue;
		*smt = 0;
		for (uint32_t sub = 0; sub < 8; sub++) {
			struct cpuid_regs r = regs(m, cpu, leaves[k], sub);
			int type = (int)((r.ecx >> 8) & 0xff);
			if (type == 0)
				break;
			if (type == 1)
				*smt = (int)(r.eax & 0x1f);
			*pkg = (int)(r.eax & 0x1f);
			found = 1;
		}
		if (found)
			return 1;
	}
	return 0;
}

static int log2_up(uint32_t n)
{
	int s = 0;
	while ((1u << s) < n)
		s++;
	return s;
}

int corpus_topology(struct corpus_machine *m)
{
	for (int i = 0; i < m->cpu_count; i++) {
		struct corpus_cpu *c = &m->cpu[i];
		int smt = 0, pkg = 0;

		if (!intel_shifts(m, i, &smt, &pkg)) {
			struct cpuid_regs e1e = regs(m, i, 0x8000001eu, 0);
			struct cpuid_regs e08 = regs(m, i, 0x80000008u, 0);
			struct cpuid_regs l1 = regs(m, i, 1, 0);
			if (regs(m, i, 0x80000000u, 0).eax < 0x8000001eu &&
			    regs(m, i, 0, 0).eax >= 4 && (l1.edx >> 28 & 1)) {
				/* no topology leaf (a hypervisor's zeroed 0Bh):
				 * leaf 1 EBX[23:16] logical cpus a package and
				 * leaf 4 EAX[31:26] + 1 cores (SDM vol 3A 9.9) */
				int logical = (int)((l1.ebx >> 16) & 0xff);
				int cores = (int)(regs(m, i, 4, 0).eax >> 26) + 1;
				pkg = log2_up((uint64_t)(logical ? logical : 1));
				smt = pkg - log2_up((uint64_t)cores);
				if (smt < 0)
					smt = 0;
				goto decoded;
			}
			if (regs(m, i, 0x80000000u, 0).eax < 0x8000001eu)
				return -1;
			smt = log2_up(((e1e.ebx >> 8) & 0xff) + 1);
			pkg = (int)((e08.ecx >> 12) & 0xf);
			if (pkg == 0)
				pkg = log2_up((e08.ecx & 0xff) + 1);
		}
decoded:
		if (pkg < smt)
			return -1;
		c->thread = (int)(c->x2apic & ((1u << smt) - 1));
		c->core = (int)((c->x2apic >> smt) & ((1u << (pkg - smt)) - 1));
		c->package = (int)(c->x2apic >> pkg);
	}
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(a, b);
}

int corpus_list(const char *dir, char paths[][256], int cap)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)) && n < cap) {
		size_t len = strlen(e->d_name);
		if (len > 4 && strcmp(e->d_name + len - 4, ".txt") == 0)
			snprintf(paths[n++], 256, "%s/%s", dir, e->d_name);
	}
	closedir(d);
	qsort(paths, (size_t)n, 256, by_name);
	return n;
}
