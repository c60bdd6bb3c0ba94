// SPDX-License-Identifier: GPL-2.0
/*
 * One file system object: find its type without following symbolic links
 * and compute the digest the kernel would store for it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "digest.h"
#include "dirread.h"
#include "node.h"
#include "util.h"

static const char * const type_names[NODE__LAST] = {
	[NODE_DIR] = "dir", [NODE_REG] = "reg", [NODE_LNK] = "lnk",
	[NODE_CHR] = "chr", [NODE_BLK] = "blk", [NODE_FIFO] = "fifo",
	[NODE_SOCK] = "sock",
};

/**
 * node_type_name - short name of a node type ("dir", "lnk", ...), the
 * kinds of the known-answer vectors
 * @type: node type
 */
const char *node_type_name(enum node_type type)
{
	return type < NODE__LAST ? type_names[type] : "?";
}

/**
 * node_stat - look up a path without following a final symbolic link
 * @path: the path
 * @n: output; keeps @path
 *
 * Return: 0, -ENOTSUP for a file type the kernel has no digest for, or
 * the error of statx().
 */
int node_stat(const char *path, struct node *n)
{
	memset(n, 0, sizeof(*n));
	n->path = path;
	if (statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT,
		  STATX_TYPE | STATX_MODE | STATX_INO | STATX_SIZE |
		  STATX_MNT_ID,
		  &n->stx))
		return -errno;
	n->has_mnt_id = n->stx.stx_mask & STATX_MNT_ID;
	switch (n->stx.stx_mode & S_IFMT) {
	case S_IFDIR:
		n->type = NODE_DIR;
		break;
	case S_IFREG:
		n->type = NODE_REG;
		break;
	case S_IFLNK:
		n->type = NODE_LNK;
		break;
	case S_IFCHR:
		n->type = NODE_CHR;
		break;
	case S_IFBLK:
		n->type = NODE_BLK;
		break;
	case S_IFIFO:
		n->type = NODE_FIFO;
		break;
	case S_IFSOCK:
		n->type = NODE_SOCK;
		break;
	default:
		return -ENOTSUP;
	}
	return 0;
}

/**
 * node_same_mount - whether two objects are on the same mount
 * @a: an object
 * @b: another object
 *
 * Compares mount ids where statx() reports them (so bind mounts of the
 * same file system count as other mounts too), device numbers otherwise.
 */
bool node_same_mount(const struct node *a, const struct node *b)
{
	if (a->has_mnt_id && b->has_mnt_id)
		return a->stx.stx_mnt_id == b->stx.stx_mnt_id;
	return a->stx.stx_dev_major == b->stx.stx_dev_major &&
	       a->stx.stx_dev_minor == b->stx.stx_dev_minor;
}

/**
 * node_is_whiteout - whether an object is an overlayfs whiteout
 * @n: the object
 *
 * A character device 0/0 (RENAME_WHITEOUT makes them). The kernel never
 * appraises one: it cannot be opened, and its directory's digest covers it.
 */
bool node_is_whiteout(const struct node *n)
{
	return n->type == NODE_CHR && !n->stx.stx_rdev_major &&
	       !n->stx.stx_rdev_minor;
}

/**
 * node_is_mount_root - whether a directory is the root of a mount
 * @n: the object
 *
 * Return: 1, 0, or -1 when the kernel does not say (before Linux 5.8).
 */
int node_is_mount_root(const struct node *n)
{
	if (!(n->stx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT))
		return -1;
	return !!(n->stx.stx_attributes & STATX_ATTR_MOUNT_ROOT);
}

int name_list_add(struct name_list *l, const char *name, size_t len)
{
	char *copy;

	if (l->count == l->max) {
		size_t max = l->max ? l->max * 2 : 64;
		char **names = realloc(l->names, max * sizeof(*names));

		if (!names)
			return -ENOMEM;
		l->names = names;
		l->max = max;
	}
	copy = malloc(len + 1);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, name, len);
	copy[len] = '\0';
	l->names[l->count++] = copy;
	return 0;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

/**
 * name_list_sort - sort names in strcmp() order
 * @l: the list
 */
void name_list_sort(struct name_list *l)
{
	if (l->count)
		qsort(l->names, l->count, sizeof(*l->names), cmp_name);
}

/**
 * name_list_free - free a name list's memory
 * @l: the list
 */
void name_list_free(struct name_list *l)
{
	size_t i;

	for (i = 0; i < l->count; i++)
		free(l->names[i]);
	free(l->names);
	memset(l, 0, sizeof(*l));
}

struct dir_ctx {
	struct dir_digest d;
	struct name_list *children;
	struct dir_pending *p;		/* NULL once an entry does not fit */
	struct dir_digest before;	/* the entries before p's change */
};

static int dir_entry(void *priv, const char *name, size_t namelen,
		     uint64_t ino, unsigned int d_type)
{
	struct dir_ctx *c = priv;
	int rc;

	rc = dir_digest_add(&c->d, name, namelen, ino, d_type);
	if (!rc && c->p) {
		rc = dir_pending_entry(c->p, &c->before, name, namelen, ino,
				       d_type);
		/* Does not fit: go on, for the digest and the children. */
		if (rc == -EBADMSG) {
			c->p = NULL;
			rc = 0;
		}
	}
	if (rc || !c->children)
		return rc;
	if ((namelen == 1 && name[0] == '.') ||
	    (namelen == 2 && name[0] == '.' && name[1] == '.'))
		return 0;
	return name_list_add(c->children, name, namelen);
}

/* Open @n read-only, checking it is still the object node_stat() saw. */
static int open_same(const struct node *n, int flags)
{
	struct stat st;
	int fd;

	flags |= O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY;
	fd = open(n->path, flags | O_NOATIME);
	if (fd < 0 && errno == EPERM)
		fd = open(n->path, flags);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || st.st_ino != n->stx.stx_ino ||
	    (st.st_mode & S_IFMT) != (n->stx.stx_mode & S_IFMT)) {
		close(fd);
		return -ESTALE;
	}
	return fd;
}

static int dir_calc(const struct node *n, int algo, unsigned char *digest,
		    struct name_list *children, struct pending_check *pc,
		    const char **what)
{
	struct dir_ctx c = { .children = children };
	int fd, rc;

	*what = "cannot open directory";
	fd = open_same(n, O_DIRECTORY);
	if (fd < 0)
		return fd;
	*what = "cannot hash";
	rc = dir_digest_init(&c.d, algo);
	if (!rc && pc) {
		c.p = pc->p;
		pc->fits = false;
		rc = dir_digest_init(&c.before, algo);
	}
	if (!rc) {
		*what = "cannot read directory";
		rc = dir_read(fd, dir_entry, &c);
		if (rc == -EINVAL)
			*what = "cannot read directory: an entry has an invalid name or type";
	}
	if (!rc) {
		*what = "cannot hash";
		rc = dir_digest_final(&c.d, digest);
	}
	if (!rc && c.p) {
		rc = dir_pending_finish(c.p, &c.before);
		if (!rc)
			rc = dir_digest_final(&c.before, pc->before);
		pc->fits = !rc;
		if (rc == -EBADMSG)
			rc = 0;
	}
	dir_digest_free(&c.before);
	dir_digest_free(&c.d);
	close(fd);
	return rc;
}

static int reg_calc(const struct node *n, int algo, unsigned char *digest,
		    const char **what)
{
	int fd, rc;

	*what = "cannot open file";
	fd = open_same(n, O_NONBLOCK);
	if (fd < 0)
		return fd;
	*what = "cannot hash file";
	rc = fd_digest(algo, fd, digest);
	close(fd);
	return rc;
}

/**
 * node_readlink - a symbolic link's target, as the kernel hashes it
 * @n: the link, from node_stat()
 * @target: output, a new buffer (free() it), not NUL-terminated
 * @len: output, the target's length
 *
 * Return: 0 or a negative errno.
 */
int node_readlink(const struct node *n, char **target, size_t *len)
{
	size_t size = PATH_MAX;
	char *buf;
	ssize_t got;

	if (n->stx.stx_size >= size)
		size = n->stx.stx_size + 1;
	for (;;) {
		buf = malloc(size);
		if (!buf)
			return -ENOMEM;
		got = readlink(n->path, buf, size);
		if (got < 0) {
			free(buf);
			return -errno;
		}
		if ((size_t)got < size)
			break;
		free(buf);
		/* Truncated: the target grew since statx(). */
		if (size > (1UL << 24))
			return -ENAMETOOLONG;
		size *= 2;
	}
	*target = buf;
	*len = got;
	return 0;
}

static int lnk_calc(const struct node *n, int algo, unsigned char *digest,
		    const char **what)
{
	char *buf;
	size_t len;
	int rc;

	*what = "cannot read symbolic link";
	rc = node_readlink(n, &buf, &len);
	if (rc)
		return rc;
	*what = "cannot hash";
	rc = lnk_digest(algo, buf, len, digest);
	free(buf);
	return rc;
}

/**
 * node_digest - the digest the kernel stores for an object
 * @n: the object, from node_stat()
 * @algo: hash_algo id
 * @digest: output
 * @children: for a directory, if not NULL, gets the entry names (without
 *            "." and "..") read with the same getdents64() calls
 * @what: set to what failed, for the error message
 *
 * Return: 0 or a negative errno (-ESTALE: the path now names another
 * object; -EINVAL from a directory: an entry the kernel cannot hash).
 */
int node_digest(const struct node *n, int algo, unsigned char *digest,
		struct name_list *children, const char **what)
{
	return node_digest_pending(n, algo, digest, children, NULL, what);
}

/**
 * node_digest_pending - node_digest(), and a directory's entries checked
 * against a pending record
 * @n: the object, from node_stat()
 * @algo: hash_algo id (the record's)
 * @digest: output, the digest of the entries as they are
 * @children: as for node_digest()
 * @pc: for a directory, if not NULL: the record to check the entries
 *      against (pc->p, its change states are updated); on success,
 *      pc->fits tells whether the entries fit it and then pc->before is
 *      the digest of the entries as they were before its change
 * @what: set to what failed, for the error message
 *
 * Return: as node_digest(); entries that do not fit are no error.
 */
int node_digest_pending(const struct node *n, int algo, unsigned char *digest,
			struct name_list *children, struct pending_check *pc,
			const char **what)
{
	*what = "cannot hash";
	switch (n->type) {
	case NODE_DIR:
		return dir_calc(n, algo, digest, children, pc, what);
	case NODE_REG:
		return reg_calc(n, algo, digest, what);
	case NODE_LNK:
		return lnk_calc(n, algo, digest, what);
	case NODE_CHR:
	case NODE_BLK:
		return dev_digest(algo, n->type == NODE_CHR ? 'c' : 'b',
				  n->stx.stx_rdev_major, n->stx.stx_rdev_minor,
				  digest);
	case NODE_FIFO:
		return fifo_digest(algo, digest);
	case NODE_SOCK:
		return sock_digest(algo, digest);
	default:
		return -EINVAL;
	}
}
