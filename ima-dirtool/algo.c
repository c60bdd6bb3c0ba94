// SPDX-License-Identifier: GPL-2.0
/*
 * Hash algorithms: the kernel's enum hash_algo ids, the names IMA uses for
 * them, and the OpenSSL digests that compute them. security.ima stores the
 * id, so the table must follow include/uapi/linux/hash_info.h exactly.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <string.h>
#include <stdio.h>
#include <openssl/err.h>
#include <openssl/provider.h>

#include "algo.h"

const struct hash_algo hash_algos[HASH_ALGO__LAST] = {
	[0]  = { "md4",		16, "MD4" },
	[1]  = { "md5",		16, "MD5" },
	[2]  = { "sha1",	20, "SHA1" },
	[3]  = { "rmd160",	20, "RIPEMD160" },
	[4]  = { "sha256",	32, "SHA256" },
	[5]  = { "sha384",	48, "SHA384" },
	[6]  = { "sha512",	64, "SHA512" },
	[7]  = { "sha224",	28, "SHA224" },
	[8]  = { "rmd128",	16, NULL },
	[9]  = { "rmd256",	32, NULL },
	[10] = { "rmd320",	40, NULL },
	[11] = { "wp256",	32, NULL },
	[12] = { "wp384",	48, NULL },
	[13] = { "wp512",	64, "WHIRLPOOL" },
	[14] = { "tgr128",	16, NULL },
	[15] = { "tgr160",	20, NULL },
	[16] = { "tgr192",	24, NULL },
	[17] = { "sm3",		32, "SM3" },
	[18] = { "streebog256",	32, NULL },
	[19] = { "streebog512",	64, NULL },
	[20] = { "sha3-256",	32, "SHA3-256" },
	[21] = { "sha3-384",	48, "SHA3-384" },
	[22] = { "sha3-512",	64, "SHA3-512" },
};

static EVP_MD *mds[HASH_ALGO__LAST];
static bool tried[HASH_ALGO__LAST];
static OSSL_PROVIDER *legacy;
static bool legacy_tried;

/**
 * algo_by_name - look up a kernel hash algorithm name
 * @name: e.g. "sha256", "sm3", "sha3-256"
 *
 * Return: the kernel's hash_algo id, or -1.
 */
int algo_by_name(const char *name)
{
	int i;

	for (i = 0; i < HASH_ALGO__LAST; i++)
		if (!strcmp(name, hash_algos[i].name))
			return i;
	return -1;
}

/**
 * algo_md - the OpenSSL digest for a kernel hash algorithm
 * @algo: the kernel's hash_algo id
 *
 * MD4 and Whirlpool live in OpenSSL's legacy provider, which is loaded on
 * first use if it can be (not in a static binary).
 *
 * Return: the digest (owned by this module), or NULL if OpenSSL cannot
 * compute @algo.
 */
const EVP_MD *algo_md(int algo)
{
	const struct hash_algo *a;
	EVP_MD *md;

	if (algo < 0 || algo >= HASH_ALGO__LAST)
		return NULL;
	if (tried[algo])
		return mds[algo];
	tried[algo] = true;
	a = &hash_algos[algo];
	if (!a->ossl)
		return NULL;
	md = EVP_MD_fetch(NULL, a->ossl, NULL);
	if (!md && !legacy_tried) {
		legacy_tried = true;
		legacy = OSSL_PROVIDER_try_load(NULL, "legacy", 1);
		md = EVP_MD_fetch(NULL, a->ossl, NULL);
	}
	ERR_clear_error();
	if (md && EVP_MD_get_size(md) != (int)a->size) {
		EVP_MD_free(md);
		md = NULL;
	}
	mds[algo] = md;
	return md;
}

/**
 * algo_list_usable - the names of the algorithms OpenSSL can compute
 * @buf: output, a space-separated list
 * @size: size of @buf
 */
void algo_list_usable(char *buf, size_t size)
{
	size_t len = 0;
	int i, n;

	buf[0] = '\0';
	for (i = 0; i < HASH_ALGO__LAST; i++) {
		if (!algo_md(i))
			continue;
		n = snprintf(buf + len, size - len, "%s%s", len ? " " : "",
			     hash_algos[i].name);
		if (n < 0 || (size_t)n >= size - len)
			break;
		len += n;
	}
}

/* Release the digests and the legacy provider (for leak checkers). */
void algo_cleanup(void)
{
	int i;

	for (i = 0; i < HASH_ALGO__LAST; i++) {
		EVP_MD_free(mds[i]);
		mds[i] = NULL;
		tried[i] = false;
	}
	if (legacy)
		OSSL_PROVIDER_unload(legacy);
	legacy = NULL;
	legacy_tried = false;
}
