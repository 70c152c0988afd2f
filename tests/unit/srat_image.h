/* ACPI SRAT and SLIT images built byte by byte (ACPI 6.5, 5.2.16-17),
 * for the unit tests that parse them or run the suite on a fake
 * platform that reads one. */
#ifndef BAREMEM_SRAT_IMAGE_H
#define BAREMEM_SRAT_IMAGE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* SRAT memory affinity flags */
#define SRAT_IMG_ENABLED 1u
#define SRAT_IMG_HOTPLUG 2u

struct img {
	uint8_t buf[4096];
	size_t len;
};

static inline void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static inline void put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

/* Header (and SRAT's 12 reserved bytes or SLIT's count come next). */
static inline void begin(struct img *m, const char *sig, size_t fixed)
{
	memset(m, 0, sizeof *m);
	memcpy(m->buf, sig, 4);
	m->buf[8] = 3;	/* revision */
	m->len = fixed;
}

/* Sets the length and checksum, as firmware does. */
static inline void finish(struct img *m)
{
	uint8_t sum = 0;

	put32(m->buf + 4, (uint32_t)m->len);
	m->buf[9] = 0;
	for (size_t i = 0; i < m->len; i++)
		sum = (uint8_t)(sum + m->buf[i]);
	m->buf[9] = (uint8_t)-sum;
}

static inline void lapic(struct img *m, uint8_t apic, uint32_t dom, int enabled)
{
	uint8_t *e = m->buf + m->len;

	e[0] = 0;
	e[1] = 16;
	e[2] = (uint8_t)dom;
	e[3] = apic;
	put32(e + 4, enabled ? 1 : 0);
	e[9] = (uint8_t)(dom >> 8);
	e[10] = (uint8_t)(dom >> 16);
	e[11] = (uint8_t)(dom >> 24);
	m->len += 16;
}

static inline void x2apic(struct img *m, uint32_t apic, uint32_t dom)
{
	uint8_t *e = m->buf + m->len;

	e[0] = 2;
	e[1] = 24;
	put32(e + 4, dom);
	put32(e + 8, apic);
	put32(e + 12, 1);
	m->len += 24;
}

static inline void memory(struct img *m, uint64_t base, uint64_t bytes, uint32_t dom,
		   uint32_t flags)
{
	uint8_t *e = m->buf + m->len;

	e[0] = 1;
	e[1] = 40;
	put32(e + 2, dom);
	put64(e + 8, base);
	put64(e + 16, bytes);
	put32(e + 28, flags);
	m->len += 40;
}

#endif
