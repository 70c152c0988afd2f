/* The plan and the manifest of a result sent in parts (upload_parts.h). */
#include "results/upload_parts.h"

#include "util/crc32.h"
#include "util/fmt.h"
#include "util/json.h"

int upload_parts_plan(size_t total_bytes, size_t part_bytes,
		      struct upload_parts *p)
{
	size_t count;

	if (part_bytes == 0)
		return -1;
	count = total_bytes <= part_bytes
			? 1 : total_bytes / part_bytes +
			      (total_bytes % part_bytes != 0);
	if (count > UPLOAD_PARTS_MAX)
		return -1;
	p->total_bytes = total_bytes;
	p->part_bytes = part_bytes;
	p->count = (unsigned)count;
	return 0;
}

void upload_parts_span(const struct upload_parts *p, unsigned i,
		       size_t *offset, size_t *len)
{
	size_t at = (size_t)i * p->part_bytes;

	*offset = at < p->total_bytes ? at : p->total_bytes;
	*len = p->total_bytes - *offset < p->part_bytes
		       ? p->total_bytes - *offset : p->part_bytes;
}

static unsigned digits(unsigned n)
{
	unsigned d = 1;

	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d < 3 ? 3 : d;
}

size_t upload_part_name(char *out, size_t cap, const char *name,
			const struct upload_parts *p, unsigned i)
{
	int w = (int)digits(p->count);
	size_t n = fmt(out, cap, "%s.part-%0*u-of-%0*u", name, w, i + 1, w,
		       p->count);

	return n < cap ? n : 0;
}

static void crc_text(char out[9], uint32_t crc)
{
	fmt(out, 9, "%08x", (unsigned)crc);
}

size_t upload_parts_manifest_cap(size_t name_len, unsigned count)
{
	/* per part: its name (name + ".part-NNNN-of-NNNN"), 20 digits of
	 * bytes, the CRC and the keys and indentation: 96 spare */
	return 512 + 2 * name_len + (size_t)count * (name_len + 18 + 128);
}

size_t upload_parts_manifest(char *out, size_t cap, const char *name,
			     const void *data, const struct upload_parts *p)
{
	struct json_writer w;
	char part[256], crc[9];
	unsigned i;

	json_init(&w, out, cap, 1);
	json_object_begin(&w, 0);
	json_string(&w, "schema", "baremem-parts/1");
	json_string(&w, "file", name);
	json_u64(&w, "bytes", p->total_bytes);
	crc_text(crc, crc32_update(0, data, p->total_bytes));
	json_string(&w, "crc32", crc);
	json_array_begin(&w, "parts");
	for (i = 0; i < p->count; i++) {
		size_t off, len;

		upload_parts_span(p, i, &off, &len);
		if (!upload_part_name(part, sizeof part, name, p, i))
			return 0;
		json_object_begin(&w, 0);
		json_string(&w, "file", part);
		json_u64(&w, "offset", off);
		json_u64(&w, "bytes", len);
		crc_text(crc, crc32_update(0, (const char *)data + off, len));
		json_string(&w, "crc32", crc);
		json_object_end(&w);
	}
	json_array_end(&w);
	json_object_end(&w);
	return json_finish(&w) ? 0 : w.len;
}
