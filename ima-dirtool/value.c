// SPDX-License-Identifier: GPL-2.0
/*
 * The security.ima value, written and read the way the kernel does:
 *
 * - directories and special files (ima_dir.c): always IMA_XATTR_DIGEST_NG,
 *   the hash_algo id, the digest, nothing more; or, for a directory whose
 *   entries were changing, a pending record (pending.c);
 * - regular files (ima_appraise.c): ima_fix_xattr() writes md4, md5 and
 *   sha1 digests in the old form (IMA_XATTR_DIGEST + digest, no id) and
 *   every other algorithm as IMA_XATTR_DIGEST_NG; appraisal accepts both
 *   forms, longer values too (it compares the digest's length only), and
 *   leaves signatures to the kernel's keyrings.
 *
 * The failure causes are the kernel's audit causes.
 */
#define _GNU_SOURCE
#include <string.h>

#include "value.h"

/**
 * ima_value_make - the value the kernel's fix mode writes
 * @type: node type
 * @algo: hash_algo id
 * @digest: the digest
 * @value: output, at least IMA_VALUE_MAX bytes
 *
 * Return: the value's length.
 */
size_t ima_value_make(enum node_type type, int algo,
		      const unsigned char *digest, unsigned char *value)
{
	unsigned int size = hash_algos[algo].size;

	if (type == NODE_REG && algo <= HASH_ALGO_SHA1) {
		value[0] = IMA_XATTR_DIGEST;
		memcpy(value + 1, digest, size);
		return 1 + size;
	}
	value[0] = IMA_XATTR_DIGEST_NG;
	value[1] = algo;
	memcpy(value + 2, digest, size);
	return 2 + size;
}

/* ima_get_hash_algo() of ima_appraise.c, for the digest types. */
static void parse_reg(int default_algo, const unsigned char *value,
		      size_t len, struct ima_stored *s)
{
	static const unsigned char zero[4];

	s->algo = default_algo;
	switch (value[0]) {
	case IMA_XATTR_DIGEST_NG:
		if (value[1] < HASH_ALGO__LAST)
			s->algo = value[1];
		s->offset = 2;
		break;
	case IMA_XATTR_DIGEST:
		if (len == 21)
			s->algo = memcmp(value + 17, zero, 4) ?
				  HASH_ALGO_SHA1 : HASH_ALGO_MD5;
		else if (len == 17)
			s->algo = HASH_ALGO_MD5;
		s->offset = 1;
		break;
	case EVM_IMA_XATTR_DIGSIG:
	case IMA_VERITY_DIGSIG:
		s->signature = true;
		return;
	default:
		s->cause = "unknown-ima-data";
		return;
	}
	if (len < s->offset + hash_algos[s->algo].size)
		s->cause = "invalid-hash";
}

/**
 * ima_value_parse - how the kernel checks a stored value
 * @type: node type
 * @default_algo: the algorithm IMA falls back to (ima_hash=)
 * @value: the stored value
 * @len: its length; 0 when there is none
 * @s: output
 */
void ima_value_parse(enum node_type type, int default_algo,
		     const unsigned char *value, size_t len,
		     struct ima_stored *s)
{
	memset(s, 0, sizeof(*s));
	s->algo = default_algo;
	if (!len) {
		s->cause = "missing-hash";
		return;
	}
	if (type == NODE_REG) {
		if (len >= 2)
			parse_reg(default_algo, value, len, s);
		else if (value[0] == IMA_XATTR_DIGEST ||
			 value[0] == IMA_XATTR_DIGEST_NG)
			s->cause = "invalid-hash";
		else
			s->cause = "unknown-ima-data";
		return;
	}
	/* ima_dir_verify() */
	if (type == NODE_DIR && value[0] == IMA_XATTR_DIR_PENDING) {
		s->pending = true;
		if (dir_pending_parse(value, len, &s->p)) {
			s->cause = "invalid-xattr";
			return;
		}
		s->algo = s->p.algo;
		s->offset = 2;
		return;
	}
	if (len < 2 || value[0] != IMA_XATTR_DIGEST_NG) {
		s->cause = "unknown-ima-data";
		return;
	}
	if (value[1] >= HASH_ALGO__LAST ||
	    len != 2 + hash_algos[value[1]].size) {
		s->cause = "invalid-xattr";
		return;
	}
	s->algo = value[1];
	s->offset = 2;
}

/**
 * ima_value_matches - whether a parsed value holds @digest
 * @s: from ima_value_parse(), without a cause; for a pending record, @digest
 *     is the digest of the entries before its change
 * @value: the stored value
 * @len: its length
 * @digest: the digest computed with @s->algo
 */
bool ima_value_matches(const struct ima_stored *s, const unsigned char *value,
		       size_t len, const unsigned char *digest)
{
	size_t size = hash_algos[s->algo].size;

	if (s->cause || s->signature || len < s->offset + size)
		return false;
	return !memcmp(value + s->offset, digest, size);
}
