/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the guest's static helpers (the .c files in vm/helpers/) share:
 * errno names, which the tests assert ("EACCES") instead of grepping
 * messages; error messages that name the program and the object; and the
 * two steps every directory walk repeats.
 *
 * Each helper is one static program built on its own (vm/mkinitramfs.sh),
 * so everything here is static inline. Define _GNU_SOURCE before any
 * #include (program_invocation_short_name).
 */
#ifndef VM_HELPERS_H
#define VM_HELPERS_H

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define ERRNAME(e)	{ e, #e }

/* "EACCES" for EACCES, "0" for 0, "E123" for a number the table lacks. */
static inline const char *errname(int err)
{
	static const struct {
		int err;
		const char *name;
	} names[] = {
		ERRNAME(EPERM), ERRNAME(ENOENT), ERRNAME(EIO), ERRNAME(ENXIO),
		ERRNAME(EBADF), ERRNAME(ECHILD), ERRNAME(ENOMEM),
		ERRNAME(EACCES), ERRNAME(EBUSY), ERRNAME(EEXIST),
		ERRNAME(ENODEV), ERRNAME(ENOTDIR), ERRNAME(EISDIR),
		ERRNAME(EINVAL), ERRNAME(ENOSPC), ERRNAME(EROFS),
		ERRNAME(EMLINK), ERRNAME(ENAMETOOLONG), ERRNAME(ENOTEMPTY),
		ERRNAME(ELOOP), ERRNAME(ENODATA), ERRNAME(EOVERFLOW),
		ERRNAME(EOPNOTSUPP), ERRNAME(EADDRINUSE),
		ERRNAME(ECONNREFUSED), ERRNAME(EUCLEAN), ERRNAME(ENOKEY),
		ERRNAME(EKEYREJECTED),
	};
	static char buf[16];
	size_t i;

	if (!err)
		return "0";
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].err == err)
			return names[i].name;
	snprintf(buf, sizeof(buf), "E%d", err);
	return buf;
}

/* "PROG: WHAT OBJ: strerror(errno)" on stderr; returns 1 (exit status). */
static inline int fail(const char *what, const char *obj)
{
	fprintf(stderr, "%s: %s %s: %s\n", program_invocation_short_name,
		what, obj, strerror(errno));
	return 1;
}

/* "." and "..", which a walk skips. */
static inline int is_dot_or_dotdot(const char *name)
{
	return name[0] == '.' &&
	       (!name[1] || (name[1] == '.' && !name[2]));
}

/* DIR/NAME into buf; -1 (errno ENAMETOOLONG) if it does not fit. */
static inline int join_path(char *buf, size_t size, const char *dir,
			    const char *name)
{
	if ((size_t)snprintf(buf, size, "%s/%s", dir, name) >= size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

#endif /* VM_HELPERS_H */
