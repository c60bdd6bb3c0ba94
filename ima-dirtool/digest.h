/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The digests of Documentation/security/IMA-directories.rst: directories
 * (over their entries), symbolic links, device nodes, FIFOs and sockets,
 * and regular files (over their contents, as IMA has always done).
 */
#ifndef IMA_DIRTOOL_DIGEST_H
#define IMA_DIRTOOL_DIGEST_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/evp.h>

/* Directory entry types, as getdents64() reports them. */
#define DT_UNKNOWN_	0
#define DT_FIFO_	1
#define DT_CHR_		2
#define DT_DIR_		4
#define DT_BLK_		6
#define DT_REG_		8
#define DT_LNK_		10
#define DT_SOCK_	12

#define IMA_NAME_MAX	255

struct dir_digest {
	const EVP_MD *md;
	EVP_MD_CTX *ctx;
	unsigned int size;
	unsigned char *hashes;	/* @count entry hashes of @size bytes */
	size_t count;
	size_t max;
};

int dir_digest_init(struct dir_digest *d, int algo);
int dir_digest_add(struct dir_digest *d, const char *name, size_t namelen,
		   uint64_t ino, unsigned int d_type);
int dir_digest_final(struct dir_digest *d, unsigned char *digest);
void dir_digest_free(struct dir_digest *d);

int lnk_digest(int algo, const char *target, size_t len,
	       unsigned char *digest);
int dev_digest(int algo, char kind, uint32_t major, uint32_t minor,
	       unsigned char *digest);
int fifo_digest(int algo, unsigned char *digest);
int sock_digest(int algo, unsigned char *digest);
int fd_digest(int algo, int fd, unsigned char *digest);

#endif
