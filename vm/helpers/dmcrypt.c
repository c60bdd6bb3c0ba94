// SPDX-License-Identifier: GPL-2.0
/*
 * dmcrypt - map a block device through dm-crypt with three device-mapper
 * ioctls, for the benchmark's configuration (d) (bench/bench.sh). Debian's
 * dmsetup and cryptsetup are dynamically linked; the initramfs has no
 * libraries.
 *
 *   dmcrypt NAME DEV CIPHER HEXKEY   create NAME over all of DEV with the
 *                                    table "crypt CIPHER HEXKEY 0 DEV 0",
 *                                    activate it, print /dev/dm-MINOR
 *
 * What cryptsetup's "plain" mode sets up (no header): the image is
 * encrypted on the host with the same cipher and key (bench/xts-encrypt.c).
 * Exit status: 0 on success, 1 on failure, 2 on bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/dm-ioctl.h>
#include <linux/fs.h>
#include <stdint.h>
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
	const char *name, *dev, *cipher, *key;
	struct dm_target_spec *spec;
	struct dm_ioctl *io;
	uint64_t bytes;
	char path[64];
	size_t plen;
	int ctl, fd, i;

	if (argc != 5) {
		fprintf(stderr, "usage: dmcrypt NAME DEV CIPHER HEXKEY\n");
		return 2;
	}
	name = argv[1];
	dev = argv[2];
	cipher = argv[3];
	key = argv[4];
	fd = open(dev, O_RDONLY);
	if (fd < 0)
		return fail("open", dev);
	if (ioctl(fd, BLKGETSIZE64, &bytes))
		return fail("BLKGETSIZE64", dev);
	close(fd);
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
	spec->length = bytes / 512;
	snprintf(spec->target_type, sizeof(spec->target_type), "crypt");
	plen = snprintf((char *)(spec + 1),
			sizeof(buf) - sizeof(*io) - sizeof(*spec),
			"%s %s 0 %s 0", cipher, key, dev);
	if (plen >= sizeof(buf) - sizeof(*io) - sizeof(*spec)) {
		fprintf(stderr, "dmcrypt: table too long\n");
		return 1;
	}
	spec->next = (sizeof(*spec) + plen + 1 + 7) & ~7UL;
	if (ioctl(ctl, DM_TABLE_LOAD, io))
		return fail("DM_TABLE_LOAD (CONFIG_DM_CRYPT, the cipher?)", name);

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
