// SPDX-License-Identifier: GPL-2.0
/*
 * fstorm - load and checks for the fault tests (vm/tests/faults-*.sh).
 *
 *   fstorm storm [-s SEED] [-t SECS] [-w WORKERS] [-r WALKERS] [-v] DIR...
 *	WORKERS processes change the entries of DIR... and of their
 *	subdirectories at random: create, unlink, mkdir, rmdir, symlink,
 *	mknod (FIFO and character device), bind (unix socket), link, rename
 *	(within and across directories) and RENAME_EXCHANGE, on names
 *	n00..n47 (and DIR/nXX/nYY), so that the workers collide. WALKERS
 *	processes look paths up (stat, lstat: RCU path walk once the dentries
 *	are cached), read links, open nodes and walk the whole tree. SECS 0
 *	runs until killed (the power-cut test). -v prints one line per change
 *	("op WORKER SEQ KIND PATH [PATH2] = RESULT"). Names that start with
 *	"keep-" are never touched. Prints "storm: started" when the load
 *	starts and a summary at the end. Errors a collision explains
 *	(ENOENT, EEXIST, ENOTEMPTY, ...) are expected; any other error, EACCES
 *	first of all, is a failure (exit 1).
 *
 *   fstorm walk [-n] [-x] ROOT
 *	Use everything below ROOT the way the integrity checks see it: list
 *	every directory, read every regular file (not with -n), read and
 *	follow every symbolic link, open every device node and FIFO, connect
 *	to every socket. Files named keep-NAME must contain "keep-NAME\n".
 *	With -x, also count (unlabelled=N) and name ("walk: unlabelled PATH")
 *	what lacks security.ima or security.evm (but sockets, which nothing
 *	uses after a boot; with -n: and regular files).
 *	Prints what it saw and what was refused:
 *	  walk: dirs=N dirs_refused=N files=N files_refused=N keep=N
 *	        keep_bad=N links=N links_refused=N nodes=N nodes_refused=N
 *	        socks=N socks_refused=N errors=N unlabelled=N
 *	  walk: refused dir|file|link|node|sock PATH ERRNO
 *	  walk: error PATH WHAT ERRNO     (an error that is not a refusal)
 *	Exit status: 0 if nothing was refused and nothing failed, else 1.
 *
 *   fstorm fill DIR COUNT
 *	Create COUNT empty files DIR/f000000... (to build large directories
 *	with the kernel, which indexes them, faster than mke2fs -d can).
 *
 *   fstorm race [-m MS] PATH...
 *	A metadata change racing with the first use of each PATH (none may
 *	have been used since boot): a child process changes PATH's mode back
 *	and forth (a symbolic link's group: its mode cannot change), each
 *	change under the inode's lock: ->setattr, then EVM's new HMAC, while
 *	this process, MS milliseconds (default 3) after the child started,
 *	uses PATH once by its type (a directory is listed, a symbolic link
 *	read, a device node or FIFO opened), then stops the child, restores
 *	the mode (group) and uses PATH again. One line per PATH and a
 *	summary:
 *	  race: PATH first=ERRNO again=ERRNO changes=N
 *	  race: paths=N refused=N changes=N
 *	Exit status: 0 if no use was refused, else 1.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "helpers.h"

#define NAMES		48	/* leaf names n00..n47 */
#define SUBDIRS		12	/* n00..n11 may be directories with entries */
#define MAX_FAILS	20	/* unexpected errors printed */
#define PATH_LEN	4096

enum kind {
	K_CREATE, K_UNLINK, K_MKDIR, K_RMDIR, K_SYMLINK, K_FIFO, K_CHR,
	K_SOCK, K_LINK, K_RENAME, K_EXCHANGE, K_NR
};

static const char *const kind_name[K_NR] = {
	"create", "unlink", "mkdir", "rmdir", "symlink", "mkfifo", "mknod",
	"bind", "link", "rename", "exchange",
};

/* Weights of the kinds of change, out of their sum. */
static const int kind_weight[K_NR] = { 20, 14, 10, 8, 8, 3, 2, 2, 4, 15, 6 };

struct kstat {
	long tries, ok, expected, unexpected;
};

/* Counters shared by every process of a storm (MAP_SHARED). */
struct shared {
	struct kstat kind[K_NR];
	long lookups, walks, entries, walk_expected, walk_unexpected;
	long fails_printed;
	long changes;		/* by the child of a race */
};

static struct shared *sh;

/* Print one line with a single write(), so lines of processes never mix. */
static void say(const char *fmt, ...)
{
	char line[2 * PATH_LEN + 128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (n >= (int)sizeof(line))
		n = sizeof(line) - 1;
	if (write(STDOUT_FILENO, line, n) < 0)
		_exit(3);
}

/* Errors that a collision of two workers on the same name explains. */
static int expected_error(enum kind k, int err)
{
	switch (err) {
	case ENOENT: case EEXIST: case ENOTEMPTY: case ENOTDIR: case EISDIR:
	case EADDRINUSE: case EMLINK: case EBUSY:
	case ELOOP:	/* a path through a symbolic link loop */
		return 1;
	case EINVAL:	/* a directory renamed into itself */
		return k == K_RENAME || k == K_EXCHANGE;
	case EPERM:	/* link() of a directory */
		return k == K_LINK;
	}
	return 0;
}

static unsigned int rnd(unsigned int *state, unsigned int n)
{
	return (unsigned int)rand_r(state) % n;
}

/* A random name: DIR/nXX, or DIR/nXX/nYY below a possible subdirectory. */
static void pick(unsigned int *st, char **dirs, int ndirs, char *buf)
{
	const char *top = dirs[rnd(st, ndirs)];

	if (rnd(st, 10) < 3)
		snprintf(buf, PATH_LEN, "%s/n%02u/n%02u", top, rnd(st, SUBDIRS),
			 rnd(st, NAMES));
	else
		snprintf(buf, PATH_LEN, "%s/n%02u", top, rnd(st, NAMES));
}

static enum kind pick_kind(unsigned int *st)
{
	int sum = 0, r, k;

	for (k = 0; k < K_NR; k++)
		sum += kind_weight[k];
	r = rnd(st, sum);
	for (k = 0; k < K_NR; k++) {
		r -= kind_weight[k];
		if (r < 0)
			break;
	}
	return k;
}

static int do_bind(const char *path)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int fd, err = 0;

	if (strlen(path) >= sizeof(sun.sun_path))
		return ENAMETOOLONG;
	strcpy(sun.sun_path, path);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0)
		return errno;
	if (bind(fd, (struct sockaddr *)&sun, sizeof(sun)))
		err = errno;
	close(fd);
	return err;
}

static int do_create(const char *path)
{
	int fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
	size_t len = strlen(path);
	int err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, path, len) != (ssize_t)len)
		err = errno ? errno : EIO;
	if (close(fd) && !err)
		err = errno;
	return err;
}

/* One change; returns 0 or the errno. */
static int change(enum kind k, unsigned int *st, const char *p1,
		  const char *p2)
{
	char target[16];
	int rc = 0;

	switch (k) {
	case K_CREATE:
		return do_create(p1);
	case K_UNLINK:
		rc = unlink(p1);
		break;
	case K_MKDIR:
		rc = mkdir(p1, 0755);
		break;
	case K_RMDIR:
		rc = rmdir(p1);
		break;
	case K_SYMLINK:
		snprintf(target, sizeof(target), "%sn%02u",
			 rnd(st, 2) ? "../" : "", rnd(st, NAMES));
		rc = symlink(target, p1);
		break;
	case K_FIFO:
		rc = mknod(p1, S_IFIFO | 0644, 0);
		break;
	case K_CHR:
		rc = mknod(p1, S_IFCHR | 0644, makedev(1, 3));
		break;
	case K_SOCK:
		return do_bind(p1);
	case K_LINK:
		rc = link(p1, p2);
		break;
	case K_RENAME:
		rc = rename(p1, p2);
		break;
	case K_EXCHANGE:
		rc = syscall(SYS_renameat2, AT_FDCWD, p1, AT_FDCWD, p2,
			     RENAME_EXCHANGE);
		break;
	case K_NR:
		break;
	}
	return rc ? errno : 0;
}

static void fail_line(const char *who, const char *what, const char *path,
		      int err)
{
	if (__atomic_fetch_add(&sh->fails_printed, 1, __ATOMIC_RELAXED) <
	    MAX_FAILS)
		say("storm: FAIL %s %s %s %s\n", who, what, path, errname(err));
}

static void worker(int id, unsigned int seed, time_t end, int verbose,
		   char **dirs, int ndirs)
{
	char p1[PATH_LEN], p2[PATH_LEN];
	unsigned int st = seed;
	long seq = 0;

	while (!end || time(NULL) < end) {
		enum kind k = pick_kind(&st);
		struct kstat *ks = &sh->kind[k];
		int two = k == K_LINK || k == K_RENAME || k == K_EXCHANGE;
		int err;

		pick(&st, dirs, ndirs, p1);
		if (two)
			pick(&st, dirs, ndirs, p2);
		err = change(k, &st, p1, two ? p2 : NULL);
		seq++;
		__atomic_fetch_add(&ks->tries, 1, __ATOMIC_RELAXED);
		if (!err)
			__atomic_fetch_add(&ks->ok, 1, __ATOMIC_RELAXED);
		else if (expected_error(k, err))
			__atomic_fetch_add(&ks->expected, 1, __ATOMIC_RELAXED);
		else {
			__atomic_fetch_add(&ks->unexpected, 1, __ATOMIC_RELAXED);
			fail_line("worker", kind_name[k], p1, err);
		}
		if (verbose)
			say("op %d %ld %s %s%s%s = %s\n", id, seq, kind_name[k],
			    p1, two ? " " : "", two ? p2 : "", errname(err));
	}
}

/* Errors a walker meets when workers change what it looks at. */
static int walk_expected(int err)
{
	return err == ENOENT || err == ENOTDIR || err == ELOOP ||
	       err == ENXIO || err == ECONNREFUSED || err == ENAMETOOLONG ||
	       err == ENODEV;
}

static void walk_err(const char *what, const char *path, int err)
{
	if (walk_expected(err)) {
		__atomic_fetch_add(&sh->walk_expected, 1, __ATOMIC_RELAXED);
	} else {
		__atomic_fetch_add(&sh->walk_unexpected, 1, __ATOMIC_RELAXED);
		fail_line("walker", what, path, err);
	}
}

static int connect_path(const char *path)
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

/* Use one path as a reader would: stat, lstat and what its type allows. */
static void look(const char *path)
{
	char target[PATH_LEN];
	struct stat st;
	int fd;

	__atomic_fetch_add(&sh->lookups, 1, __ATOMIC_RELAXED);
	if (stat(path, &st))
		walk_err("stat", path, errno);
	if (lstat(path, &st)) {
		walk_err("lstat", path, errno);
		return;
	}
	if (S_ISLNK(st.st_mode)) {
		if (readlink(path, target, sizeof(target)) < 0) {
			int err = errno;

			/*
			 * EINVAL: not a symlink (any more). A worker that
			 * renamed another node over the name since the
			 * lstat() explains it; the name must then have
			 * changed type or be gone.
			 */
			if (err == EINVAL && (lstat(path, &st) || !S_ISLNK(st.st_mode)))
				err = ENOENT;
			walk_err("readlink", path, err);
		}
	} else if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)) {
		fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
		if (fd < 0)
			walk_err("open", path, errno);
		else
			close(fd);
	} else if (S_ISSOCK(st.st_mode)) {
		int err = connect_path(path);

		if (err)
			walk_err("connect", path, err);
	}
}

static void walk_tree(const char *dir, int depth)
{
	char path[PATH_LEN];
	struct dirent *de;
	DIR *d;

	if (depth > 8)
		return;
	d = opendir(dir);
	if (!d) {
		walk_err("opendir", dir, errno);
		return;
	}
	while ((de = readdir(d))) {
		if (is_dot_or_dotdot(de->d_name))
			continue;
		__atomic_fetch_add(&sh->entries, 1, __ATOMIC_RELAXED);
		if (join_path(path, sizeof(path), dir, de->d_name)) {
			walk_err("path", dir, errno);
			continue;
		}
		if (de->d_type == DT_DIR)
			walk_tree(path, depth + 1);
		else if (de->d_type != DT_REG)
			look(path);
	}
	closedir(d);
}

static void walker(unsigned int seed, time_t end, char **dirs, int ndirs)
{
	char p[PATH_LEN];
	unsigned int st = seed;
	int i, d;

	while (!end || time(NULL) < end) {
		for (i = 0; i < 200; i++) {
			pick(&st, dirs, ndirs, p);
			look(p);
		}
		for (d = 0; d < ndirs; d++)
			walk_tree(dirs[d], 0);
		__atomic_fetch_add(&sh->walks, 1, __ATOMIC_RELAXED);
	}
}

static int usage(void)
{
	fprintf(stderr,
		"usage: fstorm storm [-s SEED] [-t SECS] [-w WORKERS] [-r WALKERS] [-v] DIR...\n"
		"       fstorm walk [-n] [-x] ROOT\n"
		"       fstorm fill DIR COUNT\n"
		"       fstorm race [-m MS] PATH...\n");
	return 2;
}

static int cmd_storm(int argc, char **argv)
{
	unsigned int seed = 1;
	int secs = 10, workers = 4, walkers = 0, verbose = 0, opt, i;
	long ops = 0, ok = 0, expected = 0, unexpected = 0;
	time_t end;
	int status, bad = 0;

	while ((opt = getopt(argc, argv, "s:t:w:r:v")) != -1) {
		switch (opt) {
		case 's': seed = strtoul(optarg, NULL, 0); break;
		case 't': secs = atoi(optarg); break;
		case 'w': workers = atoi(optarg); break;
		case 'r': walkers = atoi(optarg); break;
		case 'v': verbose = 1; break;
		default: return usage();
		}
	}
	if (optind >= argc || workers < 1 || walkers < 0 || secs < 0)
		return usage();
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		perror("fstorm: mmap");
		return 1;
	}
	memset(sh, 0, sizeof(*sh));
	end = secs ? time(NULL) + secs : 0;
	say("storm: started seed=%u secs=%d workers=%d walkers=%d\n", seed,
	    secs, workers, walkers);
	for (i = 0; i < workers + walkers; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			perror("fstorm: fork");
			return 1;
		}
		if (pid)
			continue;
		if (i < workers)
			worker(i, seed * 1000003u + i, end, verbose,
			       argv + optind, argc - optind);
		else
			walker(seed * 1000003u + i, end, argv + optind,
			       argc - optind);
		_exit(0);
	}
	while (wait(&status) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			bad++;
	for (i = 0; i < K_NR; i++) {
		struct kstat *ks = &sh->kind[i];

		say("storm: %s tries=%ld ok=%ld expected_err=%ld unexpected_err=%ld\n",
		    kind_name[i], ks->tries, ks->ok, ks->expected,
		    ks->unexpected);
		ops += ks->tries;
		ok += ks->ok;
		expected += ks->expected;
		unexpected += ks->unexpected;
	}
	say("storm: walkers lookups=%ld walks=%ld entries=%ld expected_err=%ld unexpected_err=%ld\n",
	    sh->lookups, sh->walks, sh->entries, sh->walk_expected,
	    sh->walk_unexpected);
	say("storm: total ops=%ld ok=%ld expected_err=%ld unexpected_err=%ld walker_unexpected_err=%ld crashed=%d\n",
	    ops, ok, expected, unexpected, sh->walk_unexpected, bad);
	return unexpected || sh->walk_unexpected || bad;
}

/* What a verifying walk saw. */
static struct {
	long dirs, dirs_refused, files, files_refused, keep, keep_bad;
	long links, links_refused, nodes, nodes_refused, socks, socks_refused;
	long errors, unlabelled;
} w;

static int no_read, xattr_check;

static void check_labels(const char *path, mode_t mode)
{
	/*
	 * With -n regular files are never used, so never labelled. A socket
	 * on the disk is never used either: after a boot nobody listens on
	 * it, and a connect that finds no listener appraises nothing.
	 */
	if (!xattr_check || (no_read && S_ISREG(mode)) || S_ISSOCK(mode))
		return;
	if (lgetxattr(path, "security.ima", NULL, 0) < 0 ||
	    lgetxattr(path, "security.evm", NULL, 0) < 0) {
		w.unlabelled++;
		say("walk: unlabelled %s\n", path);
	}
}

/* Record the outcome of using one file: 0, a refusal or another error. */
static void outcome(const char *what, const char *path, int err,
		    long *refused)
{
	if (!err)
		return;
	if (err == EACCES) {
		(*refused)++;
		say("walk: refused %s %s %s\n", what, path, errname(err));
	} else {
		w.errors++;
		say("walk: error %s %s %s\n", path, what, errname(err));
	}
}

static int read_file(const char *path, char *buf, size_t size, size_t *len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	*len = 0;
	if (fd < 0)
		return errno;
	while ((n = read(fd, buf + *len, size - *len)) > 0) {
		*len += n;
		if (*len == size)
			*len = 0;	/* only a short file's contents matter */
	}
	n = n < 0 ? errno : 0;
	close(fd);
	return n;
}

static void check_file(const char *path, const char *name)
{
	char buf[4096], want[300];
	size_t len;
	int err;

	w.files++;
	if (no_read)
		return;
	err = read_file(path, buf, sizeof(buf), &len);
	outcome("file", path, err, &w.files_refused);
	if (strncmp(name, "keep-", 5))
		return;
	w.keep++;
	snprintf(want, sizeof(want), "%s\n", name);
	if (err || len != strlen(want) || memcmp(buf, want, len)) {
		w.keep_bad++;
		say("walk: bad keep %s %s\n", path, err ? errname(err) : "content");
	}
}

static void check_special(const char *path, mode_t mode)
{
	char target[PATH_LEN];
	struct stat st;
	int err = 0, fd;

	if (S_ISLNK(mode)) {
		w.links++;
		if (readlink(path, target, sizeof(target)) < 0)
			err = errno;
		outcome("link", path, err, &w.links_refused);
		/* Following it appraises it too; its target may be gone. */
		if (!err && stat(path, &st) && errno == EACCES)
			say("walk: note following %s gives EACCES\n", path);
	} else if (S_ISSOCK(mode)) {
		w.socks++;
		err = connect_path(path);
		if (err == ECONNREFUSED)
			err = 0;
		outcome("sock", path, err, &w.socks_refused);
	} else {
		w.nodes++;
		fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
		if (fd < 0)
			err = errno;
		else
			close(fd);
		/* No driver (ENXIO, ENODEV) is not a refusal. */
		if (err == ENXIO || err == ENODEV)
			err = 0;
		outcome("node", path, err, &w.nodes_refused);
	}
}

static void verify_tree(const char *dir, int depth)
{
	char path[PATH_LEN];
	struct dirent *de;
	struct stat st;
	DIR *d;

	if (depth > 64) {
		w.errors++;
		say("walk: error %s depth too deep\n", dir);
		return;
	}
	d = opendir(dir);
	if (!d) {
		outcome("dir", dir, errno, &w.dirs_refused);
		return;
	}
	w.dirs++;
	check_labels(dir, S_IFDIR);
	errno = 0;
	while ((de = readdir(d))) {
		if (is_dot_or_dotdot(de->d_name))
			continue;
		if (join_path(path, sizeof(path), dir, de->d_name)) {
			w.errors++;
			say("walk: error %s/... path too long\n", dir);
			continue;
		}
		if (lstat(path, &st)) {
			w.errors++;
			say("walk: error %s lstat %s\n", path, errname(errno));
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			verify_tree(path, depth + 1);
			continue;
		}
		check_labels(path, st.st_mode);
		if (S_ISREG(st.st_mode))
			check_file(path, de->d_name);
		else
			check_special(path, st.st_mode);
	}
	closedir(d);
}

static int cmd_walk(int argc, char **argv)
{
	int opt;

	while ((opt = getopt(argc, argv, "nx")) != -1) {
		if (opt == 'n')
			no_read = 1;
		else if (opt == 'x')
			xattr_check = 1;
		else
			return usage();
	}
	if (optind != argc - 1)
		return usage();
	verify_tree(argv[optind], 0);
	say("walk: dirs=%ld dirs_refused=%ld files=%ld files_refused=%ld keep=%ld keep_bad=%ld links=%ld links_refused=%ld nodes=%ld nodes_refused=%ld socks=%ld socks_refused=%ld errors=%ld unlabelled=%ld\n",
	    w.dirs, w.dirs_refused, w.files, w.files_refused, w.keep,
	    w.keep_bad, w.links, w.links_refused, w.nodes, w.nodes_refused,
	    w.socks, w.socks_refused, w.errors, w.unlabelled);
	return w.unlabelled || w.dirs_refused || w.files_refused || w.keep_bad ||
	       w.links_refused || w.nodes_refused || w.socks_refused ||
	       w.errors;
}

static int cmd_fill(int argc, char **argv)
{
	char path[PATH_LEN];
	long i, count;
	int fd;

	if (argc != 3)
		return usage();
	count = atol(argv[2]);
	for (i = 0; i < count; i++) {
		snprintf(path, sizeof(path), "%s/f%06ld", argv[1], i);
		fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
		if (fd < 0 || close(fd)) {
			fprintf(stderr, "fstorm: create %s: %s\n", path,
				strerror(errno));
			return 1;
		}
	}
	say("fill: %ld files in %s\n", count, argv[1]);
	return 0;
}

/* Use @path once, as its type is used; return 0 or the errno. */
static int use_once(const char *path, mode_t mode)
{
	char target[PATH_LEN];
	struct dirent *de;
	int fd, err = 0;
	DIR *d;

	if (S_ISDIR(mode)) {
		d = opendir(path);
		if (!d)
			return errno;
		errno = 0;
		while ((de = readdir(d)))
			;
		err = errno;
		closedir(d);
		return err;
	}
	if (S_ISLNK(mode))
		return readlink(path, target, sizeof(target)) < 0 ? errno : 0;
	if (S_ISSOCK(mode))
		return connect_path(path);
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

/*
 * The child of a race: change the mode of @path (@st) between its own and
 * one with the group's execute bit flipped, or a symbolic link's group
 * between its own and the next, until killed; count in sh->changes.
 */
static void race_child(const char *path, const struct stat *st)
{
	mode_t mode = st->st_mode & 07777;
	unsigned long n;
	int rc;

	for (n = 0;; n++) {
		if (S_ISLNK(st->st_mode))
			rc = fchownat(AT_FDCWD, path, -1, st->st_gid + (n & 1),
				      AT_SYMLINK_NOFOLLOW);
		else
			rc = chmod(path, mode ^ (n & 1 ? 0 : S_IXGRP));
		if (rc) {
			fail_line("race", "change", path, errno);
			_exit(1);
		}
		__atomic_store_n(&sh->changes, n + 1, __ATOMIC_RELAXED);
	}
}

static int cmd_race(int argc, char **argv)
{
	long refused = 0, changes = 0, ms = 3;
	struct timespec wait;
	int opt, i, first, again, status;
	struct stat st;
	pid_t pid;

	while ((opt = getopt(argc, argv, "m:")) != -1) {
		if (opt != 'm')
			return usage();
		ms = atol(optarg);
	}
	if (optind >= argc || ms < 0)
		return usage();
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		return fail("mmap", "counters");
	wait.tv_sec = ms / 1000;
	wait.tv_nsec = ms % 1000 * 1000000;
	for (i = optind; i < argc; i++) {
		if (lstat(argv[i], &st))
			return fail("lstat", argv[i]);
		sh->changes = 0;
		pid = fork();
		if (pid < 0)
			return fail("fork", argv[i]);
		if (!pid)
			race_child(argv[i], &st);
		nanosleep(&wait, NULL);
		first = use_once(argv[i], st.st_mode);
		kill(pid, SIGKILL);
		if (waitpid(pid, &status, 0) != pid)
			return fail("waitpid", argv[i]);
		if (WIFEXITED(status))
			return 1;	/* the child said why */
		if (S_ISLNK(st.st_mode) ?
		    fchownat(AT_FDCWD, argv[i], -1, st.st_gid,
			     AT_SYMLINK_NOFOLLOW) :
		    chmod(argv[i], st.st_mode & 07777))
			return fail("restore", argv[i]);
		again = use_once(argv[i], st.st_mode);
		changes += sh->changes;
		say("race: %s first=%s again=%s changes=%ld\n", argv[i],
		    first ? errname(first) : "0", again ? errname(again) : "0",
		    sh->changes);
		refused += first || again;
	}
	say("race: paths=%d refused=%ld changes=%ld\n", argc - optind,
	    refused, changes);
	return refused ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "storm"))
		return cmd_storm(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "walk"))
		return cmd_walk(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "fill"))
		return cmd_fill(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "race"))
		return cmd_race(argc - 1, argv + 1);
	return usage();
}
