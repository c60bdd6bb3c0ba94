// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of ima-dirtool. Prints one "ok N ..." or "not ok N ... # why"
 * line a test and closes with "N passed, N failed"; exits non-zero when
 * anything failed.
 *
 *   unit VECTORS TOOL [KEYED...]
 *
 * VECTORS is v1's digest vectors: the kernel tree's
 * ima_dir_kunit_vectors.h, the file the kernel's KUnit suite reads (series
 * v1), or the same vectors from ref/dirdigest.py (series v2, whose kernel
 * has no v1 digests): every vector in it is checked against the
 * digest code and, for the kinds a real object can have (symlinks, device
 * nodes, FIFOs, sockets), against TOOL run on such an object. TOOL is then
 * run on temporary trees (all file types, a 100 000-entry directory, a
 * 4095-byte symlink target, an unreadable directory, a file system without
 * xattrs, a mount point, bad arguments). Those need root (mknod, security.*
 * xattrs, mount, dropping privileges); without root they fail, saying so.
 *
 * Each KEYED file holds known-answer vectors of the keyed values of series
 * v2 (keyed.c): the output of the independent reference ref/keyed.py, and
 * the kernel tree's ima_dir_mac_vectors.h where the tree has it.
 *
 * Pending records (pending.c) are checked with the cases of the kernel's
 * KUnit tests ima_dir_pending_parse_test and ima_dir_pending_states_test,
 * against a record written out byte by byte, and through TOOL on real
 * directories whose security.ima holds one.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <dirent.h>
#include <grp.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "algo.h"
#include "digest.h"
#include "keyed.h"
#include "pending.h"
#include "value.h"

#define NOBODY		65534
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define BIG_DIR_ENTRIES	100000

static int n_run, n_failed;
static const char *tool;
static char root[PATH_MAX];

static __attribute__((format(printf, 3, 4)))
void result(bool ok, const char *why, const char *fmt, ...)
{
	va_list ap;

	n_run++;
	if (!ok)
		n_failed++;
	printf("%sok %d ", ok ? "" : "not ", n_run);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	if (!ok && why)
		printf(" # %s", why);
	putchar('\n');
	fflush(stdout);
}

static void fatal(const char *what)
{
	printf("# fatal: %s: %s\n", what, strerror(errno));
	printf("%d passed, %d failed\n", n_run - n_failed, n_failed + 1);
	exit(1);
}

static void hex(char *out, const unsigned char *in, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		sprintf(out + 2 * i, "%02x", in[i]);
	out[2 * len] = '\0';
}

static int unhex(const char *in, size_t inlen, unsigned char *out)
{
	size_t i;
	unsigned int b;

	if (inlen % 2)
		return -1;
	for (i = 0; i < inlen / 2; i++) {
		if (sscanf(in + 2 * i, "%2x", &b) != 1)
			return -1;
		out[i] = b;
	}
	return inlen / 2;
}

static char *pathf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A path that outlives the next eight pathf() calls */
#define KEEP_PATH(var, ...) \
	char var[PATH_MAX]; \
	snprintf(var, sizeof(var), "%s", pathf(__VA_ARGS__))

/*
 * bind_socket - make a unix socket file at PATH. It is bound by its name
 * relative to its directory (entered for the bind), so the 108-byte limit
 * of a socket address never depends on where the test root is.
 * Returns 0 or -1 (errno set).
 */
static int bind_socket(const char *path)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	const char *slash = strrchr(path, '/');
	const char *name = slash ? slash + 1 : path;
	char dir[PATH_MAX];
	int fd, cwd, rc = -1, err;

	if (strlen(name) + 2 >= sizeof(sun.sun_path) ||
	    (size_t)(name - path) >= sizeof(dir)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	snprintf(sun.sun_path, sizeof(sun.sun_path), "./%s", name);
	snprintf(dir, sizeof(dir), "%.*s", (int)(slash ? name - path : 1),
		 slash ? path : ".");
	cwd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (cwd < 0)
		return -1;
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd >= 0 && !chdir(dir))
		rc = bind(fd, (struct sockaddr *)&sun, sizeof(sun));
	err = errno;
	if (fchdir(cwd))
		fatal("fchdir");
	close(cwd);
	if (fd >= 0)
		close(fd);
	errno = err;
	return rc;
}

/* A path under the test root; static storage, rotating over 8 buffers. */
static char *pathf(const char *fmt, ...)
{
	static char bufs[8][PATH_MAX];
	static int next;
	char *p = bufs[next++ % 8];
	size_t len = strlen(root);
	va_list ap;

	memcpy(p, root, len);
	p[len++] = '/';
	va_start(ap, fmt);
	vsnprintf(p + len, PATH_MAX - len, fmt, ap);
	va_end(ap);
	return p;
}

/* ---------------------------------------------------------------- */
/* Running the tool */

struct run {
	int status;		/* exit status, or 128 + signal */
	char *out;
	char *err;
};

static struct run run_buf;

/* The whole contents of a file, NUL-terminated (free() it). */
static char *slurp(int fd)
{
	struct stat st;
	size_t len = 0;
	ssize_t n;
	char *buf;

	if (fstat(fd, &st))
		fatal("fstat");
	buf = malloc(st.st_size + 1);
	if (!buf)
		fatal("malloc");
	lseek(fd, 0, SEEK_SET);
	while (len < (size_t)st.st_size &&
	       (n = read(fd, buf + len, st.st_size - len)) > 0)
		len += n;
	buf[len] = '\0';
	close(fd);
	return buf;
}

/* Run TOOL with the NULL-terminated arguments, as @uid (0: as we are). */
static struct run *run_as(uid_t uid, const char *arg, ...)
{
	const char *argv[32];
	struct run *r = &run_buf;
	char outp[] = "/tmp/ima-dirtool-out.XXXXXX";
	char errp[] = "/tmp/ima-dirtool-err.XXXXXX";
	int out, err, st, argc = 0;
	va_list ap;
	pid_t pid;

	argv[argc++] = tool;
	va_start(ap, arg);
	for (; arg && argc < 31; arg = va_arg(ap, const char *))
		argv[argc++] = arg;
	va_end(ap);
	argv[argc] = NULL;
	out = mkstemp(outp);
	err = mkstemp(errp);
	if (out < 0 || err < 0)
		fatal("mkstemp");
	unlink(outp);
	unlink(errp);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		fatal("fork");
	if (!pid) {
		dup2(out, 1);
		dup2(err, 2);
		if (uid && (setgroups(0, NULL) || setgid(uid) || setuid(uid)))
			_exit(126);
		execv(tool, (char **)argv);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0)
		fatal("waitpid");
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	free(r->out);
	free(r->err);
	r->out = slurp(out);
	r->err = slurp(err);
	return r;
}

#define run(...) run_as(0, __VA_ARGS__, NULL)
#define run_nobody(...) run_as(NOBODY, __VA_ARGS__, NULL)

/* Why a run is not what was expected, for the TAP line. */
static const char *why_run(const struct run *r)
{
	static char why[2048];
	char *p;

	snprintf(why, sizeof(why), "exit %d; stdout: %.1500s; stderr: %.200s",
		 r->status, r->out ?: "", r->err ?: "");
	for (p = why; *p; p++)
		if (*p == '\n')
			*p = '|';
	return why;
}

static bool has(const char *haystack, const char *needle)
{
	return strstr(haystack, needle) != NULL;
}

static int count_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* The hex digest `hash -a ALGO PATH` prints, or "" */
static const char *tool_hash(const char *algo, const char *path)
{
	static char digest[2 * MAX_DIGEST_SIZE + 1];
	struct run *r = run("hash", "-a", algo, path);
	const char *p = strchr(r->out, ':');
	size_t n;

	digest[0] = '\0';
	if (r->status || !p)
		return digest;
	n = strcspn(p + 1, "\n ");
	if (n < sizeof(digest)) {
		memcpy(digest, p + 1, n);
		digest[n] = '\0';
	}
	return digest;
}

/* ---------------------------------------------------------------- */
/* Known-answer vectors, from the kernel tree */

static int vec_dir(int algo, char *args, unsigned char *digest)
{
	unsigned char name[IMA_NAME_MAX + 1];
	struct dir_digest d;
	char *tok, *save = NULL;
	int rc = dir_digest_init(&d, algo);

	for (tok = strtok_r(args, " ", &save); !rc && tok;
	     tok = strtok_r(NULL, " ", &save)) {
		unsigned long long ino;
		unsigned int type;
		int off = 0, len;

		if (sscanf(tok, "%llu:%u:%n", &ino, &type, &off) != 2 || !off ||
		    strlen(tok + off) > 2 * IMA_NAME_MAX) {
			rc = -EINVAL;
			break;
		}
		len = unhex(tok + off, strlen(tok + off), name);
		rc = len < 0 ? -EINVAL :
		     dir_digest_add(&d, (char *)name, len, ino, type);
	}
	if (!rc)
		rc = dir_digest_final(&d, digest);
	dir_digest_free(&d);
	return rc;
}

static int vec_gen(int algo, unsigned long n, unsigned char *digest)
{
	struct dir_digest d;
	char name[32];
	unsigned long i;
	int rc;

	rc = dir_digest_init(&d, algo) ?:
	     dir_digest_add(&d, ".", 1, 2, DT_DIR_) ?:
	     dir_digest_add(&d, "..", 2, 2, DT_DIR_);
	for (i = 0; !rc && i < n; i++) {
		snprintf(name, sizeof(name), "f%lu", i);
		rc = dir_digest_add(&d, name, strlen(name), 100 + i, DT_REG_);
	}
	if (!rc)
		rc = dir_digest_final(&d, digest);
	dir_digest_free(&d);
	return rc;
}

/* A real object for a vector of kind lnk, chr, blk, fifo or sock. */
static const char *vec_object(const char *kind, const char *args)
{
	static unsigned int n;
	unsigned char target[PATH_MAX];
	unsigned int maj, min;
	const char *p;
	int len;

	if (geteuid())
		return NULL;
	p = pathf("vec/%u", n++);
	if (!strcmp(kind, "lnk")) {
		len = unhex(args, strlen(args), target);
		if (len < 0 || len >= PATH_MAX)
			return NULL;
		target[len] = '\0';
		return symlink((char *)target, p) ? NULL : p;
	}
	if (!strcmp(kind, "chr") || !strcmp(kind, "blk")) {
		if (sscanf(args, "%u:%u", &maj, &min) != 2)
			return NULL;
		return mknod(p, (*kind == 'c' ? S_IFCHR : S_IFBLK) | 0600,
			     makedev(maj, min)) ? NULL : p;
	}
	if (!strcmp(kind, "fifo"))
		return mkfifo(p, 0600) ? NULL : p;
	if (!strcmp(kind, "sock"))
		return bind_socket(p) ? NULL : p;
	return NULL;
}

/* Check one vector "ALGO KIND ARGS = HEX"; return 0 or -1 if malformed. */
static int check_vector(int idx, char *v, bool *seen_algo)
{
	unsigned char digest[MAX_DIGEST_SIZE];
	char got[2 * MAX_DIGEST_SIZE + 1], desc[72], kind[8];
	char *eq, *args, *want;
	int algo, rc, off = 0;
	char algo_name[16];

	snprintf(desc, sizeof(desc), "%.60s%s", v, strlen(v) > 60 ? "..." : "");
	eq = strstr(v, " = ");
	if (!eq || sscanf(v, "%15s %7s %n", algo_name, kind, &off) != 2) {
		result(false, "malformed vector", "vector %d: %s", idx, desc);
		return -1;
	}
	*eq = '\0';
	want = eq + 3;
	args = v + off < eq ? v + off : eq;
	algo = algo_by_name(algo_name);
	if (algo < 0) {
		result(false, "unknown algorithm", "vector %d: %s", idx, desc);
		return -1;
	}
	seen_algo[algo] = true;
	if (!strcmp(kind, "dir")) {
		rc = vec_dir(algo, args, digest);
	} else if (!strcmp(kind, "gen")) {
		rc = vec_gen(algo, strtoul(args, NULL, 10), digest);
	} else if (!strcmp(kind, "lnk")) {
		unsigned char t[PATH_MAX];
		int len = unhex(args, strlen(args), t);

		rc = len < 0 ? -EINVAL : lnk_digest(algo, (char *)t, len, digest);
	} else if (!strcmp(kind, "chr") || !strcmp(kind, "blk")) {
		unsigned int maj, min;

		rc = sscanf(args, "%u:%u", &maj, &min) != 2 ? -EINVAL :
		     dev_digest(algo, kind[0], maj, min, digest);
	} else if (!strcmp(kind, "fifo")) {
		rc = fifo_digest(algo, digest);
	} else if (!strcmp(kind, "sock")) {
		rc = sock_digest(algo, digest);
	} else {
		result(false, "unknown kind", "vector %d: %s", idx, desc);
		return -1;
	}
	if (rc) {
		result(false, strerror(-rc), "vector %d: %s", idx, desc);
		return 0;
	}
	hex(got, digest, hash_algos[algo].size);
	result(!strcmp(got, want), got, "vector %d: %s", idx, desc);

	/* The same through the tool, on a real object of that kind. */
	if (strcmp(kind, "dir") && strcmp(kind, "gen")) {
		const char *obj = vec_object(kind, args);

		if (!obj) {
			result(false, geteuid() ? "needs root" : strerror(errno),
			       "vector %d: ima-dirtool hash on a real %s", idx,
			       kind);
			return 0;
		}
		result(!strcmp(tool_hash(algo_name, obj), want),
		       why_run(&run_buf),
		       "vector %d: ima-dirtool hash on a real %s", idx, kind);
	}
	return 0;
}

static void test_vectors(const char *file)
{
	bool seen_algo[HASH_ALGO__LAST] = { false };
	char line[8192], algos[256] = "";
	int n = 0, bad = 0, i;
	FILE *f = fopen(file, "r");

	if (!f) {
		result(false, "run 'make tree' to unpack the kernel tree with the series",
		       "known-answer vectors: open %s: %s", file,
		       strerror(errno));
		return;
	}
	mkdir(pathf("vec"), 0755);
	while (fgets(line, sizeof(line), f)) {
		char *p = line + strspn(line, " \t"), *end;

		if (*p != '"')
			continue;
		if (!strchr(p, '\n')) {
			result(false, "line too long", "vector %d", ++n);
			bad++;
			break;
		}
		end = strchr(p + 1, '"');
		if (!end || strchr(p, '\\') || end[1] != ',') {
			result(false, "not one plain string literal a line",
			       "vector %d: %.60s", ++n, p);
			bad++;
			continue;
		}
		*end = '\0';
		if (check_vector(++n, p + 1, seen_algo))
			bad++;
	}
	fclose(f);
	for (i = 0; i < HASH_ALGO__LAST; i++)
		if (seen_algo[i])
			snprintf(algos + strlen(algos),
				 sizeof(algos) - strlen(algos), " %s",
				 hash_algos[i].name);
	result(n >= 10 && !bad, "too few vectors or malformed lines",
	       "known-answer vectors: %d read from %s (algorithms:%s)", n,
	       file, algos);
}

/* ---------------------------------------------------------------- */
/* Known-answer vectors of the keyed values (series v2) */

/* Read "HEX" of exactly @size bytes (any size up to @size if !exact). */
static int keyed_hex(const char *tok, unsigned char *out, size_t size,
		     bool exact)
{
	size_t n = tok ? strlen(tok) : 0;
	int len;

	if (!tok || n % 2 || n / 2 > size || (exact && n / 2 != size))
		return -1;
	len = unhex(tok, n, out);
	return len;
}

static int keyed_u64(const char *tok, uint64_t *v)
{
	char *end;

	if (!tok || !*tok || *tok == '-')
		return -1;
	errno = 0;
	*v = strtoull(tok, &end, 10);
	return errno || *end ? -1 : 0;
}

/*
 * "INO:GEN:TYPE:MAJOR:MINOR:HEXNAME" tokens up to "=", added to @st if they
 * count
 */
static int keyed_entries(char **save, const unsigned char *ki,
			 struct keyed_state *st)
{
	unsigned char name[IMA_NAME_MAX];
	char *tok, *f[6];
	uint64_t ino, gen, type, maj, min;
	int i, len;

	while ((tok = strtok_r(NULL, " ", save)) && strcmp(tok, "=")) {
		/* six fields, the last (the name) without a colon */
		f[0] = tok;
		for (i = 1; i < 6; i++) {
			f[i] = strchr(f[i - 1], ':');
			if (!f[i])
				return -1;
			*f[i]++ = '\0';
		}
		len = keyed_hex(f[5], name, sizeof(name), false);
		if (keyed_u64(f[0], &ino) || keyed_u64(f[1], &gen) ||
		    keyed_u64(f[2], &type) || keyed_u64(f[3], &maj) ||
		    keyed_u64(f[4], &min) || gen > UINT32_MAX || type > 15 ||
		    maj > UINT32_MAX || min > UINT32_MAX || len <= 0)
			return -1;
		if (keyed_entry_counts((char *)name, len) &&
		    keyed_state_add(st, ki, (char *)name, len, ino, gen, type,
				    maj, min))
			return -1;
	}
	return tok ? 0 : -1;
}

/*
 * Check one vector "KIND EVMKEY UUID INO GEN ARGS = HEX"; return 0, 1 if
 * the MAC differs, or -1 if the line is malformed.
 */
static int keyed_vector(char *v, char *got)
{
	unsigned char evm_key[KEYED_EVM_KEY_MAX], uuid[KEYED_UUID_SIZE];
	unsigned char k[KEYED_MAC_SIZE], ki[KEYED_MAC_SIZE];
	unsigned char mac[KEYED_MAC_SIZE], buf[PATH_MAX];
	char *save = NULL, *kind, *want = strstr(v, " = ");
	struct keyed_state st;
	uint64_t ino, gen, a, b, c;
	int key_len, len, rc = -1;

	if (!want)
		return -1;
	want += 3;
	kind = strtok_r(v, " ", &save);
	key_len = keyed_hex(strtok_r(NULL, " ", &save), evm_key,
			    sizeof(evm_key), false);
	if (!kind || key_len <= 0 ||
	    keyed_hex(strtok_r(NULL, " ", &save), uuid, sizeof(uuid), true) < 0 ||
	    keyed_u64(strtok_r(NULL, " ", &save), &ino) ||
	    keyed_u64(strtok_r(NULL, " ", &save), &gen) || gen > UINT32_MAX ||
	    keyed_ima_key(evm_key, key_len, k) ||
	    keyed_inode_key(k, uuid, ino, gen, ki))
		return -1;
	keyed_state_init(&st);
	if (!strcmp(kind, "key")) {
		memcpy(mac, ki, sizeof(mac));
		rc = strcmp(strtok_r(NULL, " ", &save) ?: "", "=") ? -1 : 0;
	} else if (!strcmp(kind, "dir")) {
		rc = keyed_entries(&save, ki, &st) ?:
		     keyed_state_mac(&st, ki, mac);
	} else if (!strcmp(kind, "gen")) {
		char name[32];

		rc = keyed_u64(strtok_r(NULL, " ", &save), &a);
		for (c = 0; !rc && c < a; c++) {
			snprintf(name, sizeof(name), "f%llu",
				 (unsigned long long)c);
			rc = keyed_state_add(&st, ki, name, strlen(name),
					     100 + c, c, 8, 0, 0);
		}
		rc = rc ?: keyed_state_mac(&st, ki, mac);
	} else if (!strcmp(kind, "lnk")) {
		len = keyed_hex(strtok_r(NULL, " ", &save), buf, sizeof(buf),
				false);
		rc = len < 0 ? -1 : keyed_symlink_mac(ki, (char *)buf, len, mac);
	} else if (!strcmp(kind, "chr") || !strcmp(kind, "blk")) {
		unsigned int maj, min;
		char *tok = strtok_r(NULL, " ", &save);

		rc = !tok || sscanf(tok, "%u:%u", &maj, &min) != 2 ? -1 :
		     keyed_special_mac(ki, kind[0] == 'c' ? 'c' : 'b', maj,
				       min, mac);
	} else if (!strcmp(kind, "fifo") || !strcmp(kind, "sock")) {
		rc = keyed_special_mac(ki, kind[0] == 'f' ? 'p' : 's', 0, 0,
				       mac);
	} else if (!strcmp(kind, "create")) {
		rc = keyed_u64(strtok_r(NULL, " ", &save), &a);
		len = keyed_hex(strtok_r(NULL, " ", &save), buf, IMA_NAME_MAX,
				false);
		rc = rc || len <= 0 ? -1 :
		     keyed_entries(&save, ki, &st) ?:
		     keyed_create_mac(&st, ki, a, (char *)buf, len, mac);
	} else if (!strcmp(kind, "birth")) {
		rc = keyed_u64(strtok_r(NULL, " ", &save), &a) ||
		     keyed_u64(strtok_r(NULL, " ", &save), &b) ||
		     b > UINT32_MAX ||
		     keyed_u64(strtok_r(NULL, " ", &save), &c) ? -1 : 0;
		len = keyed_hex(strtok_r(NULL, " ", &save), buf, IMA_NAME_MAX,
				false);
		rc = rc || len <= 0 ? -1 :
		     keyed_birth_mac(ki, a, b, c, (char *)buf, len, mac);
	}
	if (rc)
		return -1;
	hex(got, mac, sizeof(mac));
	return strcmp(got, want) ? 1 : 0;
}

static void test_keyed_vectors(const char *file)
{
	char line[16384], got[2 * KEYED_MAC_SIZE + 1], desc[72];
	int n = 0, bad = 0, rc;
	FILE *f = fopen(file, "r");

	if (!f) {
		result(false, strerror(errno), "keyed vectors: open %s", file);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		char *p = line + strspn(line, " \t"), *end;

		if (*p != '"')
			continue;
		end = strchr(p + 1, '"');
		if (!strchr(p, '\n') || !end || end[1] != ',') {
			result(false, "not one plain string literal a line",
			       "keyed vector %d: %.60s", ++n, p);
			bad++;
			continue;
		}
		*end = '\0';
		snprintf(desc, sizeof(desc), "%.60s%s", p + 1,
			 strlen(p + 1) > 60 ? "..." : "");
		got[0] = '\0';
		rc = keyed_vector(p + 1, got);
		n++;
		if (rc < 0)
			bad++;
		result(!rc, rc < 0 ? "malformed vector" : got,
		       "keyed vector %d: %s", n, desc);
	}
	fclose(f);
	result(n >= 50 && !bad, "too few vectors or malformed lines",
	       "keyed vectors: %d read from %s", n, file);
}

/* The sum wraps modulo 2^256, and "." and ".." do not count. */
static void test_keyed_state(void)
{
	unsigned char k[KEYED_MAC_SIZE], ki[KEYED_MAC_SIZE];
	unsigned char m1[KEYED_MAC_SIZE], m2[KEYED_MAC_SIZE];
	static const unsigned char key[32] = { 1 }, uuid[16] = { 2 };
	struct keyed_state st, st2;
	int i;

	if (keyed_ima_key(key, sizeof(key), k) ||
	    keyed_inode_key(k, uuid, 2, 0, ki)) {
		result(false, "HMAC failed", "keyed state");
		return;
	}
	keyed_state_init(&st);
	for (i = 0; i < 4; i++)
		st.sum[i] = UINT64_MAX;
	st2 = st;
	keyed_state_add(&st, ki, "a", 1, 5, 1, 8, 0, 0);
	keyed_state_init(&st2);
	keyed_state_add(&st2, ki, "a", 1, 5, 1, 8, 0, 0);
	/* (2^256 - 1) + t = t - 1 modulo 2^256 */
	for (i = 0; i < 4 && !st2.sum[i]--; i++)
		;
	st.count = st2.count;
	result(st.sum[0] == st2.sum[0] && st.sum[1] == st2.sum[1] &&
	       st.sum[2] == st2.sum[2] && st.sum[3] == st2.sum[3],
	       "wrong carry", "keyed state: the sum wraps modulo 2^256");

	result(!keyed_entry_counts(".", 1) && !keyed_entry_counts("..", 2) &&
	       keyed_entry_counts("...", 3) && keyed_entry_counts(".a", 2),
	       "wrong names", "keyed state: \".\" and \"..\" do not count");

	keyed_state_init(&st);
	result(keyed_state_add(&st, ki, "a", 0, 5, 1, 8, 0, 0) == -EINVAL &&
	       keyed_state_add(&st, ki, "a", IMA_NAME_MAX + 1, 5, 1, 8, 0, 0) == -EINVAL &&
	       keyed_state_add(&st, ki, "a", 1, 5, 1, 0, 0, 0) == -EINVAL &&
	       keyed_state_add(&st, ki, "a", 1, 5, 1, 16, 0, 0) == -EINVAL &&
	       !st.count && keyed_special_mac(ki, 'x', 0, 0, m1) == -EINVAL &&
	       keyed_ima_key(key, 0, k) == -EINVAL &&
	       keyed_ima_key(key, KEYED_EVM_KEY_MAX + 1, k) == -EINVAL,
	       "accepted", "keyed state: what the format cannot hold is refused");

	/* A key shorter than 128 bytes is zero-padded, as EVM does. */
	{
		unsigned char padded[KEYED_EVM_KEY_MAX] = { 1 };

		keyed_ima_key(key, sizeof(key), m1);
		keyed_ima_key(padded, sizeof(padded), m2);
		result(!memcmp(m1, m2, sizeof(m1)), "differs",
		       "keyed state: the EVM key is zero-padded to 128 bytes");
	}
}

/* The MAC of a directory whose one entry names a @type of number @maj:@min. */
static void one_entry_mac(const unsigned char *ki, unsigned int type,
			  uint32_t maj, uint32_t min, unsigned char *mac)
{
	struct keyed_state st;

	keyed_state_init(&st);
	if (keyed_state_add(&st, ki, "a", 1, 12, 1, type, maj, min) ||
	    keyed_state_mac(&st, ki, mac))
		memset(mac, 0, KEYED_MAC_SIZE);
}

/*
 * A device node renumbered in place keeps its name, inode and type, not
 * its term (the kernel's ima_dir_mac_device_test): a block device mounted
 * by path and a character device 0/0 (an overlayfs whiteout) are used
 * without being opened. Other types have no number to bind.
 */
static void test_keyed_device(void)
{
	unsigned char k[KEYED_MAC_SIZE], ki[KEYED_MAC_SIZE];
	unsigned char mac[8][KEYED_MAC_SIZE];
	static const unsigned char key[32] = { 1 }, uuid[16] = { 2 };

	if (keyed_ima_key(key, sizeof(key), k) ||
	    keyed_inode_key(k, uuid, 2, 1, ki)) {
		result(false, "HMAC failed", "keyed device numbers");
		return;
	}
	one_entry_mac(ki, DT_BLK_, 7, 0, mac[0]);
	one_entry_mac(ki, DT_BLK_, 7, 1, mac[1]);
	one_entry_mac(ki, DT_CHR_, 1, 3, mac[2]);
	one_entry_mac(ki, DT_CHR_, 0, 0, mac[3]);
	one_entry_mac(ki, DT_CHR_, 7, 0, mac[4]);
	one_entry_mac(ki, DT_BLK_, 0, 7, mac[5]);
	result(memcmp(mac[0], mac[1], KEYED_MAC_SIZE) &&
	       memcmp(mac[2], mac[3], KEYED_MAC_SIZE) &&
	       memcmp(mac[0], mac[4], KEYED_MAC_SIZE) &&
	       memcmp(mac[0], mac[5], KEYED_MAC_SIZE), "same MAC",
	       "keyed device numbers: a device node's term binds its number and type");
	one_entry_mac(ki, DT_FIFO_, 5, 5, mac[4]);
	one_entry_mac(ki, DT_FIFO_, 0, 0, mac[5]);
	one_entry_mac(ki, DT_REG_, 5, 5, mac[6]);
	one_entry_mac(ki, DT_REG_, 0, 0, mac[7]);
	result(!memcmp(mac[4], mac[5], KEYED_MAC_SIZE) &&
	       !memcmp(mac[6], mac[7], KEYED_MAC_SIZE) &&
	       memcmp(mac[4], mac[6], KEYED_MAC_SIZE), "differs",
	       "keyed device numbers: the term of any other type takes 0:0");
}

/* ---------------------------------------------------------------- */
/* Trees */

static void touch(const char *path, const char *contents)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0 || (contents && write(fd, contents, strlen(contents)) < 0))
		fatal(path);
	close(fd);
}

static void make_socket(const char *path)
{
	if (bind_socket(path))
		fatal(path);
}

/* dir with every file type: 2 dirs, 3 reg, 2 lnk, 2 chr, 1 blk, 1 fifo, 1 sock */
static void make_tree(const char *dir)
{
	char p[PATH_MAX];

#define P(name) (snprintf(p, sizeof(p), "%s/%s", dir, name), p)
	if (mkdir(dir, 0755) || mkdir(P("sub"), 0755))
		fatal(dir);
	touch(P("file"), "contents\n");
	touch(P("empty"), NULL);
	touch(P("sub/nested"), "nested\n");
	if (symlink("file", P("link")) || symlink("/nowhere", P("sub/dangling")) ||
	    mknod(P("null"), S_IFCHR | 0666, makedev(1, 3)) ||
	    mknod(P("big"), S_IFCHR | 0600, makedev(4095, 1048575)) ||
	    mknod(P("disk"), S_IFBLK | 0600, makedev(8, 0)) ||
	    mkfifo(P("fifo"), 0600))
		fatal(p);
	make_socket(P("sock"));
#undef P
}

/* The directory digest from readdir(3), an independent reader. */
static int readdir_digest(const char *path, int algo, unsigned char *digest)
{
	struct dir_digest d;
	struct dirent *de;
	DIR *dir = opendir(path);
	int rc;

	if (!dir)
		return -errno;
	rc = dir_digest_init(&d, algo);
	while (!rc && (de = readdir(dir)))
		rc = dir_digest_add(&d, de->d_name, strlen(de->d_name),
				    de->d_ino, de->d_type);
	if (!rc)
		rc = dir_digest_final(&d, digest);
	dir_digest_free(&d);
	closedir(dir);
	return rc;
}

static bool same_as_readdir(const char *path, const char *algo_name)
{
	unsigned char digest[MAX_DIGEST_SIZE];
	char want[2 * MAX_DIGEST_SIZE + 1];
	int algo = algo_by_name(algo_name);

	if (readdir_digest(path, algo, digest))
		return false;
	hex(want, digest, hash_algos[algo].size);
	return !strcmp(tool_hash(algo_name, path), want);
}

static ssize_t get_ima(const char *path, unsigned char *buf, size_t size)
{
	return lgetxattr(path, "security.ima", buf, size);
}

static bool ima_is(const char *path, const char *want_hex_prefix,
		   size_t want_len)
{
	unsigned char v[512];
	char h[1025];
	ssize_t len = get_ima(path, v, sizeof(v));

	if (len < 0 || (size_t)len != want_len)
		return false;
	hex(h, v, len);
	return !strncmp(h, want_hex_prefix, strlen(want_hex_prefix));
}

static void set_ima_hex(const char *path, const char *value)
{
	unsigned char v[512];
	int len = unhex(value, strlen(value), v);

	if (len < 0 || lsetxattr(path, "security.ima", v, len, 0))
		fatal(path);
}

static double now(void)
{
	struct timeval tv;

	gettimeofday(&tv, NULL);
	return tv.tv_sec + tv.tv_usec / 1e6;
}

static void test_tree(void)
{
	KEEP_PATH(t, "tree");
	struct run *r;
	unsigned char v[512];
	char why[256];

	make_tree(t);

	result(same_as_readdir(t, "sha256"), why_run(&run_buf),
	       "hash of a directory equals the digest over its readdir(3) entries");
	result(same_as_readdir(pathf("tree/sub"), "sha512"), why_run(&run_buf),
	       "the same with sha512");

	r = run("fix", "-r", "-n", t);
	result(r->status == 0 && has(r->out, "12 to fix") &&
	       get_ima(t, v, sizeof(v)) < 0 && errno == ENODATA,
	       why_run(r), "fix -n -r: 12 to fix, nothing written");

	r = run("verify", "-r", t);
	result(r->status == 1 && has(r->out, "/tree/fifo: missing-hash (fifo)") &&
	       has(r->out, "12 checked: 0 ok, 12 failed"), why_run(r),
	       "verify -r on an unlabelled tree: exit 1, each object missing-hash");

	r = run("fix", "-r", t);
	result(r->status == 0 && has(r->out, "12 checked: 12 fixed, 0 already correct"),
	       why_run(r), "fix -r labels all 12 objects");

	r = run("verify", "-r", t);
	result(r->status == 0 &&
	       has(r->out, "verify: 12 checked: 12 ok, 0 failed") &&
	       has(r->out, "dir 2, reg 3, lnk 2, chr 2, blk 1, fifo 1, sock 1") &&
	       count_lines(r->out) == 2, why_run(r),
	       "verify -r after fix -r: all 12 ok, per type, nothing else printed");

	r = run("fix", "-r", t);
	result(r->status == 0 && has(r->out, "0 fixed, 12 already correct"),
	       why_run(r), "a second fix -r changes nothing");

	/* Stored forms */
	result(ima_is(t, "0404", 34), NULL,
	       "a directory's value is 0x04 0x04 (sha256) + 32 bytes");
	result(ima_is(pathf("tree/link"), "0404", 34), NULL,
	       "a symlink's value is 0x04 0x04 + 32 bytes");
	result(ima_is(pathf("tree/file"), "0404", 34), NULL,
	       "a regular file's sha256 value is 0x04 0x04 + 32 bytes");
	r = run("fix", "-f", "-a", "sha1", pathf("tree/file"), pathf("tree/sub"),
		pathf("tree/null"));
	result(r->status == 0 && ima_is(pathf("tree/file"), "01", 21) &&
	       ima_is(pathf("tree/sub"), "0402", 22) &&
	       ima_is(pathf("tree/null"), "0402", 22), why_run(r),
	       "fix -f -a sha1: regular file 0x01 + 20 bytes, directory and device 0x04 0x02 + 20 bytes");
	r = run("verify", "-r", t);
	result(r->status == 0 && has(r->out, "12 ok"), why_run(r),
	       "verify accepts the sha1 values (with the stored algorithm)");
	r = run("verify", "-a", "sha256", pathf("tree/sub"));
	result(r->status == 1 && has(r->out, "sub: other-hash-algorithm (dir)"),
	       why_run(r), "verify -a sha256 reports a sha1 value");

	/* A regular file in the new form with sha1, and md5 in the old one */
	r = run("hash", "-x", "-a", "md5", pathf("tree/file"));
	if (r->status == 0 && !strncmp(r->out, "01", 2) && strchr(r->out, ' ')) {
		*strchr(r->out, ' ') = '\0';
		set_ima_hex(pathf("tree/file"), r->out);
		r = run("verify", pathf("tree/file"));
		result(r->status == 0 && has(r->out, "1 ok"), why_run(r),
		       "verify accepts a regular file's old-form md5 value (0x01 + 16 bytes)");
	} else {
		result(false, why_run(r), "hash -x -a md5 of a regular file is in the old form");
	}
	r = run("hash", "-a", "sha1", pathf("tree/file"));
	snprintf(why, sizeof(why), "0402%.40s", r->out + 5);
	set_ima_hex(pathf("tree/file"), why);
	r = run("verify", pathf("tree/file"));
	result(r->status == 0 && has(r->out, "1 ok"), why_run(r),
	       "verify accepts a regular file's sha1 value in the new form (0x04 0x02 + 20 bytes)");

	/* The kernel's fix mode keeps a regular file's algorithm */
	memset(why, '0', 2 + 128);
	memcpy(why, "0406", 4);
	why[2 + 128] = '\0';
	set_ima_hex(pathf("tree/file"), why);
	set_ima_hex(pathf("tree/sub"), why);
	r = run("fix", pathf("tree/file"), pathf("tree/sub"));
	result(r->status == 0 && ima_is(pathf("tree/file"), "0406", 66) &&
	       ima_is(pathf("tree/sub"), "0404", 34), why_run(r),
	       "fix rewrites a wrong sha512 value of a regular file with sha512, of a directory with ALGO");
	run("fix", "-r", "-f", t);
}

static void test_detect(void)
{
	KEEP_PATH(t, "det");
	struct run *r;
	unsigned char v[512];
	ssize_t len;

	make_tree(t);
	r = run("fix", "-r", t);
	if (r->status) {
		result(false, why_run(r), "detection tests: fix -r");
		return;
	}
	/* A file added, a value removed, a link retargeted with its value kept */
	touch(pathf("det/sub/added"), NULL);
	removexattr(pathf("det/fifo"), "security.ima");
	len = get_ima(pathf("det/link"), v, sizeof(v));
	/* (a new inode: ext4 would reuse the number of an unlinked one) */
	if (len < 0 || symlink("empty", pathf("det/link.new")) ||
	    rename(pathf("det/link.new"), pathf("det/link")) ||
	    lsetxattr(pathf("det/link"), "security.ima", v, len, 0))
		fatal("retarget");
	/* Malformed values */
	set_ima_hex(pathf("det/null"), "0104");
	set_ima_hex(pathf("det/disk"), "040400");
	set_ima_hex(pathf("det/file"), "030201");
	r = run("verify", "-r", t);
	result(r->status == 1 &&
	       has(r->out, "/det/sub: invalid-hash (dir)\n") &&
	       has(r->out, "/det/fifo: missing-hash (fifo)\n") &&
	       has(r->out, "/det/link: invalid-hash (lnk)\n") &&
	       has(r->out, "/det/null: unknown-ima-data (chr)\n") &&
	       has(r->out, "/det/disk: invalid-xattr (blk)\n") &&
	       /* sub/added: missing too; the new link's parent changed */
	       has(r->out, "/det/sub/added: missing-hash (reg)\n") &&
	       has(r->out, "det: invalid-hash (dir)\n") &&
	       has(r->out, "13 checked: 5 ok, 7 failed, 1 unchecked (signatures)") &&
	       count_lines(r->out) == 9, why_run(r),
	       "verify -r reports exactly the 7 changed objects with the kernel's causes");
	r = run("fix", "-r", t);
	result(r->status == 0 && has(r->out, "7 fixed, 5 already correct, 1 signatures kept") &&
	       ima_is(pathf("det/file"), "030201", 3), why_run(r),
	       "fix -r repairs them and keeps the signature");
	r = run("verify", "-r", t);
	result(r->status == 0 && has(r->out, "12 ok, 0 failed, 1 unchecked"),
	       why_run(r), "verify -r passes after the repair");
}

static void test_big_dir(void)
{
	KEEP_PATH(d, "big");
	char name[32];
	double t0;
	struct run *r;
	int fd, dfd, i;

	if (mkdir(d, 0755))
		fatal(d);
	dfd = open(d, O_DIRECTORY | O_RDONLY);
	if (dfd < 0)
		fatal(d);
	for (i = 0; i < BIG_DIR_ENTRIES; i++) {
		snprintf(name, sizeof(name), "entry-%06d", i);
		fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0)
			fatal(name);
		close(fd);
	}
	close(dfd);
	t0 = now();
	result(same_as_readdir(d, "sha256"), why_run(&run_buf),
	       "a directory of %d entries: hash equals the readdir(3) digest",
	       BIG_DIR_ENTRIES);
	printf("# hash of %d entries: %.2f s\n", BIG_DIR_ENTRIES, now() - t0);
	t0 = now();
	r = run("fix", "-r", d);
	result(r->status == 0 && has(r->out, "100001 checked: 100001 fixed"),
	       why_run(r), "fix -r on it labels the directory and its %d files",
	       BIG_DIR_ENTRIES);
	printf("# fix -r: %.2f s\n", now() - t0);
	r = run("verify", "-r", d);
	result(r->status == 0 && has(r->out, "100001 ok") &&
	       has(r->out, "dir 1, reg 100000,"), why_run(r),
	       "verify -r on it: 100001 ok");
	unlink(pathf("big/entry-050000"));
	r = run("verify", d);
	result(r->status == 1 && has(r->out, "big: invalid-hash (dir)"),
	       why_run(r), "one entry removed: the directory fails verify");
}

static void test_symlink_max(void)
{
	unsigned char digest[MAX_DIGEST_SIZE];
	char target[PATH_MAX + 1], want[2 * MAX_DIGEST_SIZE + 1];
	struct run *r;
	KEEP_PATH(l, "long-link");
	KEEP_PATH(l2, "too-long-link");

	int i;

	/* PATH_MAX counts the NUL: 4095 bytes is the longest target */
	for (i = 0; i < PATH_MAX - 1; i++)
		target[i] = i % 64 == 63 ? '/' : 'a' + i % 26;
	target[PATH_MAX - 1] = '\0';
	if (symlink(target, l)) {
		result(false, strerror(errno), "symlink with a 4095-byte target");
		return;
	}
	lnk_digest(HASH_ALGO_SHA256, target, PATH_MAX - 1, digest);
	hex(want, digest, 32);
	result(!strcmp(tool_hash("sha256", l), want), why_run(&run_buf),
	       "symlink with a 4095-byte target: hash covers all of it");
	r = run("fix", l);
	result(r->status == 0 && ima_is(l, "0404", 34), why_run(r),
	       "fix on it");
	r = run("verify", l);
	result(r->status == 0 && has(r->out, "1 ok"), why_run(r), "verify on it");
	target[PATH_MAX - 1] = 'x';
	target[PATH_MAX] = '\0';
	result(symlink(target, l2) && errno == ENAMETOOLONG, strerror(errno),
	       "a 4096-byte target is refused by symlink(2) (ENAMETOOLONG): no link has one");
}

static void test_algorithms(void)
{
	static const unsigned char prefix[] = "IMA-FIFO\x01";
	unsigned char digest[MAX_DIGEST_SIZE];
	char want[2 * MAX_DIGEST_SIZE + 1], list[256] = "";
	unsigned int len;
	int i, n = 0;
	KEEP_PATH(fifo, "algo-fifo");


	if (mkfifo(fifo, 0600))
		fatal(fifo);
	for (i = 0; i < HASH_ALGO__LAST; i++) {
		EVP_MD *md;

		if (!algo_md(i))
			continue;
		/* An independent computation: a fresh fetch, one shot */
		md = EVP_MD_fetch(NULL, hash_algos[i].ossl, NULL);
		if (!md || !EVP_Digest(prefix, sizeof(prefix) - 1, digest, &len,
				       md, NULL)) {
			result(false, "EVP_Digest failed", "-a %s", hash_algos[i].name);
			EVP_MD_free(md);
			continue;
		}
		EVP_MD_free(md);
		hex(want, digest, len);
		result(len == hash_algos[i].size &&
		       !strcmp(tool_hash(hash_algos[i].name, fifo), want),
		       why_run(&run_buf), "-a %s: %u-byte digest, id %d",
		       hash_algos[i].name, len, i);
		snprintf(list + strlen(list), sizeof(list) - strlen(list), " %s",
			 hash_algos[i].name);
		n++;
	}
	printf("# algorithms OpenSSL computes here:%s\n", list);
	result(n >= 9, list, "at least 9 algorithms usable (md5 sha1 rmd160 sha2 sm3 sha3)");
}

static void test_regular(void)
{
	static const size_t sizes[] = { 0, 1, 65535, 65536, 65537, 1048579 };
	unsigned char digest[MAX_DIGEST_SIZE];
	char want[2 * MAX_DIGEST_SIZE + 1];
	unsigned int len, i;
	unsigned char *buf;
	const char *p;
	int fd;

	buf = malloc(sizes[5]);
	if (!buf)
		fatal("malloc");
	for (i = 0; i < sizes[5]; i++)
		buf[i] = i * 7 + (i >> 8);
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		p = pathf("reg-%zu", sizes[i]);
		fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, buf, sizes[i]) != (ssize_t)sizes[i])
			fatal(p);
		close(fd);
		EVP_Digest(buf, sizes[i], digest, &len, EVP_sha256(), NULL);
		hex(want, digest, len);
		result(!strcmp(tool_hash("sha256", p), want), why_run(&run_buf),
		       "regular file of %zu bytes: hash is sha256 of its contents",
		       sizes[i]);
	}
	free(buf);
}

static void test_errors(void)
{
	KEEP_PATH(missing, "does-not-exist");
	KEEP_PATH(locked, "locked");
	KEEP_PATH(owned, "owned");
	unsigned char v[512];
	struct run *r;

	r = run("hash", missing);
	result(r->status == 1 && has(r->err, "does-not-exist: cannot look up: No such file or directory"),
	       why_run(r), "hash of a nonexistent path: exit 1, names path and cause");
	r = run("verify", "-r", missing, pathf("tree/file"));
	result(r->status == 1 && has(r->err, "No such file or directory") &&
	       has(r->out, "1 checked: 1 ok, 0 failed, 0 unchecked (signatures), 1 errors"),
	       why_run(r), "verify goes on after a nonexistent path and counts it as an error");

	if (mkdir(locked, 0) || mkdir(pathf("locked-parent"), 0755) ||
	    mkdir(pathf("locked-parent/locked"), 0) ||
	    mkdir(pathf("locked-parent/open"), 0755))
		fatal(locked);
	r = run_nobody("hash", locked);
	result(r->status == 1 && has(r->err, "locked: cannot open directory: Permission denied"),
	       why_run(r), "unreadable directory (as uid %d): exit 1, names path and cause",
	       NOBODY);
	r = run_nobody("verify", "-r", pathf("locked-parent"));
	result(r->status == 1 &&
	       has(r->err, "locked-parent/locked: cannot open directory: Permission denied") &&
	       has(r->out, "locked-parent: missing-hash (dir)") &&
	       has(r->out, "locked-parent/open: missing-hash (dir)"),
	       why_run(r), "verify -r (as uid %d) reports the unreadable directory and goes on",
	       NOBODY);

	touch(owned, "x");
	if (chown(owned, NOBODY, NOBODY))
		fatal(owned);
	r = run_nobody("fix", owned);
	result(r->status == 1 &&
	       has(r->err, "owned: cannot set security.ima: Operation not permitted (security.* attributes need CAP_SYS_ADMIN"),
	       why_run(r), "fix without CAP_SYS_ADMIN: 'not permitted', names path and cause");

	r = run("verify", "/proc/self/status");
	result(r->status == 1 &&
	       has(r->err, "/proc/self/status: cannot read security.ima: Operation not supported (the file system does not support extended attributes)"),
	       why_run(r), "verify on procfs (no xattrs): 'does not support extended attributes'");
	r = run("fix", "-r", "/proc/sys/kernel");
	result(r->status == 1 && count_lines(r->err) == 2 &&
	       has(r->err, "/proc/sys/kernel: cannot read security.ima: Operation not supported") &&
	       has(r->err, "note: /proc/sys/kernel is not the root of its file system"),
	       why_run(r), "fix -r on procfs: one error, no walk below");

	/* A name that needs escaping stays on one line */
	touch(pathf("tree/new\nline"), NULL);
	r = run("verify", pathf("tree/new\nline"));
	result(r->status == 1 && has(r->out, "tree/new\\x0aline: missing-hash (reg)\n"),
	       why_run(r), "a control character in a name is printed as \\x0a");
	unlink(pathf("tree/new\nline"));

	/* Whiteouts are left alone, as the kernel does */
	if (mkdir(pathf("wo"), 0755) || mknod(pathf("wo/w"), S_IFCHR | 0600, 0))
		fatal("whiteout");
	r = run("fix", "-r", "-v", pathf("wo"));
	result(r->status == 0 && has(r->out, "1 checked: 1 fixed") &&
	       has(r->out, "wo/w: whiteout, skipped (chr)") &&
	       get_ima(pathf("wo/w"), v, sizeof(v)) < 0 && errno == ENODATA,
	       why_run(r), "fix -r skips a whiteout (character device 0/0)");

	/* A symlink on the command line is not followed */
	if (symlink("tree", pathf("tree-link")))
		fatal("symlink");
	r = run("fix", "-r", "-n", pathf("tree-link"));
	result(r->status == 0 && has(r->out, "1 checked") && has(r->out, "(missing-hash, lnk)"),
	       why_run(r), "fix -r on a symlink to a directory labels the link, not the directory");
}

static void test_mounts(void)
{
	KEEP_PATH(m, "mnt");
	KEEP_PATH(ram, "mnt/ram");
	KEEP_PATH(tmp, "mnt/tmp");
	struct run *r;

	if (mkdir(m, 0755) || mkdir(ram, 0755) || mkdir(tmp, 0755))
		fatal(m);
	if (mount("none", ram, "ramfs", 0, NULL)) {
		result(false, strerror(errno), "mount ramfs (no xattr support) for the test: needs root with CAP_SYS_ADMIN");
	} else {
		touch(pathf("mnt/ram/f"), "x");
		r = run("fix", pathf("mnt/ram/f"));
		result(r->status == 1 &&
		       has(r->err, "ram/f: cannot read security.ima: Operation not supported (the file system does not support extended attributes)"),
		       why_run(r), "fix on ramfs (no xattrs): 'does not support extended attributes'");
		r = run("hash", "-r", ram);
		result(r->status == 0 && count_lines(r->out) == 2, why_run(r),
		       "hash -r on ramfs works");
		umount(ram);
	}
	if (mount("none", tmp, "tmpfs", 0, "size=1m")) {
		result(false, strerror(errno), "mount tmpfs for the test: needs root with CAP_SYS_ADMIN");
		return;
	}
	touch(pathf("mnt/tmp/inside"), "x");
	r = run("fix", "-r", "-v", m);
	result(r->status == 0 && has(r->out, "2 checked: 2 fixed") &&
	       !has(r->out, "inside") && has(r->err, "mnt/tmp: mount point, not crossed") &&
	       getxattr(tmp, "security.ima", NULL, 0) < 0 && errno == ENODATA,
	       why_run(r), "fix -r does not cross a mount point (tmpfs inside the tree)");
	r = run("verify", "-r", m);
	result(r->status == 0 && has(r->out, "2 ok"), why_run(r),
	       "verify -r of the tree with the mount point passes");
	r = run("fix", "-r", tmp);
	result(r->status == 0 && has(r->out, "2 checked: 2 fixed") &&
	       !has(r->err, "note:") && has(run("fix", "-r", m)->err, "note:"),
	       why_run(r), "fix -r notes a start below a file system's root, not at one");
	umount(tmp);
	r = run("verify", m);
	result(r->status == 0, why_run(r),
	       "the parent's digest covers the mount point's own inode (same after umount)");
}

/* ---------------------------------------------------------------- */
/* Pending records */

/* A directory's entries, for the pending record tests (kat_ent). */
struct ent {
	const char *name;
	uint64_t ino;
	unsigned int type;
};

static int digest_of(const struct ent *e, size_t n, unsigned char *digest)
{
	struct dir_digest d;
	size_t i;
	int rc = dir_digest_init(&d, HASH_ALGO_SHA256);

	for (i = 0; !rc && i < n; i++)
		rc = dir_digest_add(&d, e[i].name, strlen(e[i].name), e[i].ino,
				    e[i].type);
	if (!rc)
		rc = dir_digest_final(&d, digest);
	dir_digest_free(&d);
	return rc;
}

/*
 * Check the entries @e against the record @buf as the kernel does after a
 * crash (kat_check_pending()): 0 if they are the entries before or after
 * its change, -EBADMSG if they fit neither, -EKEYREJECTED if the entries
 * before the change do not give its digest.
 */
static int check_pending(const unsigned char *buf, size_t len,
			 const struct ent *e, size_t n)
{
	unsigned char before[MAX_DIGEST_SIZE];
	struct dir_pending p;
	struct dir_digest d;
	size_t i;
	int rc;

	rc = dir_pending_parse(buf, len, &p);
	if (rc)
		return rc;
	rc = dir_digest_init(&d, p.algo);
	for (i = 0; !rc && i < n; i++)
		rc = dir_pending_entry(&p, &d, e[i].name, strlen(e[i].name),
				       e[i].ino, e[i].type);
	if (!rc)
		rc = dir_pending_finish(&p, &d);
	if (!rc)
		rc = dir_digest_final(&d, before);
	dir_digest_free(&d);
	if (!rc && memcmp(before, p.digest, hash_algos[p.algo].size))
		rc = -EKEYREJECTED;
	return rc;
}

static const struct ent pend_before[] = {
	{ ".", 2, DT_DIR_ }, { "..", 2, DT_DIR_ },
	{ "a", 10, DT_REG_ }, { "b", 11, DT_REG_ },
};

/* A rename of "a" to "c" in one directory, or a new subdirectory "n". */
static size_t build_pending(unsigned char *buf, bool rename)
{
	unsigned char digest[MAX_DIGEST_SIZE];
	struct dir_pending p = {
		.algo = HASH_ALGO_SHA256,
		.digest = digest,
		.count = rename ? 2 : 1,
	};

	if (digest_of(pend_before, ARRAY_SIZE(pend_before), digest))
		fatal("digest_of");
	if (rename) {
		p.c[0] = (struct dir_change){
			.name = (const unsigned char *)"a", .namelen = 1,
			.flags = IMA_DIR_CHG_OLD, .old_ino = 10,
			.old_type = DT_REG_,
		};
		p.c[1] = (struct dir_change){
			.name = (const unsigned char *)"c", .namelen = 1,
			.flags = IMA_DIR_CHG_NEW, .new_ino = 10,
			.new_type = DT_REG_,
		};
	} else {
		p.c[0] = (struct dir_change){
			.name = (const unsigned char *)"n", .namelen = 1,
			.flags = IMA_DIR_CHG_NEW | IMA_DIR_CHG_ANY,
			.new_type = DT_DIR_,
		};
	}
	return dir_pending_build(buf, &p);
}

/* The rename record, written out by hand from the format in the docs. */
static void test_pending_bytes(void)
{
	unsigned char buf[IMA_DIR_PENDING_MAX], want[IMA_DIR_PENDING_MAX];
	char got_hex[2 * IMA_DIR_PENDING_MAX + 1];
	char want_hex[2 * IMA_DIR_PENDING_MAX + 1];
	unsigned char digest[MAX_DIGEST_SIZE];
	struct dir_pending p;
	size_t len;
	int n;

	digest_of(pend_before, ARRAY_SIZE(pend_before), digest);
	len = build_pending(buf, true);
	/* 07 04 D 02 | 01 01 'a' le64 10 08 le64 0 00 | 02 01 'c' ... */
	want[0] = 0x07;
	want[1] = HASH_ALGO_SHA256;
	memcpy(want + 2, digest, 32);
	n = unhex("02"
		  "0101" "61" "0a00000000000000" "08" "0000000000000000" "00"
		  "0201" "63" "0000000000000000" "00" "0a00000000000000" "08",
		  2 * 43, want + 34);
	hex(got_hex, buf, len);
	hex(want_hex, want, 34 + n);
	result(len == 77 && n == 43 && !strcmp(got_hex, want_hex), got_hex,
	       "pending record: the rename a->c is %s (77 bytes)", want_hex);
	result(!dir_pending_parse(want, 34 + n, &p) && p.algo == 4 &&
	       p.count == 2 && p.c[0].flags == 1 && p.c[0].namelen == 1 &&
	       p.c[0].name[0] == 'a' && p.c[0].old_ino == 10 &&
	       p.c[0].old_type == 8 && !p.c[0].new_ino && !p.c[0].new_type &&
	       p.c[1].flags == 2 && p.c[1].name[0] == 'c' &&
	       p.c[1].new_ino == 10 && p.c[1].new_type == 8 &&
	       !memcmp(p.digest, digest, 32), NULL,
	       "pending record: the hand-written bytes parse into its fields");
	/* Inode numbers are le64: all 8 bytes count */
	want[34 + 4 + 7] = 0x01;	/* old_ino of "a": 0x010000000000000a */
	result(!dir_pending_parse(want, 34 + n, &p) &&
	       p.c[0].old_ino == 0x010000000000000aULL, NULL,
	       "pending record: old_ino read as le64 (high byte)");
}

/* ima_dir_pending_parse_test: every truncation, every malformed field. */
static void test_pending_parse(void)
{
	unsigned char buf[IMA_DIR_PENDING_MAX], bad[IMA_DIR_PENDING_MAX + 1];
	static const struct {
		const char *what;
		size_t off;	/* from the count byte, or the start (SIZE_MAX - n) */
		unsigned char val;
	} fields[] = {
		{ "count 0", 0, 0 },
		{ "count 3 (IMA_DIR_MAX_CHANGES + 1)", 0, IMA_DIR_MAX_CHANGES + 1 },
		{ "no flags", 1, 0 },
		{ "unknown flag 0x08", 1, 0x08 },
		{ "ANY without NEW (OLD|ANY)", 1, IMA_DIR_CHG_OLD | IMA_DIR_CHG_ANY },
		{ "ANY alone", 1, IMA_DIR_CHG_ANY },
		{ "empty name", 2, 0 },
		{ "name longer than the record", 2, 255 },
		{ "type byte 0x04 (IMA_XATTR_DIGEST_NG)", SIZE_MAX - 0, 0x04 },
		{ "hash algorithm HASH_ALGO__LAST", SIZE_MAX - 1, HASH_ALGO__LAST },
		{ "hash algorithm 255", SIZE_MAX - 1, 255 },
		{ "hash algorithm sha1 (shorter digest)", SIZE_MAX - 1, HASH_ALGO_SHA1 },
		{ "second change: unknown flag 0x80", 1 + 21, 0x80 },
	};
	char trunc[256] = "";
	struct dir_pending p;
	size_t len, i, off;

	len = build_pending(buf, true);
	result(!dir_pending_parse(buf, len, &p) && p.count == 2 &&
	       p.c[1].new_ino == 10, NULL,
	       "pending record: the rename record parses (2 changes, new_ino 10)");
	for (i = 0; i < len; i++)
		if (dir_pending_parse(buf, i, &p) != -EINVAL &&
		    strlen(trunc) < sizeof(trunc) - 8)
			snprintf(trunc + strlen(trunc),
				 sizeof(trunc) - strlen(trunc), " %zu", i);
	result(!trunc[0], trunc,
	       "pending record: each of its %zu truncations (0..%zu bytes) is refused",
	       len, len - 1);
	memcpy(bad, buf, len);
	bad[len] = 0;
	result(dir_pending_parse(bad, len + 1, &p) == -EINVAL, NULL,
	       "pending record: a trailing byte is refused");

	off = 2 + hash_algos[HASH_ALGO_SHA256].size;
	for (i = 0; i < ARRAY_SIZE(fields); i++) {
		size_t at = fields[i].off >= SIZE_MAX - 1 ?
			    SIZE_MAX - fields[i].off : off + fields[i].off;

		memcpy(bad, buf, len);
		bad[at] = fields[i].val;
		result(dir_pending_parse(bad, len, &p) == -EINVAL, NULL,
		       "pending record: %s is refused", fields[i].what);
	}

	len = build_pending(buf, false);
	result(!dir_pending_parse(buf, len, &p) && p.count == 1 &&
	       p.c[0].flags == (IMA_DIR_CHG_NEW | IMA_DIR_CHG_ANY) &&
	       len == 2 + 32 + 1 + 2 + 1 + 18, NULL,
	       "pending record: the creation record (NEW|ANY) parses, 56 bytes");
}

/* ima_dir_pending_states_test: the states before and after, nothing else. */
static void test_pending_states(void)
{
	static const struct ent renamed[] = {
		{ ".", 2, DT_DIR_ }, { "..", 2, DT_DIR_ },
		{ "c", 10, DT_REG_ }, { "b", 11, DT_REG_ },
	}, both[] = {
		{ ".", 2, DT_DIR_ }, { "..", 2, DT_DIR_ }, { "a", 10, DT_REG_ },
		{ "c", 10, DT_REG_ }, { "b", 11, DT_REG_ },
	}, neither[] = {
		{ ".", 2, DT_DIR_ }, { "..", 2, DT_DIR_ }, { "b", 11, DT_REG_ },
	}, other_ino[] = {
		{ ".", 2, DT_DIR_ }, { "..", 2, DT_DIR_ },
		{ "c", 12, DT_REG_ }, { "b", 11, DT_REG_ },
	}, other_type[] = {
		{ ".", 2, DT_DIR_ }, { "..", 2, DT_DIR_ },
		{ "c", 10, DT_LNK_ }, { "b", 11, DT_REG_ },
	}, other_entry[] = {
		{ ".", 2, DT_DIR_ }, { "..", 2, DT_DIR_ },
		{ "c", 10, DT_REG_ }, { "b", 13, DT_REG_ },
	}, created[] = {
		{ ".", 2, DT_DIR_ }, { "..", 2, DT_DIR_ }, { "a", 10, DT_REG_ },
		{ "b", 11, DT_REG_ }, { "n", 99, DT_DIR_ },
	}, created_file[] = {
		{ ".", 2, DT_DIR_ }, { "..", 2, DT_DIR_ }, { "a", 10, DT_REG_ },
		{ "b", 11, DT_REG_ }, { "n", 99, DT_REG_ },
	};
	static const struct {
		bool rename;
		const char *what;
		const struct ent *e;
		size_t n;
		int want;
	} cases[] = {
#define C(r, w, e, want) { r, w, e, ARRAY_SIZE(e), want }
		C(true, "before the change", pend_before, 0),
		C(true, "after the change", renamed, 0),
		C(true, "both names present", both, -EBADMSG),
		C(true, "neither name present", neither, -EBADMSG),
		C(true, "the new name on another inode", other_ino, -EBADMSG),
		C(true, "the new name of another type", other_type, -EBADMSG),
		C(true, "another entry changed too", other_entry, -EKEYREJECTED),
		C(false, "before the change", pend_before, 0),
		C(false, "after it, a directory of any inode", created, 0),
		C(false, "a regular file in its place", created_file, -EBADMSG),
#undef C
	};
	unsigned char buf[IMA_DIR_PENDING_MAX];
	size_t i, len;
	int rc;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		len = build_pending(buf, cases[i].rename);
		rc = check_pending(buf, len, cases[i].e, cases[i].n);
		result(rc == cases[i].want, strerror(-rc),
		       "pending record of %s: %s: %s", cases[i].rename ?
		       "a rename a->c" : "a new directory n (ANY)",
		       cases[i].what, cases[i].want == -EBADMSG ?
		       "the entries fit neither state" : cases[i].want ?
		       "the digest before is not D" : "accepted");
	}
}

/* The record of a rename @from -> @to of @file in @dir, with its digest. */
static size_t pending_rename(const char *dir, const char *from,
			     const char *to, uint64_t ino, unsigned char *buf)
{
	unsigned char digest[MAX_DIGEST_SIZE];
	struct dir_pending p = {
		.algo = HASH_ALGO_SHA256, .digest = digest, .count = 2,
	};

	if (readdir_digest(dir, HASH_ALGO_SHA256, digest))
		fatal(dir);
	p.c[0] = (struct dir_change){
		.name = (const unsigned char *)from, .namelen = strlen(from),
		.flags = IMA_DIR_CHG_OLD, .old_ino = ino, .old_type = DT_REG_,
	};
	p.c[1] = (struct dir_change){
		.name = (const unsigned char *)to, .namelen = strlen(to),
		.flags = IMA_DIR_CHG_NEW, .new_ino = ino, .new_type = DT_REG_,
	};
	return dir_pending_build(buf, &p);
}

static void set_ima(const char *path, const unsigned char *v, size_t len)
{
	if (lsetxattr(path, "security.ima", v, len, 0))
		fatal(path);
}

static const char *accepted = ": pending record accepted (interrupted-change, dir)\n";

/* Real directories whose security.ima holds a pending record. */
static void test_pending_disk(void)
{
	KEEP_PATH(d, "pend");
	KEEP_PATH(a, "pend/a");
	KEEP_PATH(c, "pend/c");
	KEEP_PATH(away, "pend-away");
	KEEP_PATH(n, "pend-new");
	unsigned char buf[IMA_DIR_PENDING_MAX], digest[MAX_DIGEST_SIZE];
	char line[PATH_MAX + 64];
	struct dir_pending p;
	struct stat st;
	struct run *r;
	size_t len;

	if (mkdir(d, 0755))
		fatal(d);
	touch(a, "a\n");
	touch(pathf("pend/b"), "b\n");
	if (stat(a, &st))
		fatal(a);
	/* The record the kernel writes before rename(a, c) */
	len = pending_rename(d, "a", "c", st.st_ino, buf);
	set_ima(d, buf, len);
	snprintf(line, sizeof(line), "%s%s", d, accepted);

	r = run("verify", d);
	result(r->status == 0 && has(r->out, line) &&
	       has(r->out, "1 checked: 1 ok, 0 failed") &&
	       has(r->out, "verify: pending records: 1 accepted (interrupted changes), 0 failed\n") &&
	       count_lines(r->out) == 4, why_run(r),
	       "verify: a pending record of rename(a, c), before it: accepted, said and counted");
	if (rename(a, c))
		fatal(a);
	r = run("verify", "-r", d);
	result(r->status == 1 && has(r->out, line) &&
	       has(r->out, "3 checked: 1 ok, 2 failed") &&
	       has(r->out, "pending records: 1 accepted"), why_run(r),
	       "verify -r: after the rename: accepted (the files below unlabelled)");
	if (link(c, a))
		fatal(a);
	r = run("verify", d);
	result(r->status == 1 && has(r->out, "pend: invalid-hash (pending record, dir)\n") &&
	       has(r->out, "pending records: 0 accepted (interrupted changes), 1 failed"),
	       why_run(r), "verify: both a and c: invalid-hash (pending record, dir)");
	if (unlink(a) || rename(c, away))
		fatal(away);
	r = run("verify", d);
	result(r->status == 1 && has(r->out, "pend: invalid-hash (pending record, dir)\n"),
	       why_run(r), "verify: neither a nor c: invalid-hash");
	touch(c, NULL);
	r = run("verify", d);
	result(r->status == 1 && has(r->out, "pend: invalid-hash (pending record, dir)\n"),
	       why_run(r), "verify: c is another inode: invalid-hash");
	if (unlink(c) || rename(away, c))
		fatal(c);
	touch(pathf("pend/z"), NULL);
	r = run("verify", d);
	result(r->status == 1 && has(r->out, "pend: invalid-hash (pending record, dir)\n"),
	       why_run(r), "verify: c renamed, and z added: invalid-hash");
	unlink(pathf("pend/z"));
	r = run("verify", "-a", "sha1", d);
	result(r->status == 1 && has(r->out, "pend: other-hash-algorithm (pending record, dir)\n"),
	       why_run(r), "verify -a sha1: a sha256 record is other-hash-algorithm");
	r = run("hash", "-x", d);
	result(r->status == 0 && !strncmp(r->out, "0404", 4), why_run(r),
	       "hash -x of it: the plain digest, as before");

	r = run("fix", "-n", d);
	snprintf(line, sizeof(line), "%s: would fix (interrupted-change, dir) value=0404", d);
	result(r->status == 0 && has(r->out, line) &&
	       has(r->out, "1 checked: 1 to fix") &&
	       has(r->out, "fix: pending records: 1 accepted, 0 failed, 1 to replace\n") &&
	       ima_is(d, "07", len), why_run(r),
	       "fix -n: would replace the accepted record by the digest, writes nothing");
	r = run("fix", d);
	snprintf(line, sizeof(line), "%s: fixed (interrupted-change, dir)\n", d);
	result(r->status == 0 && has(r->out, line) &&
	       has(r->out, "1 checked: 1 fixed") &&
	       has(r->out, "fix: pending records: 1 accepted, 0 failed, 1 replaced\n") &&
	       ima_is(d, "0404", 34), why_run(r),
	       "fix: replaces the accepted record by the plain digest (0x04 0x04 + 32 bytes)");
	r = run("verify", d);
	result(r->status == 0 && has(r->out, "1 ok") && count_lines(r->out) == 2,
	       why_run(r), "verify after fix: ok, no pending record line");

	/* Records that the kernel refuses as malformed, and other types */
	len = pending_rename(d, "a", "c", st.st_ino, buf);
	set_ima(d, buf, len - 1);
	r = run("verify", d);
	result(r->status == 1 && has(r->out, "pend: invalid-xattr (pending record, dir)\n") &&
	       has(r->out, "pending records: 0 accepted (interrupted changes), 1 failed"),
	       why_run(r), "verify: a truncated record: invalid-xattr");
	set_ima(d, buf, 1);
	r = run("verify", d);
	result(r->status == 1 && has(r->out, "pend: invalid-xattr (pending record, dir)\n"),
	       why_run(r), "verify: the lone byte 0x07 on a directory: invalid-xattr");
	r = run("fix", d);
	result(r->status == 0 && has(r->out, "pend: fixed (invalid-xattr, dir)\n") &&
	       has(r->out, "pending records: 0 accepted, 1 failed, 1 replaced") &&
	       ima_is(d, "0404", 34), why_run(r),
	       "fix: replaces a malformed record by the digest");
	if (mkfifo(pathf("pend/fifo"), 0600))
		fatal("mkfifo");
	set_ima(pathf("pend/fifo"), buf, len);
	set_ima(pathf("pend/c"), buf, len);
	r = run("verify", pathf("pend/fifo"), pathf("pend/c"));
	result(r->status == 1 && has(r->out, "pend/fifo: unknown-ima-data (fifo)\n") &&
	       has(r->out, "pend/c: unknown-ima-data (reg)\n") &&
	       !has(r->out, "pending"), why_run(r),
	       "verify: a record on a FIFO or a regular file: unknown-ima-data");

	/* The record of a creation: NEW|ANY */
	if (mkdir(n, 0755))
		fatal(n);
	touch(pathf("pend-new/f"), NULL);
	if (readdir_digest(n, HASH_ALGO_SHA256, digest))
		fatal(n);
	p = (struct dir_pending){
		.algo = HASH_ALGO_SHA256, .digest = digest, .count = 1,
	};
	p.c[0] = (struct dir_change){
		.name = (const unsigned char *)"sub", .namelen = 3,
		.flags = IMA_DIR_CHG_NEW | IMA_DIR_CHG_ANY,
		.new_type = DT_DIR_,
	};
	len = dir_pending_build(buf, &p);
	set_ima(n, buf, len);
	r = run("verify", n);
	result(r->status == 0 && has(r->out, accepted), why_run(r),
	       "verify: a record of mkdir(sub), sub absent: accepted");
	if (mkdir(pathf("pend-new/sub"), 0755))
		fatal("mkdir");
	r = run("verify", n);
	result(r->status == 0 && has(r->out, accepted), why_run(r),
	       "verify: sub present, a directory (any inode): accepted");
	if (rmdir(pathf("pend-new/sub")))
		fatal("rmdir");
	touch(pathf("pend-new/sub"), NULL);
	r = run("verify", n);
	result(r->status == 1 && has(r->out, "pend-new: invalid-hash (pending record, dir)\n"),
	       why_run(r), "verify: sub present, a regular file: invalid-hash");
	/* A record in a tree: verify -r goes on below the directory */
	r = run("fix", "-r", n);
	result(r->status == 0 && has(r->out, "3 checked: 3 fixed") &&
	       has(r->out, "pending records: 0 accepted, 1 failed, 1 replaced"),
	       why_run(r), "fix -r: replaces the refused record and labels below it");
}

static void test_usage(void)
{
	static const char * const bad[][4] = {
		{ NULL },
		{ "frobnicate", "x", NULL },
		{ "hash", NULL },
		{ "--bogus", "hash", "x", NULL },
		{ "hash", "-q", "x", NULL },
		{ "-a", "nosuch", "hash", "x" },
		{ "hash", "-a", "tgr192", "x" },
		{ "verify", "-n", "x", NULL },
		{ "hash", "-f", "x", NULL },
		{ "fix", "-x", "x", NULL },
		{ "hash", "-a", NULL },
	};
	struct run *r;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		r = run_as(0, bad[i][0], bad[i][1], bad[i][2], bad[i][3], NULL);
		result(r->status == 2 && has(r->err, "usage: ima-dirtool") &&
		       !r->out[0], why_run(r), "bad usage %zu (%s %s %s %s): exit 2 and usage",
		       i, bad[i][0] ?: "", bad[i][1] ?: "", bad[i][2] ?: "",
		       bad[i][3] ?: "");
	}
	r = run("--help");
	result(r->status == 0 && has(r->out, "usage: ima-dirtool") &&
	       has(r->out, "sha256") && !r->err[0], why_run(r),
	       "--help: usage on stdout, exit 0");
	r = run("-a", "sha512", "hash", "-r", pathf("tree/sub"));
	result(r->status == 0 && count_lines(r->out) == 3 && has(r->out, "sha512:"),
	       why_run(r), "options before and after the command");
}

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return flag == FTW_DP ? rmdir(path) : unlink(path);
}

int main(int argc, char **argv)
{
	const char *tmpdir = getenv("TMPDIR");

	if (argc < 3) {
		fprintf(stderr, "usage: %s VECTORS TOOL [KEYED...]\n", argv[0]);
		return 2;
	}
	tool = argv[2];
	if (access(tool, X_OK)) {
		fprintf(stderr, "%s: no tool %s: %s\n", argv[0], tool, strerror(errno));
		return 2;
	}
	snprintf(root, sizeof(root), "%s/ima-dirtool-unit.XXXXXX",
		 tmpdir ?: "/tmp");
	if (!mkdtemp(root) || chmod(root, 0755))
		fatal("mkdtemp");
	printf("KTAP version 1\n# test root %s\n", root);

	test_vectors(argv[1]);
	for (int i = 3; i < argc; i++)
		test_keyed_vectors(argv[i]);
	test_keyed_state();
	test_keyed_device();
	test_algorithms();
	test_regular();
	test_pending_bytes();
	test_pending_parse();
	test_pending_states();
	if (geteuid()) {
		result(false, "needs root: mknod, security.* xattrs, mount and setuid; run as root",
		       "tree tests");
	} else {
		test_tree();
		test_detect();
		test_symlink_max();
		test_errors();
		test_mounts();
		test_pending_disk();
		test_big_dir();
	}
	test_usage();

	umount2(pathf("mnt/ram"), MNT_DETACH);
	umount2(pathf("mnt/tmp"), MNT_DETACH);
	nftw(root, rm_entry, 64, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
	algo_cleanup();
	free(run_buf.out);
	free(run_buf.err);
	printf("1..%d\n%d passed, %d failed\n", n_run, n_run - n_failed,
	       n_failed);
	return n_failed ? 1 : 0;
}
