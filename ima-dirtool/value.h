/* SPDX-License-Identifier: GPL-2.0 */
/* The security.ima value: how it is built and how the kernel reads it. */
#ifndef IMA_DIRTOOL_VALUE_H
#define IMA_DIRTOOL_VALUE_H

#include <stdbool.h>
#include <stddef.h>

#include "algo.h"
#include "node.h"
#include "pending.h"

#define IMA_XATTR_DIGEST	0x01
#define EVM_IMA_XATTR_DIGSIG	0x03
#define IMA_XATTR_DIGEST_NG	0x04
#define IMA_VERITY_DIGSIG	0x06
/* IMA_XATTR_DIR_PENDING (0x07), a directory's pending record: pending.h */

#define IMA_VALUE_MAX		(2 + MAX_DIGEST_SIZE)

/* How the kernel would check a stored value. */
struct ima_stored {
	int algo;		/* algorithm to verify with */
	size_t offset;		/* where the digest starts */
	const char *cause;	/* set when it fails without hashing */
	bool signature;		/* a signature, not a digest */
	bool pending;		/* a directory's pending record, parsed or not */
	struct dir_pending p;	/* the record (without a cause), in the value */
};

size_t ima_value_make(enum node_type type, int algo,
		      const unsigned char *digest, unsigned char *value);
void ima_value_parse(enum node_type type, int default_algo,
		     const unsigned char *value, size_t len,
		     struct ima_stored *s);
bool ima_value_matches(const struct ima_stored *s, const unsigned char *value,
		       size_t len, const unsigned char *digest);

#endif
