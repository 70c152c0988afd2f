/* What lib/hw/cpuinfo.h's description answers on every architecture;
 * the decoders that fill it are the architecture's (x86:
 * lib/arch/x86_64/cpuid.c). */
#include "hw/cpuinfo.h"

#include "util/str.h"

const struct cpu_cache *cpuinfo_cache(const struct cpu_info *ci, int level)
{
	const struct cpu_cache *best = 0;

	for (int i = 0; i < ci->cache_count; i++) {
		const struct cpu_cache *c = &ci->caches[i];
		if (c->level != level || c->type[0] == 'i')
			continue;
		if (!best || c->size_bytes > best->size_bytes)
			best = c;
	}
	return best;
}

int cpuinfo_vendor_is(const struct cpu_info *ci, const char *vendor)
{
	return str_eq(ci->vendor, vendor);
}

static const struct {
	const char *source, *says;
} sources[] = {
	{ "ccsidr", "the cache registers say" },
	{ "pptt", "PPTT says" },
	{ "part", "the part's documentation says" },
	{ "linux", "Linux says" },
};

const char *cpuinfo_cache_says(const struct cpu_cache *c)
{
	for (unsigned i = 0; c && c->source &&
			     i < sizeof sources / sizeof sources[0]; i++)
		if (str_eq(c->source, sources[i].source))
			return sources[i].says;
	return "CPUID says";
}

const char *cpuinfo_cache_source(const struct cpu_cache *c)
{
	return c && c->source ? c->source : "cpuid";
}
