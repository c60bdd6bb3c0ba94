/* SPDX-License-Identifier: GPL-2.0 */
/* One file system object: its type and its digest. */
#ifndef IMA_DIRTOOL_NODE_H
#define IMA_DIRTOOL_NODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "algo.h"
#include "pending.h"

enum node_type {
	NODE_DIR,
	NODE_REG,
	NODE_LNK,
	NODE_CHR,
	NODE_BLK,
	NODE_FIFO,
	NODE_SOCK,
	NODE__LAST
};

struct node {
	const char *path;
	enum node_type type;
	struct statx stx;
	bool has_mnt_id;	/* stx.stx_mnt_id is valid */
};

/* Names of a directory's entries, "." and ".." left out. */
struct name_list {
	char **names;
	size_t count;
	size_t max;
};

/*
 * A directory read against a pending record: the digest of its entries as
 * they were before the record's change, and whether they fit the record.
 */
struct pending_check {
	struct dir_pending *p;	/* the record (its change states are used) */
	unsigned char before[MAX_DIGEST_SIZE];
	bool fits;		/* every entry it names in the same state */
};

const char *node_type_name(enum node_type type);
int node_stat(const char *path, struct node *n);
bool node_is_whiteout(const struct node *n);
int node_is_mount_root(const struct node *n);
bool node_same_mount(const struct node *a, const struct node *b);
int node_digest(const struct node *n, int algo, unsigned char *digest,
		struct name_list *children, const char **what);
int node_digest_pending(const struct node *n, int algo, unsigned char *digest,
			struct name_list *children, struct pending_check *pc,
			const char **what);
int node_readlink(const struct node *n, char **target, size_t *len);
int name_list_add(struct name_list *l, const char *name, size_t len);
void name_list_sort(struct name_list *l);
void name_list_free(struct name_list *l);

#endif
