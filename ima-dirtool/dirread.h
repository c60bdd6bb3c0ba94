/* SPDX-License-Identifier: GPL-2.0 */
/* Reading a directory's entries the way the kernel's digest sees them. */
#ifndef IMA_DIRTOOL_DIRREAD_H
#define IMA_DIRTOOL_DIRREAD_H

#include <stddef.h>
#include <stdint.h>

/* Called for each entry; a non-zero return stops the read and is returned. */
typedef int (*dirent_fn)(void *priv, const char *name, size_t namelen,
			 uint64_t ino, unsigned int d_type);

int dir_read(int fd, dirent_fn fn, void *priv);

#endif
