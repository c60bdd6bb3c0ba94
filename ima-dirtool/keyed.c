// SPDX-License-Identifier: GPL-2.0
/*
 * The keyed values of series v2, as the kernel's ima_dir_mac.c computes
 * them; the format is in Documentation/security/IMA-directories.rst
 * ("Keyed values"). Every function returns 0 or a negative errno.
 */
#include <errno.h>
#include <string.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "digest.h"
#include "keyed.h"

#define NAME_MAX_	255

/* Message prefixes under an inode key. */
enum {
	MSG_ENTRY = 0x01,
	MSG_STATE = 0x02,
	MSG_SYMLINK = 0x03,
	MSG_DEVICE = 0x04,
	MSG_FIFO = 0x05,
	MSG_SOCKET = 0x06,
	MSG_CREATE = 0x07,
	MSG_BIRTH = 0x08,
};

/* The longest message: a prefix, 60 bytes of fields and a name (or a target). */
#define MSG_MAX		(1 + 60 + 1 + 4096)

static void put_le(unsigned char *p, uint64_t v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++)
		p[i] = v >> (8 * i);
}

static int mac_of(const unsigned char *key, size_t key_len,
		  const unsigned char *msg, size_t len,
		  unsigned char mac[KEYED_MAC_SIZE])
{
	unsigned int out = 0;

	if (!HMAC(EVP_sha256(), key, key_len, msg, len, mac, &out) ||
	    out != KEYED_MAC_SIZE)
		return -EIO;
	return 0;
}

int keyed_ima_key(const unsigned char *evm_key, size_t len,
		  unsigned char k[KEYED_MAC_SIZE])
{
	static const char label[] = "IMA-DIR-KEY\x01";
	unsigned char padded[KEYED_EVM_KEY_MAX] = { 0 };
	int rc;

	if (!len || len > sizeof(padded))
		return -EINVAL;
	memcpy(padded, evm_key, len);
	rc = mac_of(padded, sizeof(padded), (const unsigned char *)label,
		    sizeof(label) - 1, k);
	OPENSSL_cleanse(padded, sizeof(padded));
	return rc;
}

int keyed_inode_key(const unsigned char k[KEYED_MAC_SIZE],
		    const unsigned char uuid[KEYED_UUID_SIZE], uint64_t ino,
		    uint32_t gen, unsigned char ki[KEYED_MAC_SIZE])
{
	static const char label[] = "IMA-INODE\x01";
	unsigned char msg[sizeof(label) - 1 + KEYED_UUID_SIZE + 8 + 4];
	unsigned char *p = msg;

	memcpy(p, label, sizeof(label) - 1);
	p += sizeof(label) - 1;
	memcpy(p, uuid, KEYED_UUID_SIZE);
	p += KEYED_UUID_SIZE;
	put_le(p, ino, 8);
	put_le(p + 8, gen, 4);
	return mac_of(k, KEYED_MAC_SIZE, msg, sizeof(msg), ki);
}

/* "." and ".." are not entries of a directory's state. */
int keyed_entry_counts(const char *name, size_t len)
{
	return !(name[0] == '.' && (len == 1 || (len == 2 && name[1] == '.')));
}

void keyed_state_init(struct keyed_state *st)
{
	memset(st, 0, sizeof(*st));
}

/* MAC of head || u8 len || name, for a name of 1 to 255 bytes */
static int name_mac(const unsigned char ki[KEYED_MAC_SIZE],
		    const unsigned char *head, size_t head_len,
		    const char *name, size_t len,
		    unsigned char mac[KEYED_MAC_SIZE])
{
	unsigned char msg[MSG_MAX];

	if (!len || len > NAME_MAX_ || head_len + 1 + len > sizeof(msg))
		return -EINVAL;
	memcpy(msg, head, head_len);
	msg[head_len] = len;
	memcpy(msg + head_len + 1, name, len);
	return mac_of(ki, KEYED_MAC_SIZE, msg, head_len + 1 + len, mac);
}

static void put_state(unsigned char *p, const struct keyed_state *st)
{
	int i;

	put_le(p, st->count, 8);
	for (i = 0; i < 4; i++)
		put_le(p + 8 + 8 * i, st->sum[i], 8);
}

/*
 * Add the term of an entry: t(e) = HMAC(K_i, 0x01 || le64 ino || le32 gen ||
 * u8 type || le32 major || le32 minor || u8 len || name).
 * type: the DT_* value of the inode the entry names (S_IFMT >> 12)
 * major, minor: that inode's device number (major(3), minor(3) of its
 * st_rdev), bound for a device node only: 0 is taken for any other type,
 * whatever is passed, as a FIFO made by mknod() with a number has one term.
 */
int keyed_state_add(struct keyed_state *st,
		    const unsigned char ki[KEYED_MAC_SIZE], const char *name,
		    size_t len, uint64_t ino, uint32_t gen, unsigned int type,
		    uint32_t major, uint32_t minor)
{
	unsigned char head[1 + 8 + 4 + 1 + 4 + 4], term[KEYED_MAC_SIZE];
	unsigned int carry = 0;
	int i, rc;

	if (!type || type > 15)
		return -EINVAL;
	if (type != DT_CHR_ && type != DT_BLK_)
		major = minor = 0;
	head[0] = MSG_ENTRY;
	put_le(head + 1, ino, 8);
	put_le(head + 9, gen, 4);
	head[13] = type;
	put_le(head + 14, major, 4);
	put_le(head + 18, minor, 4);
	rc = name_mac(ki, head, sizeof(head), name, len, term);
	if (rc)
		return rc;
	for (i = 0; i < 4; i++) {
		uint64_t t = 0;
		unsigned __int128 r;
		int b;

		for (b = 7; b >= 0; b--)
			t = t << 8 | term[8 * i + b];
		r = (unsigned __int128)st->sum[i] + t + carry;
		st->sum[i] = (uint64_t)r;
		carry = r >> 64;
	}
	st->count++;
	return 0;
}

int keyed_state_mac(const struct keyed_state *st,
		    const unsigned char ki[KEYED_MAC_SIZE],
		    unsigned char mac[KEYED_MAC_SIZE])
{
	unsigned char msg[1 + 8 + 32];

	msg[0] = MSG_STATE;
	put_state(msg + 1, st);
	return mac_of(ki, KEYED_MAC_SIZE, msg, sizeof(msg), mac);
}

int keyed_symlink_mac(const unsigned char ki[KEYED_MAC_SIZE],
		      const char *target, size_t len,
		      unsigned char mac[KEYED_MAC_SIZE])
{
	unsigned char msg[MSG_MAX];

	if (len >= 4096)
		return -EINVAL;
	msg[0] = MSG_SYMLINK;
	memcpy(msg + 1, target, len);
	return mac_of(ki, KEYED_MAC_SIZE, msg, 1 + len, mac);
}

/* kind: 'c' or 'b' (device node), 'p' (FIFO) or 's' (socket) */
int keyed_special_mac(const unsigned char ki[KEYED_MAC_SIZE], char kind,
		      uint32_t major, uint32_t minor,
		      unsigned char mac[KEYED_MAC_SIZE])
{
	unsigned char msg[1 + 1 + 4 + 4];
	size_t len = 1;

	switch (kind) {
	case 'c':
	case 'b':
		msg[0] = MSG_DEVICE;
		msg[1] = kind;
		put_le(msg + 2, major, 4);
		put_le(msg + 6, minor, 4);
		len = sizeof(msg);
		break;
	case 'p':
		msg[0] = MSG_FIFO;
		break;
	case 's':
		msg[0] = MSG_SOCKET;
		break;
	default:
		return -EINVAL;
	}
	return mac_of(ki, KEYED_MAC_SIZE, msg, len, mac);
}

int keyed_create_mac(const struct keyed_state *st,
		     const unsigned char ki[KEYED_MAC_SIZE], uint64_t nonce,
		     const char *name, size_t len,
		     unsigned char mac[KEYED_MAC_SIZE])
{
	unsigned char head[1 + 8 + 32 + 8];

	head[0] = MSG_CREATE;
	put_state(head + 1, st);
	put_le(head + 1 + 8 + 32, nonce, 8);
	return name_mac(ki, head, sizeof(head), name, len, mac);
}

int keyed_birth_mac(const unsigned char ki[KEYED_MAC_SIZE],
		    uint64_t parent_ino, uint32_t parent_gen, uint64_t nonce,
		    const char *name, size_t len,
		    unsigned char mac[KEYED_MAC_SIZE])
{
	unsigned char head[1 + 8 + 4 + 8];

	head[0] = MSG_BIRTH;
	put_le(head + 1, parent_ino, 8);
	put_le(head + 9, parent_gen, 4);
	put_le(head + 13, nonce, 8);
	return name_mac(ki, head, sizeof(head), name, len, mac);
}
