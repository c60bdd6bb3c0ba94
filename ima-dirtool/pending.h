/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pending records: what security.ima of a directory holds while its
 * entries change (Documentation/security/IMA-directories.rst, "Interrupted
 * changes"), read, written and checked as ima_dir.c does.
 */
#ifndef IMA_DIRTOOL_PENDING_H
#define IMA_DIRTOOL_PENDING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "algo.h"
#include "digest.h"

#define IMA_XATTR_DIR_PENDING	0x07

#define IMA_DIR_CHG_OLD		0x01	/* the name exists before the change */
#define IMA_DIR_CHG_NEW		0x02	/* the name exists after the change */
#define IMA_DIR_CHG_ANY		0x04	/* ... naming a new inode */
#define IMA_DIR_CHG_FLAGS	0x07
#define IMA_DIR_MAX_CHANGES	2
/* type, algo, digest, count, then per change 20 bytes and the name */
#define IMA_DIR_PENDING_MAX	(3 + MAX_DIGEST_SIZE + \
				 IMA_DIR_MAX_CHANGES * (20 + IMA_NAME_MAX))

/**
 * struct dir_change - one entry of a pending record
 * @name: entry name, not NUL-terminated
 * @namelen: length of @name
 * @flags: IMA_DIR_CHG_*
 * @old_type: DT_* type before the change (with IMA_DIR_CHG_OLD)
 * @new_type: DT_* type after the change (with IMA_DIR_CHG_NEW)
 * @old_ino: inode number before the change (with IMA_DIR_CHG_OLD)
 * @new_ino: inode number after the change (with IMA_DIR_CHG_NEW and
 *           without IMA_DIR_CHG_ANY)
 * @present: checking: the entry was seen
 * @state: checking: IMA_DIR_CHG_OLD and/or IMA_DIR_CHG_NEW, the states the
 *         entry was found in
 */
struct dir_change {
	const unsigned char *name;
	uint8_t namelen;
	uint8_t flags;
	uint8_t old_type;
	uint8_t new_type;
	uint64_t old_ino;
	uint64_t new_ino;
	bool present;
	uint8_t state;
};

/**
 * struct dir_pending - a directory's record of a change in progress
 * @algo: hash_algo id of @digest
 * @digest: the directory's digest before the change
 * @count: number of changes in @c
 * @c: the entries that change
 */
struct dir_pending {
	int algo;
	const unsigned char *digest;
	unsigned int count;
	struct dir_change c[IMA_DIR_MAX_CHANGES];
};

int dir_pending_parse(const unsigned char *buf, size_t len,
		      struct dir_pending *p);
size_t dir_pending_build(unsigned char *buf, const struct dir_pending *p);
int dir_pending_entry(struct dir_pending *p, struct dir_digest *rev,
		      const char *name, size_t namelen, uint64_t ino,
		      unsigned int d_type);
int dir_pending_finish(struct dir_pending *p, struct dir_digest *rev);

#endif
