/* SPDX-License-Identifier: GPL-2.0 */
/* Messages, hex and path helpers. */
#ifndef IMA_DIRTOOL_UTIL_H
#define IMA_DIRTOOL_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

extern const char *prog;

void err_path(const char *path, const char *what, int err, const char *hint);
void print_path(FILE *f, const char *path);
void print_hex(FILE *f, const unsigned char *buf, size_t len);
char *path_join(const char *dir, const char *name);
void *xmalloc(size_t size);

uint64_t get_le64(const unsigned char *p);

#endif
