/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The keyed values of series v2 (Documentation/security/IMA-directories.rst,
 * "Keyed values"): IMA's key from EVM's HMAC key, the key of each inode, the
 * state of a directory (entry count and sum of keyed entry terms) and the
 * MACs of directories, special files, creations and births.
 */
#ifndef IMA_DIRTOOL_KEYED_H
#define IMA_DIRTOOL_KEYED_H

#include <stddef.h>
#include <stdint.h>

#define KEYED_MAC_SIZE		32	/* HMAC-SHA256 */
#define KEYED_EVM_KEY_MAX	128	/* EVM zero-pads its key to this */
#define KEYED_UUID_SIZE		16

/* A directory's state: entries ("." and ".." not counted) and their sum. */
struct keyed_state {
	uint64_t count;
	uint64_t sum[4];	/* modulo 2^256, little-endian limbs */
};

int keyed_ima_key(const unsigned char *evm_key, size_t len,
		  unsigned char k[KEYED_MAC_SIZE]);
int keyed_inode_key(const unsigned char k[KEYED_MAC_SIZE],
		    const unsigned char uuid[KEYED_UUID_SIZE], uint64_t ino,
		    uint32_t gen, unsigned char ki[KEYED_MAC_SIZE]);

int keyed_entry_counts(const char *name, size_t len);
void keyed_state_init(struct keyed_state *st);
int keyed_state_add(struct keyed_state *st,
		    const unsigned char ki[KEYED_MAC_SIZE], const char *name,
		    size_t len, uint64_t ino, uint32_t gen, unsigned int type,
		    uint32_t major, uint32_t minor);
int keyed_state_mac(const struct keyed_state *st,
		    const unsigned char ki[KEYED_MAC_SIZE],
		    unsigned char mac[KEYED_MAC_SIZE]);

int keyed_symlink_mac(const unsigned char ki[KEYED_MAC_SIZE],
		      const char *target, size_t len,
		      unsigned char mac[KEYED_MAC_SIZE]);
int keyed_special_mac(const unsigned char ki[KEYED_MAC_SIZE], char kind,
		      uint32_t major, uint32_t minor,
		      unsigned char mac[KEYED_MAC_SIZE]);
int keyed_create_mac(const struct keyed_state *st,
		     const unsigned char ki[KEYED_MAC_SIZE], uint64_t nonce,
		     const char *name, size_t len,
		     unsigned char mac[KEYED_MAC_SIZE]);
int keyed_birth_mac(const unsigned char ki[KEYED_MAC_SIZE],
		    uint64_t parent_ino, uint32_t parent_gen, uint64_t nonce,
		    const char *name, size_t len,
		    unsigned char mac[KEYED_MAC_SIZE]);

#endif
