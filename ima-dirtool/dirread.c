// SPDX-License-Identifier: GPL-2.0
/*
 * Read a directory with the getdents64 system call itself, not readdir(3):
 * the kernel's digest covers exactly what ->iterate_shared() reports, and
 * getdents64() passes the same inode numbers and d_type values through
 * unchanged ("." and ".." included, nothing filtered or converted).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "dirread.h"

struct linux_dirent64 {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

#define DIRREAD_BUF	(64 * 1024)

/**
 * dir_read - call @fn for every entry of an open directory
 * @fd: the directory, open for reading at its start
 * @fn: callback
 * @priv: passed to @fn
 *
 * Return: 0, the first non-zero return of @fn, -ENOMEM, -EUCLEAN for a
 * malformed record, or the error of getdents64().
 */
int dir_read(int fd, dirent_fn fn, void *priv)
{
	const size_t name_off = offsetof(struct linux_dirent64, d_name);
	struct linux_dirent64 *de;
	char *buf;
	long n, off;
	int rc = 0;

	buf = malloc(DIRREAD_BUF);
	if (!buf)
		return -ENOMEM;
	for (;;) {
		n = syscall(SYS_getdents64, fd, buf, DIRREAD_BUF);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			rc = -errno;
			break;
		}
		if (!n)
			break;
		for (off = 0; off < n; off += de->d_reclen) {
			de = (struct linux_dirent64 *)(buf + off);
			if ((size_t)(n - off) < name_off + 1 ||
			    de->d_reclen <= name_off || de->d_reclen > n - off) {
				rc = -EUCLEAN;
				goto out;
			}
			rc = fn(priv, de->d_name,
				strnlen(de->d_name, de->d_reclen - name_off),
				de->d_ino, de->d_type);
			if (rc)
				goto out;
		}
	}
out:
	free(buf);
	return rc;
}
