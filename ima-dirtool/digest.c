// SPDX-License-Identifier: GPL-2.0
/*
 * The digests the kernel series stores in security.ima, byte for byte as
 * Documentation/security/IMA-directories.rst defines them (and as
 * security/integrity/ima/ima_dir.c computes them):
 *
 *   directory:  H("IMA-DIR" 0x01 || le32 n || sorted h(e_1) .. h(e_n)),
 *               h(e) = H(le64 ino || u8 d_type || u8 namelen || name)
 *   symlink:    H("IMA-LNK" 0x01 || target)
 *   device:     H("IMA-DEV" 0x01 || 'c'|'b' || le32 major || le32 minor)
 *   FIFO:       H("IMA-FIFO" 0x01)
 *   socket:     H("IMA-SOCK" 0x01)
 *   regular:    H(contents)
 *
 * Every function returns 0 or a negative errno: -ENOPKG when OpenSSL
 * cannot compute the algorithm, -EINVAL for bad input, -ENOMEM, -EIO when
 * OpenSSL fails, or the error of read().
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "algo.h"
#include "digest.h"

static const unsigned char dir_prefix[] = "IMA-DIR\x01";
static const unsigned char lnk_prefix[] = "IMA-LNK\x01";
static const unsigned char dev_prefix[] = "IMA-DEV\x01";
static const unsigned char fifo_prefix[] = "IMA-FIFO\x01";
static const unsigned char sock_prefix[] = "IMA-SOCK\x01";

/* Entry hashes a directory digest holds before it grows its buffer. */
#define DIR_MIN_ENTRIES		64
#define READ_CHUNK		(64 * 1024)

static void put_le32(unsigned char *p, uint32_t v)
{
	int i;

	for (i = 0; i < 4; i++)
		p[i] = v >> (8 * i);
}

static void put_le64(unsigned char *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = v >> (8 * i);
}

/* H(a || b) into @digest; @b may be NULL. */
static int hash2(int algo, const void *a, size_t alen, const void *b,
		 size_t blen, unsigned char *digest)
{
	const EVP_MD *md = algo_md(algo);
	EVP_MD_CTX *ctx;
	int ok;

	if (!md)
		return -ENOPKG;
	ctx = EVP_MD_CTX_new();
	if (!ctx)
		return -ENOMEM;
	ok = EVP_DigestInit_ex2(ctx, md, NULL) &&
	     EVP_DigestUpdate(ctx, a, alen) &&
	     (!blen || EVP_DigestUpdate(ctx, b, blen)) &&
	     EVP_DigestFinal_ex(ctx, digest, NULL);
	EVP_MD_CTX_free(ctx);
	return ok ? 0 : -EIO;
}

/**
 * dir_digest_init - start a directory digest
 * @d: state to initialise
 * @algo: the kernel's hash_algo id
 *
 * Return: 0, -ENOPKG or -ENOMEM.
 */
int dir_digest_init(struct dir_digest *d, int algo)
{
	memset(d, 0, sizeof(*d));
	d->md = algo_md(algo);
	if (!d->md)
		return -ENOPKG;
	d->ctx = EVP_MD_CTX_new();
	if (!d->ctx)
		return -ENOMEM;
	d->size = EVP_MD_get_size(d->md);
	return 0;
}

/**
 * dir_digest_add - add one directory entry
 * @d: state
 * @name: entry name, not NUL-terminated
 * @namelen: 1 to 255
 * @ino: inode number as getdents64() reports it
 * @d_type: DT_* as getdents64() reports it
 *
 * Return: 0, -EINVAL for a bad name length or type, -EOVERFLOW past
 * 2^32 - 1 entries (the count is a le32), -ENOMEM or -EIO.
 */
int dir_digest_add(struct dir_digest *d, const char *name, size_t namelen,
		   uint64_t ino, unsigned int d_type)
{
	unsigned char hdr[10];

	if (!namelen || namelen > IMA_NAME_MAX || d_type > 255)
		return -EINVAL;
	if (d->count == UINT32_MAX)
		return -EOVERFLOW;
	if (d->count == d->max) {
		size_t max = d->max ? d->max * 2 : DIR_MIN_ENTRIES;
		unsigned char *hashes;

		if (max > SIZE_MAX / d->size)
			return -EOVERFLOW;
		hashes = realloc(d->hashes, max * d->size);
		if (!hashes)
			return -ENOMEM;
		d->hashes = hashes;
		d->max = max;
	}
	put_le64(hdr, ino);
	hdr[8] = d_type;
	hdr[9] = namelen;
	if (!EVP_DigestInit_ex2(d->ctx, d->md, NULL) ||
	    !EVP_DigestUpdate(d->ctx, hdr, sizeof(hdr)) ||
	    !EVP_DigestUpdate(d->ctx, name, namelen) ||
	    !EVP_DigestFinal_ex(d->ctx, d->hashes + d->count * d->size, NULL))
		return -EIO;
	d->count++;
	return 0;
}

static size_t cmp_size;

static int cmp_hash(const void *a, const void *b)
{
	return memcmp(a, b, cmp_size);
}

/**
 * dir_digest_final - the digest over the entries added
 * @d: state; the entry hashes are sorted in place
 * @digest: output, the algorithm's digest size
 *
 * Return: 0 or -EIO.
 */
int dir_digest_final(struct dir_digest *d, unsigned char *digest)
{
	unsigned char count[4];

	cmp_size = d->size;
	if (d->count)
		qsort(d->hashes, d->count, d->size, cmp_hash);
	put_le32(count, d->count);
	if (!EVP_DigestInit_ex2(d->ctx, d->md, NULL) ||
	    !EVP_DigestUpdate(d->ctx, dir_prefix, sizeof(dir_prefix) - 1) ||
	    !EVP_DigestUpdate(d->ctx, count, sizeof(count)) ||
	    (d->count &&
	     !EVP_DigestUpdate(d->ctx, d->hashes, d->count * d->size)) ||
	    !EVP_DigestFinal_ex(d->ctx, digest, NULL))
		return -EIO;
	return 0;
}

/**
 * dir_digest_free - release a directory digest's memory
 * @d: state (initialised, or zeroed)
 */
void dir_digest_free(struct dir_digest *d)
{
	free(d->hashes);
	EVP_MD_CTX_free(d->ctx);
	memset(d, 0, sizeof(*d));
}

/**
 * lnk_digest - the digest of a symbolic link
 * @algo: hash_algo id
 * @target: the link's contents, without a terminating NUL
 * @len: length of @target
 * @digest: output
 */
int lnk_digest(int algo, const char *target, size_t len,
	       unsigned char *digest)
{
	return hash2(algo, lnk_prefix, sizeof(lnk_prefix) - 1, target, len,
		     digest);
}

/**
 * dev_digest - the digest of a device node
 * @algo: hash_algo id
 * @kind: 'c' (character) or 'b' (block)
 * @major: major number
 * @minor: minor number
 * @digest: output
 */
int dev_digest(int algo, char kind, uint32_t major, uint32_t minor,
	       unsigned char *digest)
{
	unsigned char dev[9];

	if (kind != 'c' && kind != 'b')
		return -EINVAL;
	dev[0] = kind;
	put_le32(dev + 1, major);
	put_le32(dev + 5, minor);
	return hash2(algo, dev_prefix, sizeof(dev_prefix) - 1, dev,
		     sizeof(dev), digest);
}

/**
 * fifo_digest - the digest of a FIFO
 * @algo: hash_algo id
 * @digest: output
 */
int fifo_digest(int algo, unsigned char *digest)
{
	return hash2(algo, fifo_prefix, sizeof(fifo_prefix) - 1, NULL, 0,
		     digest);
}

/**
 * sock_digest - the digest of a socket
 * @algo: hash_algo id
 * @digest: output
 */
int sock_digest(int algo, unsigned char *digest)
{
	return hash2(algo, sock_prefix, sizeof(sock_prefix) - 1, NULL, 0,
		     digest);
}

/**
 * fd_digest - the digest of a regular file's contents, as IMA computes it
 * @algo: hash_algo id
 * @fd: the file, open for reading at offset 0
 * @digest: output
 *
 * Return: 0, -ENOPKG, -ENOMEM, -EIO or read()'s error.
 */
int fd_digest(int algo, int fd, unsigned char *digest)
{
	const EVP_MD *md = algo_md(algo);
	EVP_MD_CTX *ctx;
	unsigned char *buf;
	ssize_t n;
	int rc = 0;

	if (!md)
		return -ENOPKG;
	ctx = EVP_MD_CTX_new();
	buf = malloc(READ_CHUNK);
	if (!ctx || !buf) {
		rc = -ENOMEM;
		goto out;
	}
	if (!EVP_DigestInit_ex2(ctx, md, NULL)) {
		rc = -EIO;
		goto out;
	}
	for (;;) {
		n = read(fd, buf, READ_CHUNK);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			rc = -errno;
			goto out;
		}
		if (!n)
			break;
		if (!EVP_DigestUpdate(ctx, buf, n)) {
			rc = -EIO;
			goto out;
		}
	}
	if (!EVP_DigestFinal_ex(ctx, digest, NULL))
		rc = -EIO;
out:
	free(buf);
	EVP_MD_CTX_free(ctx);
	return rc;
}
