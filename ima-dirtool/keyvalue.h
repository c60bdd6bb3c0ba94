/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keyed mode (series v2): the keyed values of directories and special
 * files, computed from EVM's HMAC key, each object's identity (file system
 * UUID, inode number, generation) and, for a directory, its entries.
 */
#ifndef IMA_DIRTOOL_KEYVALUE_H
#define IMA_DIRTOOL_KEYVALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "keyed.h"
#include "node.h"

/*
 * The type of a keyed value (enum evm_ima_xattr_type, after
 * IMA_VERITY_DIGSIG). v1's pending records (pending.h) used the same
 * number: only keyed mode (-k) reads it as a keyed value.
 */
#define IMA_XATTR_INODE_MAC	0x07
#define KEYED_VERSION		1
#define KEYED_VALUE_SIZE	76

/* What the second MAC of a keyed value is (enum ima_keyed_pending). */
enum keyed_pending {
	KEYED_NONE = 0,
	KEYED_NEXT = 1,
	KEYED_CREATE = 2,
	KEYED_BORN = 3,
	KEYED__LAST
};

int keyed_key_file(const char *path, unsigned char k[KEYED_MAC_SIZE]);
int node_identity(const struct node *n, int dirfd, const char *name,
		  unsigned char uuid[KEYED_UUID_SIZE], uint64_t *ino,
		  uint32_t *gen);
int node_keyed_mac(const struct node *n, const unsigned char k[KEYED_MAC_SIZE],
		   unsigned char mac[KEYED_MAC_SIZE],
		   struct name_list *children, const char **what);
void keyed_value_make(const unsigned char mac[KEYED_MAC_SIZE],
		      unsigned char value[KEYED_VALUE_SIZE]);
const char *keyed_value_form(enum node_type type, const unsigned char *value,
			     size_t len);
const char *keyed_value_verify(const struct node *n,
			       const unsigned char k[KEYED_MAC_SIZE],
			       const unsigned char *value,
			       const unsigned char mac[KEYED_MAC_SIZE]);

#endif
