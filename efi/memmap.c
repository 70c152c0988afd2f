/* The firmware's memory map: read, classified, freed. Its own file so
 * that paging.c (which maps what it lists) and memory.c (which places
 * buffers in the page tables paging.c built) depend on it, not on each
 * other. */
#include "baremem_efi.h"

int memmap_is_ram(UINT32 type)
{
	switch (type) {
	case EfiLoaderCode:
	case EfiLoaderData:
	case EfiBootServicesCode:
	case EfiBootServicesData:
	case EfiRuntimeServicesCode:
	case EfiRuntimeServicesData:
	case EfiConventionalMemory:
	case EfiACPIReclaimMemory:
	case EfiACPIMemoryNVS:
		return 1;
	default:
		return 0;
	}
}

int memmap_read(struct memmap *m)
{
	EFI_STATUS st;

	*m = (struct memmap){ 0 };
	for (int tries = 0; tries < 8; tries++) {
		st = BS->GetMemoryMap(&m->bytes, m->desc, &m->key,
				      &m->desc_bytes, &m->version);
		if (st == EFI_SUCCESS)
			return 0;
		if (m->desc)
			BS->FreePool(m->desc);
		m->desc = 0;
		if (st != EFI_BUFFER_TOO_SMALL)
			return -1;
		/* Allocating the buffer may add descriptors: leave room. */
		m->bytes += 8 * (m->desc_bytes ? m->desc_bytes : 48);
		if (BS->AllocatePool(EfiLoaderData, m->bytes,
				     (void **)&m->desc) != EFI_SUCCESS)
			return -1;
	}
	return -1;
}

void memmap_free(struct memmap *m)
{
	if (m->desc)
		BS->FreePool(m->desc);
	m->desc = 0;
}
