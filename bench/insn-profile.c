// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * insn-profile: a QEMU TCG plugin that counts the guest instructions
 * executed per translation block, in phases. bench/profile.sh loads it
 * into the benchmark's instruction-counted guest (-icount shift=0: one
 * instruction per ns of guest time), so that the CPU time a workload costs
 * can be split by the kernel function it was spent in, exactly and
 * without any instrumentation in the guest.
 *
 *   -plugin insn-profile.so,out=FILE,mark=ADDR
 *
 * Every block's count goes to the guest address it starts at (a block
 * never spans two functions, save the rare fall-through). Each time the
 * guest executes the instruction at ADDR (hex; bench/profile.sh passes the
 * entry of the sethostname system call, which the guest calls as a
 * marker), the counts since the previous mark are appended to FILE as
 * phase N and start again from zero; the counts after the last mark are
 * written at exit. FILE's lines: "phase N", then "ADDR COUNT" (hex,
 * decimal) for every block address that ran in that phase.
 *
 * Written against the plugin API of QEMU 7.2 (Debian bookworm's QEMU;
 * QEMU_PLUGIN_VERSION 1), which the declarations below follow: Debian
 * ships no qemu-plugin.h. One vCPU (the benchmark's guests have one): the
 * counters are not per vCPU.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The QEMU 7.2 plugin API, as far as this plugin uses it. */
#define EXPORT __attribute__((visibility("default")))
typedef uint64_t qemu_plugin_id_t;
typedef struct {
	const char *target_name;
	struct {
		int min;
		int cur;
	} version;
	bool system_emulation;
	union {
		struct {
			int smp_vcpus;
			int max_vcpus;
		} system;
	};
} qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu, void *udata);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *udata);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
					      enum qemu_plugin_op op,
					      void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
					    qemu_plugin_vcpu_udata_cb_t cb,
					    enum qemu_plugin_cb_flags flags,
					    void *udata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb_t cb, void *udata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						 size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);

EXPORT int qemu_plugin_version = 1;

/* Block start address -> count: open addressing, grown at 1/2 load. */
struct slot {
	uint64_t addr;
	uint64_t *count;	/* stable: counters are never moved */
};

static struct slot *table;
static size_t table_size, table_used;
static FILE *out;
static uint64_t mark;
static unsigned int phase;

static size_t slot_of(uint64_t addr, size_t size)
{
	size_t i = (size_t)((addr * 0x9e3779b97f4a7c15ULL) >> 20) & (size - 1);

	while (table[i].count && table[i].addr != addr)
		i = (i + 1) & (size - 1);
	return i;
}

static void grow(void)
{
	struct slot *old = table;
	size_t old_size = table_size, i;

	table_size = old_size ? 2 * old_size : 1 << 16;
	table = calloc(table_size, sizeof(*table));
	if (!table) {
		fprintf(stderr, "insn-profile: out of memory\n");
		abort();
	}
	for (i = 0; i < old_size; i++)
		if (old[i].count)
			table[slot_of(old[i].addr, table_size)] = old[i];
	free(old);
}

static uint64_t *counter(uint64_t addr)
{
	size_t i;

	if (2 * (table_used + 1) > table_size)
		grow();
	i = slot_of(addr, table_size);
	if (!table[i].count) {
		table[i].addr = addr;
		table[i].count = calloc(1, sizeof(uint64_t));
		if (!table[i].count) {
			fprintf(stderr, "insn-profile: out of memory\n");
			abort();
		}
		table_used++;
	}
	return table[i].count;
}

/* Write the counts since the last mark as one phase, and zero them. */
static void dump(void)
{
	size_t i;

	fprintf(out, "phase %u\n", phase++);
	for (i = 0; i < table_size; i++)
		if (table[i].count && *table[i].count) {
			fprintf(out, "%" PRIx64 " %" PRIu64 "\n", table[i].addr,
				*table[i].count);
			*table[i].count = 0;
		}
	fflush(out);
}

static void on_mark(unsigned int vcpu, void *udata)
{
	(void)vcpu;
	(void)udata;
	dump();
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb), i;

	(void)id;
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 counter(qemu_plugin_tb_vaddr(tb)),
						 n);
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);

		if (qemu_plugin_insn_vaddr(insn) == mark)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark,
							       QEMU_PLUGIN_CB_NO_REGS,
							       NULL);
	}
}

static void on_atexit(qemu_plugin_id_t id, void *udata)
{
	(void)id;
	(void)udata;
	dump();
	fclose(out);
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			       int argc, char **argv)
{
	const char *file = NULL;
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "out=", 4))
			file = argv[i] + 4;
		else if (!strncmp(argv[i], "mark=", 5))
			mark = strtoull(argv[i] + 5, NULL, 16);
		else
			fprintf(stderr, "insn-profile: unknown argument %s\n",
				argv[i]);
	}
	if (!file || !mark) {
		fprintf(stderr, "insn-profile: want out=FILE,mark=ADDR\n");
		return -1;
	}
	if (!info->system_emulation || info->system.max_vcpus != 1) {
		fprintf(stderr, "insn-profile: one vCPU of a system emulation only\n");
		return -1;
	}
	out = fopen(file, "w");
	if (!out) {
		perror(file);
		return -1;
	}
	grow();
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_trans);
	qemu_plugin_register_atexit_cb(id, on_atexit, NULL);
	return 0;
}
