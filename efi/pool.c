/* Pool memory for the suite (plat_alloc), every block kept on a list so
 * that nothing is left behind when the app returns, and the switch that
 * stops all freeing once a lost cpu may still write baremem's memory. */
#include "baremem_efi.h"
#include "platform.h"

/* Every pool block plat_alloc hands out is on this list, so a run that
 * returns to the shell or the boot manager (after=exit, after=wait) gives
 * back what the suite kept to the end (results, console log, cpu table). */
struct pool_head {
	struct pool_head *next, *prev;
};
static struct pool_head pool_list = { &pool_list, &pool_list };

void *plat_alloc(size_t bytes)
{
	struct pool_head *h = 0;

	if (bytes > ~(size_t)0 - sizeof *h ||
	    BS->AllocatePool(EfiLoaderData, bytes + sizeof *h, (void **)&h) !=
		    EFI_SUCCESS)
		return 0;
	h->next = pool_list.next;
	h->prev = &pool_list;
	pool_list.next->prev = h;
	pool_list.next = h;
	SetMem(h + 1, bytes, 0);
	return h + 1;
}

/* Set when a cpu may still be running baremem's code (it never came back
 * and the firmware never said it stopped it): from then on nothing is
 * freed, since that cpu may write any job, buffer or page table. */
static int hold_all;

void memory_hold_all(void)
{
	hold_all = 1;
}

int memory_held(void)
{
	return hold_all;
}

void plat_free(void *p)
{
	struct pool_head *h = (struct pool_head *)p - 1;

	if (!p || hold_all)
		return;
	h->prev->next = h->next;
	h->next->prev = h->prev;
	BS->FreePool(h);
}

void memory_abandon(void *p)
{
	struct pool_head *h = (struct pool_head *)p - 1;

	if (!p)
		return;
	h->prev->next = h->next;
	h->next->prev = h->prev;
	h->next = h->prev = h;
}

void memory_release_pool(void)
{
	while (!hold_all && pool_list.next != &pool_list)
		plat_free(pool_list.next + 1);
}
