// SPDX-License-Identifier: GPL-2.0
/*
 * dmtarget - create a device-mapper device of one target with three
 * ioctls, what 'dmsetup create NAME --table "0 SECTORS TYPE PARAMS"' does,
 * for the benchmark's configurations (d) dm-crypt and (e) dm-integrity
 * (bench/bench.sh). Debian's dmsetup, cryptsetup and integritysetup are
 * dynamically linked; the initramfs has no libraries.
 *
 *   dmtarget NAME SECTORS TYPE PARAMS   create NAME with the table
 *                                       "0 SECTORS TYPE PARAMS", activate
 *                                       it, print /dev/dm-MINOR
 *
 * For example, what cryptsetup's "plain" mode sets up (no header; the
 * image is encrypted on the host with the same cipher and key,
 * bench/xts-encrypt.c):
 *   dmtarget d $(blockdev --getsz DEV) crypt "aes-xts-plain64 KEY 0 DEV 0"
 * Exit status: 0 on success, 1 on failure, 2 on bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/dm-ioctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "helpers.h"

#define BUF_SIZE	16384

static union {
	struct dm_ioctl io;
	char bytes[BUF_SIZE];
} buf;

/* dm_init: a request for NAME of SIZE bytes in all */
static struct dm_ioctl *dm_init(const char *name, size_t size)
{
	struct dm_ioctl *io = &buf.io;

	memset(&buf, 0, sizeof(buf));
	io->version[0] = DM_VERSION_MAJOR;
	io->version[1] = 0;
	io->version[2] = 0;
	io->data_size = size;
	io->data_start = sizeof(*io);
	snprintf(io->name, sizeof(io->name), "%s", name);
	return io;
}

int main(int argc, char **argv)
{
	const char *name, *type, *params;
	unsigned long long sectors;
	struct dm_target_spec *spec;
	struct dm_ioctl *io;
	char path[64], *end;
	size_t plen;
	int ctl, i;

	if (argc != 5) {
		fprintf(stderr, "usage: dmtarget NAME SECTORS TYPE PARAMS\n");
		return 2;
	}
	name = argv[1];
	errno = 0;
	sectors = strtoull(argv[2], &end, 10);
	if (errno || end == argv[2] || *end || !sectors) {
		fprintf(stderr, "dmtarget: bad number of sectors '%s'\n", argv[2]);
		return 2;
	}
	type = argv[3];
	params = argv[4];
	ctl = open("/dev/mapper/control", O_RDWR);
	if (ctl < 0)
		return fail("open", "/dev/mapper/control (CONFIG_BLK_DEV_DM?)");

	io = dm_init(name, sizeof(buf));
	if (ioctl(ctl, DM_DEV_CREATE, io))
		return fail("DM_DEV_CREATE", name);

	io = dm_init(name, sizeof(buf));
	io->target_count = 1;
	spec = (struct dm_target_spec *)(buf.bytes + sizeof(*io));
	spec->sector_start = 0;
	spec->length = sectors;
	if (strlen(type) >= sizeof(spec->target_type)) {
		fprintf(stderr, "dmtarget: bad target type '%s'\n", type);
		return 2;
	}
	snprintf(spec->target_type, sizeof(spec->target_type), "%s", type);
	plen = snprintf((char *)(spec + 1),
			sizeof(buf) - sizeof(*io) - sizeof(*spec), "%s", params);
	if (plen >= sizeof(buf) - sizeof(*io) - sizeof(*spec)) {
		fprintf(stderr, "dmtarget: table too long\n");
		return 1;
	}
	spec->next = (sizeof(*spec) + plen + 1 + 7) & ~7UL;
	if (ioctl(ctl, DM_TABLE_LOAD, io))
		return fail("DM_TABLE_LOAD (the target built in? its parameters? see dmesg)", name);

	/* DM_DEV_SUSPEND without DM_SUSPEND_FLAG resumes: the table goes live. */
	io = dm_init(name, sizeof(buf));
	if (ioctl(ctl, DM_DEV_SUSPEND, io))
		return fail("DM_DEV_SUSPEND (resume)", name);
	snprintf(path, sizeof(path), "/dev/dm-%u", minor(io->dev));
	for (i = 0; i < 50 && access(path, F_OK); i++)
		usleep(100000);
	if (access(path, F_OK))
		return fail("no device node", path);
	printf("%s\n", path);
	return 0;
}
