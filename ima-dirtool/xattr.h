/* SPDX-License-Identifier: GPL-2.0 */
/* Reading and writing security.ima. */
#ifndef IMA_DIRTOOL_XATTR_H
#define IMA_DIRTOOL_XATTR_H

#include <stddef.h>
#include <sys/types.h>

#define XATTR_NAME_IMA		"security.ima"
#define IMA_XATTR_BUF		65536	/* XATTR_SIZE_MAX */

ssize_t ima_xattr_get(const char *path, unsigned char *buf, size_t size);
int ima_xattr_set(const char *path, const unsigned char *value, size_t len);
const char *ima_xattr_hint(int err, int set);

#endif
