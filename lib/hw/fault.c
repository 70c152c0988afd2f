/* The messages of a caught exception, whatever the architecture
 * (lib/hw/fault.h). */
#include "hw/fault.h"

#include "util/fmt.h"

void fault_reg_add(struct fault_record *f, const char *name, uint64_t v)
{
	if (f->reg_count >= FAULT_REGS_MAX)
		return;
	f->reg_name[f->reg_count] = name;
	f->reg[f->reg_count++] = v;
}

/* The step text without progress_step's " (k of n, ...)" tail. */
static size_t where_len(const char *w)
{
	size_t n = 0, cut;

	while (w[n])
		n++;
	cut = n;
	if (n && w[n - 1] == ')')
		for (size_t i = n - 1; i > 0; i--)
			if (w[i - 1] == ' ' && w[i] == '(' && w[i + 1] >= '0' &&
			    w[i + 1] <= '9') {
				cut = i - 1;
				break;
			}
	return cut;
}

size_t fault_message(char *buf, size_t cap, const struct fault_record *f,
		     const char *where)
{
	const struct fault_arch *a = f->arch;
	size_t n = fmt(buf, cap, "cpu %d faulted: %s (%s ", f->cpu,
		       f->class_name ? f->class_name : "exception",
		       a->code_name);

#define REST (cap > n ? cap - n : 0)
	n += fmt(buf + n, REST, a->code_hex ? "0x%x" : "%d", f->code);
	if (f->has_syndrome)
		n += fmt(buf + n, REST, ", %s 0x%llx", a->syndrome_name,
			 (unsigned long long)f->syndrome);
	if (f->has_syndrome && f->detail[0])
		n += fmt(buf + n, REST, ": %s", f->detail);
	n += fmt(buf + n, REST, ") at %s 0x%llx", a->pc_name,
		 (unsigned long long)f->pc);
	if (f->address_valid)
		n += fmt(buf + n, REST, ", %s 0x%llx", a->address_name,
			 (unsigned long long)f->address);
	if (where && where[0])
		n += fmt(buf + n, REST, ", during %.*s", (int)where_len(where),
			 where);
#undef REST
	return n;
}

size_t fault_registers(char *buf, size_t cap, const struct fault_record *f)
{
	size_t n = fmt(buf, cap, "cpu %d at the fault:", f->cpu);

	for (int i = 0; i < f->reg_count; i++)
		n += fmt(buf + n, cap > n ? cap - n : 0, " %s 0x%llx",
			 f->reg_name[i], (unsigned long long)f->reg[i]);
	return n;
}
