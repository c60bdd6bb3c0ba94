// SPDX-License-Identifier: GPL-2.0
/*
 * Keyed mode (series v2): the 76-byte keyed values the kernel stores for
 * directories and special files (Documentation/security/IMA-directories.rst,
 * "Keyed values"), computed from EVM's HMAC key.
 *
 * Each object's key binds its file system's UUID (FS_IOC_GETFSUUID), its
 * inode number and its generation. The generation comes from
 * name_to_handle_at(), which works without privilege and on symbolic links
 * and device nodes too (ext4 encodes FILEID_INO32_GEN: inode number and
 * generation, 32 bits each); FS_IOC_GETVERSION would need an open file.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <openssl/crypto.h>

#include "digest.h"
#include "dirread.h"
#include "keyvalue.h"
#include "util.h"
#include "xattr.h"

#ifndef FS_IOC_GETFSUUID
struct fsuuid2 {
	uint8_t len;
	uint8_t uuid[16];
};
#define FS_IOC_GETFSUUID	_IOR(0x15, 0, struct fsuuid2)
#endif

#define FILEID_INO32_GEN	1

/**
 * keyed_key_file - derive IMA's key from a file holding EVM's HMAC key
 * @path: the file: EVM's key as raw bytes (1 to 128 of them), as it is
 *        loaded into the kernel (the decrypted data of its encrypted key)
 * @k: output, IMA's key
 *
 * Return: 0 or a negative errno (-EINVAL for a file of the wrong size).
 */
int keyed_key_file(const char *path, unsigned char k[KEYED_MAC_SIZE])
{
	unsigned char buf[KEYED_EVM_KEY_MAX + 1];
	ssize_t len;
	int fd, rc;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	len = read(fd, buf, sizeof(buf));
	rc = len < 0 ? -errno : 0;
	close(fd);
	if (!rc && (len < 1 || len > KEYED_EVM_KEY_MAX))
		rc = -EINVAL;
	if (!rc)
		rc = keyed_ima_key(buf, len, k);
	OPENSSL_cleanse(buf, sizeof(buf));
	return rc;
}

/* The UUID of the file system of the directory open as @fd. */
static int fs_uuid(int fd, unsigned char uuid[KEYED_UUID_SIZE])
{
	struct fsuuid2 u = { 0 };

	if (ioctl(fd, FS_IOC_GETFSUUID, &u))
		return -errno;
	if (u.len != KEYED_UUID_SIZE)
		return -EINVAL;
	memcpy(uuid, u.uuid, KEYED_UUID_SIZE);
	return 0;
}

/* Inode number and generation of @name in @dirfd, from its file handle. */
static int handle_ino_gen(int dirfd, const char *name, uint64_t *ino,
			  uint32_t *gen)
{
	struct {
		struct file_handle h;
		unsigned char buf[MAX_HANDLE_SZ];
	} fh;
	uint32_t v[2];
	int mnt;

	fh.h.handle_bytes = MAX_HANDLE_SZ;
	if (name_to_handle_at(dirfd, name, &fh.h, &mnt, 0))
		return -errno;
	/* ext4's FILEID_INO32_GEN; other encodings are not known here. */
	if (fh.h.handle_type != FILEID_INO32_GEN || fh.h.handle_bytes != 8)
		return -EOPNOTSUPP;
	memcpy(v, fh.h.f_handle, sizeof(v));
	*ino = v[0];
	*gen = v[1];
	return 0;
}

/* Open the directory that holds @path (the walk gives paths, not fds). */
static int open_parent(const char *path)
{
	char *copy = strdup(path), *slash;
	int fd;

	if (!copy)
		return -ENOMEM;
	slash = strrchr(copy, '/');
	if (!slash)
		fd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	else if (slash == copy)
		fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	else {
		*slash = '\0';
		fd = open(copy, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	}
	free(copy);
	return fd < 0 ? -errno : fd;
}

/**
 * node_identity - what an object's key binds
 * @n: the object, from node_stat()
 * @dirfd: a directory of the same file system, or -1
 * @name: the object's name in @dirfd, or NULL for @n->path
 * @uuid: output, its file system's UUID
 * @ino: output, its inode number (checked against @n)
 * @gen: output, its generation
 *
 * Return: 0 or a negative errno (-ESTALE: the path names another object
 * now; -EOPNOTSUPP: a file system whose handles do not carry the
 * generation as ext4's do).
 */
int node_identity(const struct node *n, int dirfd, const char *name,
		  unsigned char uuid[KEYED_UUID_SIZE], uint64_t *ino,
		  uint32_t *gen)
{
	int fd = dirfd, rc;

	if (fd < 0) {
		fd = n->type == NODE_DIR ?
		     open(n->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) :
		     open_parent(n->path);
		if (fd < 0)
			return n->type == NODE_DIR ? -errno : fd;
	}
	rc = fs_uuid(fd, uuid);
	if (!rc)
		rc = handle_ino_gen(name ? fd : AT_FDCWD, name ? name : n->path,
				    ino, gen);
	if (!rc && *ino != n->stx.stx_ino)
		rc = -ESTALE;
	if (fd != dirfd)
		close(fd);
	return rc;
}

/* One entry of a directory as its keyed state binds it. */
struct kentry {
	char *name;
	size_t len;
	uint64_t ino;
	uint32_t gen;
	unsigned int type;	/* DT_* value of its inode's mode */
	uint32_t major, minor;	/* its inode's device number (st_rdev) */
};

struct kdir {
	int fd;
	struct kentry *e;
	size_t count, max;
	struct name_list *children;
	int err;
};

static int kdir_entry(void *priv, const char *name, size_t namelen,
		      uint64_t ino, unsigned int d_type)
{
	struct kdir *d = priv;
	struct kentry *e;
	struct stat st;
	char *copy;
	int rc;

	(void)d_type;
	if (!keyed_entry_counts(name, namelen))
		return 0;
	if (d->count == d->max) {
		size_t max = d->max ? 2 * d->max : 64;

		e = realloc(d->e, max * sizeof(*e));
		if (!e)
			return -ENOMEM;
		d->e = e;
		d->max = max;
	}
	copy = strndup(name, namelen);
	if (!copy)
		return -ENOMEM;
	e = &d->e[d->count];
	e->name = copy;
	e->len = namelen;
	rc = handle_ino_gen(d->fd, copy, &e->ino, &e->gen);
	if (!rc && e->ino != ino)
		rc = -ESTALE;
	/*
	 * The type of the inode, not the entry's d_type: the kernel's; and
	 * its device number, which the term of a device node binds.
	 */
	if (!rc)
		rc = fstatat(d->fd, copy, &st, AT_SYMLINK_NOFOLLOW) ? -errno : 0;
	if (!rc && st.st_ino != ino)
		rc = -ESTALE;
	if (rc) {
		free(copy);
		return rc;
	}
	e->type = (st.st_mode & S_IFMT) >> 12;
	e->major = major(st.st_rdev);
	e->minor = minor(st.st_rdev);
	d->count++;
	if (d->children)
		return name_list_add(d->children, name, namelen);
	return 0;
}

static void kdir_free(struct kdir *d)
{
	size_t i;

	for (i = 0; i < d->count; i++)
		free(d->e[i].name);
	free(d->e);
	d->e = NULL;
	d->count = d->max = 0;
}

/* Read a directory's entries with their generations; its key into @ki. */
static int kdir_read(const struct node *n, const unsigned char k[KEYED_MAC_SIZE],
		     struct kdir *d, unsigned char ki[KEYED_MAC_SIZE],
		     struct keyed_state *st, const char **what)
{
	unsigned char uuid[KEYED_UUID_SIZE];
	uint64_t ino;
	uint32_t gen;
	size_t i;
	int rc;

	*what = "cannot open directory";
	d->fd = open(n->path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (d->fd < 0)
		return -errno;
	*what = "cannot identify directory";
	rc = node_identity(n, d->fd, NULL, uuid, &ino, &gen);
	if (!rc)
		rc = keyed_inode_key(k, uuid, ino, gen, ki);
	if (!rc) {
		*what = "cannot read directory";
		rc = dir_read(d->fd, kdir_entry, d);
	}
	keyed_state_init(st);
	for (i = 0; !rc && i < d->count; i++) {
		*what = "cannot hash";
		rc = keyed_state_add(st, ki, d->e[i].name, d->e[i].len,
				     d->e[i].ino, d->e[i].gen, d->e[i].type,
				     d->e[i].major, d->e[i].minor);
	}
	return rc;
}

/**
 * node_keyed_mac - the MAC of an object's keyed value
 * @n: a directory or special file, from node_stat()
 * @k: IMA's key
 * @mac: output
 * @children: for a directory, if not NULL, gets the entry names
 * @what: set to what failed, for the error message
 *
 * Return: 0 or a negative errno.
 */
int node_keyed_mac(const struct node *n, const unsigned char k[KEYED_MAC_SIZE],
		   unsigned char mac[KEYED_MAC_SIZE],
		   struct name_list *children, const char **what)
{
	unsigned char uuid[KEYED_UUID_SIZE], ki[KEYED_MAC_SIZE];
	struct kdir d = { .fd = -1, .children = children };
	struct keyed_state st;
	char *target = NULL;
	size_t len = 0;
	uint64_t ino;
	uint32_t gen;
	int rc;

	if (n->type == NODE_DIR) {
		rc = kdir_read(n, k, &d, ki, &st, what);
		if (!rc)
			rc = keyed_state_mac(&st, ki, mac);
		kdir_free(&d);
		if (d.fd >= 0)
			close(d.fd);
		OPENSSL_cleanse(ki, sizeof(ki));
		return rc;
	}
	*what = "cannot identify";
	rc = node_identity(n, -1, NULL, uuid, &ino, &gen);
	if (!rc)
		rc = keyed_inode_key(k, uuid, ino, gen, ki);
	if (rc)
		return rc;
	*what = "cannot hash";
	switch (n->type) {
	case NODE_LNK:
		*what = "cannot read symbolic link";
		rc = node_readlink(n, &target, &len);
		if (!rc)
			rc = keyed_symlink_mac(ki, target, len, mac);
		free(target);
		break;
	case NODE_CHR:
	case NODE_BLK:
		rc = keyed_special_mac(ki, n->type == NODE_CHR ? 'c' : 'b',
				       n->stx.stx_rdev_major,
				       n->stx.stx_rdev_minor, mac);
		break;
	case NODE_FIFO:
		rc = keyed_special_mac(ki, 'p', 0, 0, mac);
		break;
	case NODE_SOCK:
		rc = keyed_special_mac(ki, 's', 0, 0, mac);
		break;
	default:
		rc = -EINVAL;
	}
	OPENSSL_cleanse(ki, sizeof(ki));
	return rc;
}

/* The value fix mode writes: the MAC alone. */
void keyed_value_make(const unsigned char mac[KEYED_MAC_SIZE],
		      unsigned char value[KEYED_VALUE_SIZE])
{
	memset(value, 0, KEYED_VALUE_SIZE);
	value[0] = IMA_XATTR_INODE_MAC;
	value[1] = KEYED_VERSION;
	memcpy(value + 4, mac, KEYED_MAC_SIZE);
}

static int all_zero(const unsigned char *p, size_t len)
{
	while (len--)
		if (*p++)
			return 0;
	return 1;
}

/**
 * keyed_value_form - ima_keyed_xattr_check() of the kernel
 * @type: the object's type
 * @value: a stored value of type IMA_XATTR_INODE_MAC
 * @len: its length
 *
 * Return: NULL if well-formed, else the kernel's audit cause.
 */
const char *keyed_value_form(enum node_type type, const unsigned char *value,
			     size_t len)
{
	unsigned int pending;

	if (len < 2 || value[0] != IMA_XATTR_INODE_MAC ||
	    value[1] != KEYED_VERSION || len != KEYED_VALUE_SIZE || value[3] ||
	    value[2] >= KEYED__LAST)
		return "invalid-xattr";
	pending = value[2];
	if (pending == KEYED_NONE && !all_zero(value + 36, KEYED_MAC_SIZE))
		return "invalid-xattr";
	if ((pending == KEYED_NONE || pending == KEYED_NEXT) &&
	    !all_zero(value + 68, 8))
		return "invalid-xattr";
	if (type == NODE_DIR)
		return NULL;
	if (pending == KEYED_NEXT || pending == KEYED_CREATE)
		return "invalid-xattr";
	if (type == NODE_REG && (pending != KEYED_BORN ||
				 !all_zero(value + 4, KEYED_MAC_SIZE)))
		return "invalid-xattr";
	return NULL;
}

/*
 * Was @e, in the directory @n (@dino, @dgen), born with @nonce? A device
 * node must also carry the MAC of its number, which the birth MAC does not
 * bind: the kernel's ima_dir_born_here().
 */
static int born_here(const struct node *n, const struct kentry *e,
		     const unsigned char k[KEYED_MAC_SIZE],
		     const unsigned char uuid[KEYED_UUID_SIZE], uint64_t dino,
		     uint32_t dgen, uint64_t nonce)
{
	unsigned char v[KEYED_VALUE_SIZE + 1], kc[KEYED_MAC_SIZE];
	unsigned char mac[KEYED_MAC_SIZE];
	char *path;
	ssize_t len;
	int ok;

	path = path_join(n->path, e->name);
	len = ima_xattr_get(path, v, sizeof(v));
	free(path);
	if (len != KEYED_VALUE_SIZE || v[0] != IMA_XATTR_INODE_MAC ||
	    v[1] != KEYED_VERSION || v[2] != KEYED_BORN ||
	    get_le64(v + 68) != nonce)
		return 0;
	if (keyed_inode_key(k, uuid, e->ino, e->gen, kc))
		return 0;
	ok = !keyed_birth_mac(kc, dino, dgen, nonce, e->name, e->len, mac) &&
	     !memcmp(mac, v + 36, KEYED_MAC_SIZE);
	if (ok && (e->type == DT_CHR_ || e->type == DT_BLK_))
		ok = !keyed_special_mac(kc, e->type == DT_CHR_ ? 'c' : 'b',
					e->major, e->minor, mac) &&
		     !memcmp(mac, v + 4, KEYED_MAC_SIZE);
	OPENSSL_cleanse(kc, sizeof(kc));
	return ok;
}

/* A creation a crash interrupted: the kernel's ima_dir_recover_create(). */
static int create_recovered(const struct node *n,
			    const unsigned char k[KEYED_MAC_SIZE],
			    const unsigned char *value)
{
	unsigned char ki[KEYED_MAC_SIZE], uuid[KEYED_UUID_SIZE];
	unsigned char mac[KEYED_MAC_SIZE];
	struct kdir d = { .fd = -1 };
	struct keyed_state st, before;
	uint64_t nonce = get_le64(value + 68), dino;
	const char *what;
	uint32_t dgen;
	size_t i, j;
	int ok = 0;

	if (kdir_read(n, k, &d, ki, &st, &what) ||
	    node_identity(n, d.fd, NULL, uuid, &dino, &dgen))
		goto out;
	for (i = 0; i < d.count && !ok; i++) {
		/* The state without entry i, computed again: only after a crash. */
		keyed_state_init(&before);
		for (j = 0; j < d.count; j++)
			if (j != i && keyed_state_add(&before, ki, d.e[j].name,
						      d.e[j].len, d.e[j].ino,
						      d.e[j].gen, d.e[j].type,
						      d.e[j].major,
						      d.e[j].minor))
				goto out;
		if (keyed_create_mac(&before, ki, nonce, d.e[i].name,
				     d.e[i].len, mac) ||
		    memcmp(mac, value + 36, KEYED_MAC_SIZE))
			continue;
		ok = born_here(n, &d.e[i], k, uuid, dino, dgen, nonce);
		break;
	}
out:
	kdir_free(&d);
	if (d.fd >= 0)
		close(d.fd);
	OPENSSL_cleanse(ki, sizeof(ki));
	return ok;
}

/**
 * keyed_value_verify - check a well-formed keyed value as the kernel does
 * @n: the object
 * @k: IMA's key
 * @value: the stored value (keyed_value_form() passed it)
 * @mac: the MAC node_keyed_mac() computed for @n
 *
 * EVM's HMAC is not checked here.
 *
 * Return: NULL if it verifies, "interrupted-change" if it verifies as a
 * change a crash interrupted, else "invalid-hash".
 */
const char *keyed_value_verify(const struct node *n,
			       const unsigned char k[KEYED_MAC_SIZE],
			       const unsigned char *value,
			       const unsigned char mac[KEYED_MAC_SIZE])
{
	if (!memcmp(value + 4, mac, KEYED_MAC_SIZE))
		return NULL;
	if (n->type != NODE_DIR)
		return "invalid-hash";
	if (value[2] == KEYED_NEXT && !memcmp(value + 36, mac, KEYED_MAC_SIZE))
		return "interrupted-change";
	if (value[2] == KEYED_CREATE && create_recovered(n, k, value))
		return "interrupted-change";
	return "invalid-hash";
}
