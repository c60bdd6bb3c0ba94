// SPDX-License-Identifier: GPL-2.0
/*
 * itest - small static helper for the guest test suite.
 *
 * busybox has no keyctl and no xattr tools, and its applets print errors
 * in free text. itest does the few things the guest tests need and reports
 * the outcome of an operation as an errno name, so tests can assert the
 * exact error ("EACCES") instead of grepping messages.
 *
 *   itest add-key TYPE DESC DATA KEYRING  add a key (@u, @s, @us), print id
 *   itest add-key-file TYPE DESC FILE KEYRING  the same with FILE's bytes
 *                                         (an X.509 certificate) as payload;
 *                                         KEYRING also a number
 *   itest newring NAME KEYRING            add a keyring, print its id
 *   itest getxattr PATH NAME              print the value as hex
 *   itest setxattr PATH NAME HEX          set a value given in hex
 *   itest rmxattr PATH NAME               remove an xattr
 *   itest tmpfile DIR NAME                O_TMPFILE in DIR, then linkat as NAME
 *   itest rename2 exchange|whiteout OLD NEW   renameat2() with that flag
 *   itest bind PATH                       create a unix socket file at PATH
 *   itest reboot                          sync and reboot (QEMU's -no-reboot
 *                                         ends the VM): busybox's reboot -f for
 *                                         a root without busybox
 *   itest try OP PATH [ARG]               run OP, print "0" or the errno name
 *      OP: read (open O_RDONLY and read all), list (open a directory and
 *      read all entries), stat (lstat), follow (stat), readlink, chdir,
 *      access, open (O_RDONLY | O_NONBLOCK, for device nodes and FIFOs),
 *      connect (a unix stream socket), unlink, rmdir, casefold (chattr +F
 *      of a directory), encrypt (a v1 fscrypt policy on a directory),
 *      labelled (lgetxattr of security.ima and security.evm: fails with
 *      the first missing one's errno), no-ima (fails with EEXIST when PATH
 *      has security.ima); with ITEST_MARK set,
 *      list writes "opened" to stderr once the directory is open
 *   itest try-each OP                     OP on each path read from stdin (one
 *                                         a line): print "PATH ERRNO" for each
 *                                         that fails
 *
 * Exit status: 0 on success (for "try": whenever the operation ran, whatever
 * its result), 1 on failure, 2 on bad usage.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <linux/fs.h>
#include <linux/fscrypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/reboot.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "helpers.h"

#define KEY_SPEC_SESSION_KEYRING	-3
#define KEY_SPEC_USER_KEYRING		-4
#define KEY_SPEC_USER_SESSION_KEYRING	-5
#define XATTR_MAX			65536

static int usage(void)
{
	fprintf(stderr,
		"usage: itest add-key TYPE DESC DATA KEYRING\n"
		"       itest add-key-file TYPE DESC FILE KEYRING\n"
		"       itest newring NAME KEYRING\n"
		"       itest getxattr PATH NAME\n"
		"       itest setxattr PATH NAME HEX\n"
		"       itest rmxattr PATH NAME\n"
		"       itest tmpfile DIR NAME\n"
		"       itest rename2 exchange|whiteout OLD NEW\n"
		"       itest bind PATH\n"
		"       itest listen PATH   (bind and listen until killed)\n"
		"       itest reboot\n"
		"       itest try read|list|stat|follow|readlink|chdir|access|open|\n"
		"                 connect|unlink|rmdir|casefold|encrypt|labelled|no-ima PATH\n"
		"       itest try-each OP <PATHS\n"
		"       itest as UID try OP PATH\n");
	return 2;
}

static int keyring_id(const char *spec, long *id)
{
	if (!strcmp(spec, "@u"))
		*id = KEY_SPEC_USER_KEYRING;
	else if (!strcmp(spec, "@s"))
		*id = KEY_SPEC_SESSION_KEYRING;
	else if (!strcmp(spec, "@us"))
		*id = KEY_SPEC_USER_SESSION_KEYRING;
	else {
		char *end;

		errno = 0;
		*id = strtol(spec, &end, 10);
		if (!*spec || *end || errno || *id <= 0)
			return -1;
	}
	return 0;
}

/* add_key(2) to the keyring SPEC names; print the new key's id. */
static int add_key(const char *type, const char *desc, const void *payload,
		   size_t len, const char *spec)
{
	long ring, id;

	if (keyring_id(spec, &ring))
		return usage();
	id = syscall(SYS_add_key, type, desc, payload, len, ring);
	if (id < 0)
		return fail("add_key", desc);
	printf("%ld\n", id);
	return 0;
}

static int cmd_add_key(char **argv)
{
	return add_key(argv[0], argv[1], argv[2], strlen(argv[2]), argv[3]);
}

/* A key whose payload is a file's bytes: an X.509 certificate (DER). */
static int cmd_add_key_file(char **argv)
{
	static unsigned char buf[XATTR_MAX];
	ssize_t len;
	int fd;

	fd = open(argv[2], O_RDONLY);
	if (fd < 0)
		return fail("open", argv[2]);
	len = read(fd, buf, sizeof(buf));
	close(fd);
	if (len <= 0 || len == sizeof(buf)) {
		fprintf(stderr, "itest: %s: empty, unreadable or too large\n",
			argv[2]);
		return 1;
	}
	return add_key(argv[0], argv[1], buf, len, argv[3]);
}

static int cmd_newring(char **argv)
{
	return add_key("keyring", argv[0], NULL, 0, argv[1]);
}

static int cmd_getxattr(char **argv)
{
	static unsigned char buf[XATTR_MAX];
	ssize_t len, i;

	len = lgetxattr(argv[0], argv[1], buf, sizeof(buf));
	if (len < 0)
		return fail("getxattr", argv[0]);
	for (i = 0; i < len; i++)
		printf("%02x", buf[i]);
	printf("\n");
	return 0;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int cmd_setxattr(char **argv)
{
	static unsigned char buf[XATTR_MAX];
	const char *hex = argv[2];
	size_t n = strlen(hex), i;

	if (n % 2 || n / 2 > sizeof(buf)) {
		fprintf(stderr, "itest: setxattr: bad hex value\n");
		return 2;
	}
	for (i = 0; i < n / 2; i++) {
		int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);

		if (hi < 0 || lo < 0) {
			fprintf(stderr, "itest: setxattr: bad hex value\n");
			return 2;
		}
		buf[i] = hi << 4 | lo;
	}
	if (lsetxattr(argv[0], argv[1], buf, n / 2, 0))
		return fail("setxattr", argv[0]);
	return 0;
}

static int cmd_rmxattr(char **argv)
{
	if (lremovexattr(argv[0], argv[1]))
		return fail("removexattr", argv[0]);
	return 0;
}

static int cmd_tmpfile(char **argv)
{
	static const char data[] = "tmpfile\n";
	char proc[64];
	int fd = open(argv[0], O_TMPFILE | O_WRONLY, 0644);

	if (fd < 0)
		return fail("open O_TMPFILE in", argv[0]);
	if (write(fd, data, sizeof(data) - 1) != sizeof(data) - 1)
		return fail("write", argv[0]);
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	if (linkat(AT_FDCWD, proc, AT_FDCWD, argv[1], AT_SYMLINK_FOLLOW))
		return fail("linkat", argv[1]);
	close(fd);
	return 0;
}

static int cmd_rename2(char **argv)
{
	unsigned int flags;

	if (!strcmp(argv[0], "exchange"))
		flags = RENAME_EXCHANGE;
	else if (!strcmp(argv[0], "whiteout"))
		flags = RENAME_WHITEOUT;
	else
		return usage();
	if (syscall(SYS_renameat2, AT_FDCWD, argv[1], AT_FDCWD, argv[2],
		    flags))
		return fail("renameat2", argv[1]);
	return 0;
}

/* Bind a stream socket at PATH; with @listen, listen on it until killed. */
static int bind_at(const char *path, int listen_too)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int fd;

	if (strlen(path) >= sizeof(sun.sun_path))
		return usage();
	strcpy(sun.sun_path, path);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sun, sizeof(sun)))
		return fail("bind", path);
	if (listen_too) {
		if (listen(fd, 16))
			return fail("listen", path);
		for (;;)
			pause();
	}
	close(fd);
	return 0;
}

static int cmd_bind(char **argv)
{
	return bind_at(argv[0], 0);
}

static int cmd_listen(char **argv)
{
	return bind_at(argv[0], 1);
}

static int try_read(const char *path)
{
	char buf[4096];
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return errno;
	do {
		n = read(fd, buf, sizeof(buf));
	} while (n > 0);
	if (n < 0) {
		int err = errno;

		close(fd);
		return err;
	}
	close(fd);
	return 0;
}

static int try_list(const char *path)
{
	struct dirent *de;
	DIR *d = opendir(path);

	if (!d)
		return errno;
	/* ITEST_MARK: say on stderr when the open is done (findings-b7.sh) */
	if (getenv("ITEST_MARK"))
		fputs("opened\n", stderr);
	errno = 0;
	while ((de = readdir(d)))
		;
	if (errno) {
		int err = errno;

		closedir(d);
		return err;
	}
	closedir(d);
	return 0;
}

static int try_open(const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

/* chattr +F: make a directory casefolded (FS_IOC_SETFLAGS) */
static int try_casefold(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY), err = 0;
	int flags;

	if (fd < 0)
		return errno;
	if (ioctl(fd, FS_IOC_GETFLAGS, &flags))
		err = errno;
	flags |= FS_CASEFOLD_FL;
	if (!err && ioctl(fd, FS_IOC_SETFLAGS, &flags))
		err = errno;
	close(fd);
	return err;
}

/* Give a directory a v1 fscrypt policy (its key need not be present). */
static int try_encrypt(const char *path)
{
	struct fscrypt_policy_v1 p = {
		.version = FSCRYPT_POLICY_V1,
		.contents_encryption_mode = FSCRYPT_MODE_AES_256_XTS,
		.filenames_encryption_mode = FSCRYPT_MODE_AES_256_CTS,
		.flags = FSCRYPT_POLICY_FLAGS_PAD_32,
		.master_key_descriptor = "itest-k1",
	};
	int fd = open(path, O_RDONLY | O_DIRECTORY), err = 0;

	if (fd < 0)
		return errno;
	if (ioctl(fd, FS_IOC_SET_ENCRYPTION_POLICY, &p))
		err = errno;
	close(fd);
	return err;
}

static int try_connect(const char *path)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int fd, err = 0;

	if (strlen(path) >= sizeof(sun.sun_path))
		return ENAMETOOLONG;
	strcpy(sun.sun_path, path);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0)
		return errno;
	if (connect(fd, (struct sockaddr *)&sun, sizeof(sun)))
		err = errno;
	close(fd);
	return err;
}

/* Run OP on PATH; its errno (0 on success) in *err. -1: no such OP. */
static int try_op(const char *op, const char *path, int *err)
{
	char target[PATH_MAX];
	struct stat st;

	if (!strcmp(op, "read"))
		*err = try_read(path);
	else if (!strcmp(op, "list"))
		*err = try_list(path);
	else if (!strcmp(op, "stat"))
		*err = lstat(path, &st) ? errno : 0;
	else if (!strcmp(op, "follow"))
		*err = stat(path, &st) ? errno : 0;
	else if (!strcmp(op, "open"))
		*err = try_open(path);
	else if (!strcmp(op, "connect"))
		*err = try_connect(path);
	else if (!strcmp(op, "readlink"))
		*err = readlink(path, target, sizeof(target)) < 0 ? errno : 0;
	else if (!strcmp(op, "chdir"))
		*err = chdir(path) ? errno : 0;
	else if (!strcmp(op, "access"))
		*err = access(path, F_OK) ? errno : 0;
	else if (!strcmp(op, "unlink"))
		*err = unlink(path) ? errno : 0;
	else if (!strcmp(op, "rmdir"))
		*err = rmdir(path) ? errno : 0;
	else if (!strcmp(op, "casefold"))
		*err = try_casefold(path);
	else if (!strcmp(op, "encrypt"))
		*err = try_encrypt(path);
	else if (!strcmp(op, "labelled"))
		*err = lgetxattr(path, "security.ima", NULL, 0) < 0 ||
		       lgetxattr(path, "security.evm", NULL, 0) < 0 ? errno : 0;
	else if (!strcmp(op, "no-ima"))
		*err = lgetxattr(path, "security.ima", NULL, 0) >= 0 ? EEXIST : 0;
	else
		return -1;
	return 0;
}

static int cmd_try(char **argv)
{
	int err;

	if (try_op(argv[0], argv[1], &err))
		return usage();
	printf("%s\n", errname(err));
	return 0;
}

/* "try OP PATH" as user and group UID, with no supplementary groups: the
 * verdicts of a task other than root. */
static int cmd_as(char **argv)
{
	unsigned long id;
	char *end;

	errno = 0;
	id = strtoul(argv[0], &end, 10);
	if (!*argv[0] || *end || errno || id > 65535 || strcmp(argv[1], "try"))
		return usage();
	if (setgroups(0, NULL) || setresgid(id, id, id) ||
	    setresuid(id, id, id)) {
		perror("itest: as");
		return 1;
	}
	return cmd_try(argv + 2);
}

/* OP on every path read from stdin, one a line: print "PATH ERRNO" for each
 * that fails (a walk of a whole file system in one process). */
static int cmd_try_each(char **argv)
{
	char path[PATH_MAX + 1];
	size_t len;
	int err;

	while (fgets(path, sizeof(path), stdin)) {
		len = strlen(path);
		if (len && path[len - 1] == '\n')
			path[--len] = '\0';
		if (!len)
			continue;
		if (try_op(argv[0], path, &err))
			return usage();
		if (err)
			printf("%s %s\n", path, errname(err));
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";

	if (!strcmp(cmd, "add-key") && argc == 6)
		return cmd_add_key(argv + 2);
	if (!strcmp(cmd, "add-key-file") && argc == 6)
		return cmd_add_key_file(argv + 2);
	if (!strcmp(cmd, "newring") && argc == 4)
		return cmd_newring(argv + 2);
	if (!strcmp(cmd, "getxattr") && argc == 4)
		return cmd_getxattr(argv + 2);
	if (!strcmp(cmd, "setxattr") && argc == 5)
		return cmd_setxattr(argv + 2);
	if (!strcmp(cmd, "rmxattr") && argc == 4)
		return cmd_rmxattr(argv + 2);
	if (!strcmp(cmd, "try") && argc == 4)
		return cmd_try(argv + 2);
	if (!strcmp(cmd, "try-each") && argc == 3)
		return cmd_try_each(argv + 2);
	if (!strcmp(cmd, "as") && argc == 6)
		return cmd_as(argv + 2);
	if (!strcmp(cmd, "tmpfile") && argc == 4)
		return cmd_tmpfile(argv + 2);
	if (!strcmp(cmd, "rename2") && argc == 5)
		return cmd_rename2(argv + 2);
	if (!strcmp(cmd, "bind") && argc == 3)
		return cmd_bind(argv + 2);
	if (!strcmp(cmd, "listen") && argc == 3)
		return cmd_listen(argv + 2);
	if (!strcmp(cmd, "reboot") && argc == 2) {
		sync();
		reboot(RB_AUTOBOOT);
		perror("itest: reboot");
		return 1;
	}
	return usage();
}
