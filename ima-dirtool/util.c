// SPDX-License-Identifier: GPL-2.0
/* Messages, hex and path helpers. */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

const char *prog = "ima-dirtool";

/**
 * print_path - print a path, with control characters and backslashes as
 * \xHH so that every reported path stays on one line
 * @f: stream
 * @path: the path
 */
void print_path(FILE *f, const char *path)
{
	const unsigned char *p;

	for (p = (const unsigned char *)path; *p; p++) {
		if (*p < 0x20 || *p == 0x7f || *p == '\\')
			fprintf(f, "\\x%02x", *p);
		else
			fputc(*p, f);
	}
}

/**
 * err_path - report an error about a path on stderr
 * @path: the path
 * @what: what failed, e.g. "cannot read directory"
 * @err: positive errno value, or 0
 * @hint: what it means or what to do, or NULL
 *
 * Prints "ima-dirtool: PATH: WHAT: strerror(ERR) (HINT)".
 */
void err_path(const char *path, const char *what, int err, const char *hint)
{
	fflush(stdout);
	fprintf(stderr, "%s: ", prog);
	print_path(stderr, path);
	fprintf(stderr, ": %s", what);
	if (err)
		fprintf(stderr, ": %s", strerror(err));
	if (hint)
		fprintf(stderr, " (%s)", hint);
	fputc('\n', stderr);
}

/**
 * print_hex - print bytes as lower-case hex
 * @f: stream
 * @buf: bytes
 * @len: number of bytes
 */
void print_hex(FILE *f, const unsigned char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		fprintf(f, "%02x", buf[i]);
}

/**
 * xmalloc - malloc() that exits on failure
 * @size: bytes
 */
void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p) {
		fprintf(stderr, "%s: out of memory\n", prog);
		exit(1);
	}
	return p;
}

/**
 * path_join - "DIR/NAME", without doubling a trailing slash of @dir
 * @dir: directory path
 * @name: entry name
 *
 * Return: a new string (free() it).
 */
char *path_join(const char *dir, const char *name)
{
	size_t dlen = strlen(dir), nlen = strlen(name);
	bool slash = dlen && dir[dlen - 1] == '/';
	char *p = xmalloc(dlen + nlen + 2);

	memcpy(p, dir, dlen);
	if (!slash)
		p[dlen++] = '/';
	memcpy(p + dlen, name, nlen + 1);
	return p;
}

/* A little-endian 64-bit integer at @p. */
uint64_t get_le64(const unsigned char *p)
{
	uint64_t v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}
