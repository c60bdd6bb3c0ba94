/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's hash algorithm ids (include/uapi/linux/hash_info.h) and
 * their OpenSSL implementations.
 */
#ifndef IMA_DIRTOOL_ALGO_H
#define IMA_DIRTOOL_ALGO_H

#include <stddef.h>
#include <openssl/evp.h>

#define HASH_ALGO_MD4		0
#define HASH_ALGO_MD5		1
#define HASH_ALGO_SHA1		2
#define HASH_ALGO_SHA256	4
#define HASH_ALGO__LAST		23

#define MAX_DIGEST_SIZE		64

struct hash_algo {
	const char *name;	/* the kernel's hash_algo_name[] */
	unsigned int size;	/* the kernel's hash_digest_size[] */
	const char *ossl;	/* OpenSSL's name, NULL if it has none */
};

extern const struct hash_algo hash_algos[HASH_ALGO__LAST];

int algo_by_name(const char *name);
const EVP_MD *algo_md(int algo);
void algo_list_usable(char *buf, size_t size);
void algo_cleanup(void);

#endif
