// SPDX-License-Identifier: GPL-2.0
/*
 * Pending records, byte for byte and rule for rule as the kernel's
 * ima_dir_pending_parse(), _build(), _entry() and _finish() (ima_dir.c):
 *
 *   u8 0x07 || u8 algo || D || u8 n || c_1 .. c_n          (n is 1 or 2)
 *   c = u8 flags || u8 namelen || name || le64 old_ino || u8 old_type ||
 *       le64 new_ino || u8 new_type
 *
 * D is the directory's digest before the change. A directory with a record
 * passes when every entry the record names is as it was before the change
 * or as it is after, all in the same state, and the digest of the entries
 * taken back to the state before the change is D.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>

#include "pending.h"
#include "util.h"

static void put_le64(unsigned char *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = v >> (8 * i);
}

/**
 * dir_pending_parse - read a pending record
 * @buf: the security.ima value
 * @len: its length
 * @p: output; points into @buf
 *
 * Return: 0, or -EINVAL if it is malformed (the kernel's "invalid-xattr").
 */
int dir_pending_parse(const unsigned char *buf, size_t len,
		      struct dir_pending *p)
{
	const unsigned char *end = buf + len, *pos;
	unsigned int i, size;

	memset(p, 0, sizeof(*p));
	if (len < 3 || buf[0] != IMA_XATTR_DIR_PENDING ||
	    buf[1] >= HASH_ALGO__LAST)
		return -EINVAL;
	p->algo = buf[1];
	size = hash_algos[p->algo].size;
	if (len < 3 + size)
		return -EINVAL;
	p->digest = buf + 2;
	pos = buf + 2 + size;
	p->count = *pos++;
	if (!p->count || p->count > IMA_DIR_MAX_CHANGES)
		return -EINVAL;
	for (i = 0; i < p->count; i++) {
		struct dir_change *c = &p->c[i];

		if (end - pos < 2)
			return -EINVAL;
		c->flags = *pos++;
		c->namelen = *pos++;
		if (!c->flags || c->flags & ~IMA_DIR_CHG_FLAGS ||
		    (c->flags & IMA_DIR_CHG_ANY && !(c->flags & IMA_DIR_CHG_NEW)) ||
		    !c->namelen || end - pos < c->namelen + 18)
			return -EINVAL;
		c->name = pos;
		pos += c->namelen;
		c->old_ino = get_le64(pos);
		c->old_type = pos[8];
		c->new_ino = get_le64(pos + 9);
		c->new_type = pos[17];
		pos += 18;
	}
	return pos == end ? 0 : -EINVAL;
}

/**
 * dir_pending_build - write a pending record
 * @buf: output, IMA_DIR_PENDING_MAX bytes
 * @p: the record; @p->algo valid, @p->count 1 to IMA_DIR_MAX_CHANGES
 *
 * Return: its length.
 */
size_t dir_pending_build(unsigned char *buf, const struct dir_pending *p)
{
	unsigned int i, size = hash_algos[p->algo].size;
	unsigned char *pos = buf;

	*pos++ = IMA_XATTR_DIR_PENDING;
	*pos++ = p->algo;
	memcpy(pos, p->digest, size);
	pos += size;
	*pos++ = p->count;
	for (i = 0; i < p->count; i++) {
		const struct dir_change *c = &p->c[i];

		*pos++ = c->flags;
		*pos++ = c->namelen;
		memcpy(pos, c->name, c->namelen);
		pos += c->namelen;
		put_le64(pos, c->old_ino);
		pos[8] = c->old_type;
		put_le64(pos + 9, c->new_ino);
		pos[17] = c->new_type;
		pos += 18;
	}
	return pos - buf;
}

/**
 * dir_pending_entry - check one directory entry against a record
 * @p: the parsed record
 * @rev: digest of the entries as they were before the change
 * @name: entry name
 * @namelen: length of @name
 * @ino: inode number, as getdents64() reports it
 * @d_type: DT_* type, as getdents64() reports it
 *
 * An entry the record does not name is added to @rev unchanged. One it
 * names must be as it was before the change or as it is after; @rev gets
 * it as it was before.
 *
 * Return: 0, -EBADMSG for an entry in neither state (or seen twice), or an
 * error from dir_digest_add().
 */
int dir_pending_entry(struct dir_pending *p, struct dir_digest *rev,
		      const char *name, size_t namelen, uint64_t ino,
		      unsigned int d_type)
{
	struct dir_change *c = NULL;
	bool old, new;
	unsigned int i;

	for (i = 0; i < p->count; i++) {
		c = &p->c[i];
		if (c->namelen == namelen && !memcmp(c->name, name, namelen))
			break;
	}
	if (i == p->count)
		return dir_digest_add(rev, name, namelen, ino, d_type);
	if (c->present)
		return -EBADMSG;
	c->present = true;
	old = c->flags & IMA_DIR_CHG_OLD && ino == c->old_ino &&
	      d_type == c->old_type;
	new = c->flags & IMA_DIR_CHG_NEW && d_type == c->new_type &&
	      (c->flags & IMA_DIR_CHG_ANY || ino == c->new_ino);
	if (!old && !new)
		return -EBADMSG;
	c->state = (old ? IMA_DIR_CHG_OLD : 0) | (new ? IMA_DIR_CHG_NEW : 0);
	if (old)
		return dir_digest_add(rev, name, namelen, ino, d_type);
	if (c->flags & IMA_DIR_CHG_OLD)
		return dir_digest_add(rev, name, namelen, c->old_ino,
				      c->old_type);
	return 0;
}

/**
 * dir_pending_finish - complete the check of a directory's entries
 * @p: the record, after dir_pending_entry() saw every entry
 * @rev: digest of the entries as they were before the change
 *
 * An entry the record names that is absent must have been absent before
 * or after the change; if it was removed, @rev gets it back. All entries
 * must be in the same state, all before or all after the change.
 *
 * Return: 0, -EBADMSG if they are not, or an error from dir_digest_add().
 */
int dir_pending_finish(struct dir_pending *p, struct dir_digest *rev)
{
	unsigned int i, state = IMA_DIR_CHG_OLD | IMA_DIR_CHG_NEW;
	int rc;

	for (i = 0; i < p->count; i++) {
		struct dir_change *c = &p->c[i];

		if (!c->present) {
			c->state = (c->flags & IMA_DIR_CHG_OLD ? 0 : IMA_DIR_CHG_OLD) |
				   (c->flags & IMA_DIR_CHG_NEW ? 0 : IMA_DIR_CHG_NEW);
			if (c->state == IMA_DIR_CHG_NEW) {
				rc = dir_digest_add(rev, (const char *)c->name,
						    c->namelen, c->old_ino,
						    c->old_type);
				if (rc)
					return rc;
			}
		}
		state &= c->state;
	}
	return state ? 0 : -EBADMSG;
}
