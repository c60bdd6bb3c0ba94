// SPDX-License-Identifier: GPL-2.0
/*
 * security.ima I/O. The l*xattr() calls never follow a symbolic link: a
 * link's own security.ima holds its digest.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/xattr.h>

#include "xattr.h"

/**
 * ima_xattr_get - read security.ima
 * @path: the object
 * @buf: output
 * @size: size of @buf (IMA_XATTR_BUF holds any value)
 *
 * Return: the value's length (0 for an empty value), -ENODATA when there is
 * none, or another negative errno.
 */
ssize_t ima_xattr_get(const char *path, unsigned char *buf, size_t size)
{
	ssize_t len = lgetxattr(path, XATTR_NAME_IMA, buf, size);

	return len < 0 ? -errno : len;
}

/**
 * ima_xattr_set - write security.ima
 * @path: the object
 * @value: the value
 * @len: its length
 *
 * Return: 0 or a negative errno.
 */
int ima_xattr_set(const char *path, const unsigned char *value, size_t len)
{
	return lsetxattr(path, XATTR_NAME_IMA, value, len, 0) ? -errno : 0;
}

/**
 * ima_xattr_hint - what an xattr error means for the user
 * @err: positive errno
 * @set: whether it came from writing
 *
 * Return: a hint, or NULL.
 */
const char *ima_xattr_hint(int err, int set)
{
	switch (err) {
	case ENOTSUP:
		return "the file system does not support extended attributes";
	case EPERM:
		if (!set)
			return NULL;
		return "security.* attributes need CAP_SYS_ADMIN; with an EVM HMAC key loaded, EVM refuses a regular file without a valid security.evm unless booted with evm=fix; immutable files cannot be changed";
	case EACCES:
		return set ? "refused by IMA or EVM, see the kernel log" : NULL;
	case EROFS:
		return "read-only file system";
	case ERANGE:
		return "value longer than 64 KiB";
	default:
		return NULL;
	}
}
