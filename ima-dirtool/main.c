// SPDX-License-Identifier: GPL-2.0
/*
 * ima-dirtool - compute, write and check the security.ima values of the
 * IMA directory and special-file series (directories, symbolic links,
 * device nodes, FIFOs, sockets) and of regular files, as the kernel does.
 * See ima-dirtool.8.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>

#include "algo.h"
#include "keyvalue.h"
#include "node.h"
#include "util.h"
#include "value.h"
#include "walk.h"
#include "xattr.h"

#define VERSION "1.0"

enum cmd { CMD_HASH, CMD_FIX, CMD_VERIFY };

struct opts {
	int algo;
	bool algo_given;
	bool recursive;
	bool dry_run;
	bool force;
	bool xattr;
	int verbose;
	const char *key_file;	/* keyed mode: EVM's HMAC key */
	bool keyed;
	unsigned char key[KEYED_MAC_SIZE];	/* IMA's key, derived from it */
};

struct stats {
	unsigned long checked;
	unsigned long ok;
	unsigned long failed;
	unsigned long fixed;
	unsigned long unchecked;
	unsigned long errors;
	unsigned long ok_by_type[NODE__LAST];
	unsigned long pending_ok;	/* pending records the kernel accepts */
	unsigned long pending_failed;	/* ... and the others */
	unsigned long pending_fixed;	/* ... replaced by fix */
};

struct ctx {
	const struct opts *o;
	struct stats st;
	unsigned char *buf;	/* IMA_XATTR_BUF bytes for stored values */
};

static void usage(FILE *f)
{
	char algos[256];

	algo_list_usable(algos, sizeof(algos));
	fprintf(f,
		"usage: %s [OPTIONS] COMMAND [OPTIONS] PATH...\n"
		"\n"
		"Compute, write and check security.ima the way the kernel's IMA\n"
		"does for directories, symbolic links, device nodes, FIFOs,\n"
		"sockets (IMA directory and special-file appraisal) and regular\n"
		"files.\n"
		"\n"
		"commands:\n"
		"  hash PATH...    print the digest the kernel would compute\n"
		"  fix PATH...     write security.ima where it is missing or wrong,\n"
		"                  like the kernel's fix mode\n"
		"  verify PATH...  check security.ima: one line per missing or\n"
		"                  wrong value, then a summary\n"
		"\n"
		"options:\n"
		"  -a, --hash-algo ALGO  hash algorithm (default sha256), one of:\n"
		"                        %s\n"
		"  -r, --recursive       walk directories; never follows symbolic\n"
		"                        links, never crosses a mount point\n"
		"  -n, --dry-run         fix: print what would be written instead\n"
		"  -f, --force           fix: rewrite every value that differs from\n"
		"                        the one computed with ALGO\n"
		"  -x, --xattr           hash: print the whole security.ima value\n"
		"  -k, --key FILE        keyed mode (series v2): directories and\n"
		"                        special files get keyed values, from\n"
		"                        EVM's HMAC key in FILE (raw bytes)\n"
		"  -v, --verbose         also report the objects that are fine\n"
		"  -h, --help            print this help\n"
		"  -V, --version         print the version\n"
		"\n"
		"Exit status: 0 success, 1 a value failed verification or an error\n"
		"occurred, 2 bad usage. See ima-dirtool(8).\n",
		prog, algos);
}

static __attribute__((format(printf, 1, 2)))
int bad_usage(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr,
		"\nusage: %s [OPTIONS] hash|fix|verify [OPTIONS] PATH...\n"
		"Try '%s --help' for more information.\n", prog, prog);
	return 2;
}

static const char *digest_hint(int err)
{
	switch (err) {
	case ENOPKG:
		return "OpenSSL cannot compute this hash algorithm";
	case ESTALE:
		return "the path names another object than at lookup: it changed during the walk";
	case EINVAL:
		return "an entry name or type the kernel cannot hash";
	case EACCES:
		return "unreadable";
	default:
		return NULL;
	}
}

static void report(const struct ctx *c, const struct node *n,
		   const char *status, const char *cause,
		   const unsigned char *stored, size_t stored_len,
		   const unsigned char *value, size_t value_len)
{
	print_path(stdout, n->path);
	printf(": %s", status);
	if (cause)
		printf(" (%s, %s)", cause, node_type_name(n->type));
	else
		printf(" (%s)", node_type_name(n->type));
	if (value && (c->o->verbose || c->o->dry_run)) {
		if (stored && c->o->verbose) {
			printf(" stored=");
			print_hex(stdout, stored, stored_len);
		}
		printf(" %s=", c->o->dry_run ? "value" : "computed");
		print_hex(stdout, value, value_len);
	}
	putchar('\n');
}

/* Keyed mode: an object that gets a keyed value (not a regular file). */
static bool keyed_node(const struct ctx *c, const struct node *n)
{
	return c->o->keyed && n->type != NODE_REG;
}

/*
 * Write @value (or say it would, with -n) for fix: true if written (or
 * would be); an error is counted and reported.
 */
static bool write_value(struct ctx *c, const struct node *n,
			const char *cause, ssize_t len,
			const unsigned char *value, size_t vlen)
{
	int rc;

	if (c->o->dry_run) {
		report(c, n, "would fix", cause, c->buf, len, value, vlen);
		return true;
	}
	rc = ima_xattr_set(n->path, value, vlen);
	if (rc) {
		c->st.errors++;
		err_path(n->path, "cannot set " XATTR_NAME_IMA, -rc,
			 ima_xattr_hint(-rc, 1));
		return false;
	}
	report(c, n, "fixed", cause, c->buf, len, value, vlen);
	return true;
}

/* The MAC of @n's keyed value; an error is counted and reported. */
static int keyed_mac(struct ctx *c, const struct node *n,
		     struct name_list *children,
		     unsigned char mac[KEYED_MAC_SIZE])
{
	const char *what;
	int rc;

	rc = node_keyed_mac(n, c->o->key, mac, children, &what);
	if (rc) {
		c->st.errors++;
		err_path(n->path, what, -rc, digest_hint(-rc));
	}
	return rc;
}

static void keyed_hash_visit(struct ctx *c, const struct node *n,
			     struct name_list *children)
{
	unsigned char mac[KEYED_MAC_SIZE], value[KEYED_VALUE_SIZE];

	if (keyed_mac(c, n, children, mac))
		return;
	if (c->o->xattr) {
		keyed_value_make(mac, value);
		print_hex(stdout, value, sizeof(value));
	} else {
		printf("keyed:");
		print_hex(stdout, mac, sizeof(mac));
	}
	printf("  ");
	print_path(stdout, n->path);
	if (c->o->verbose)
		printf(" (%s)", node_type_name(n->type));
	putchar('\n');
}

/*
 * Keyed mode: the kernel's verdict on the stored value (@len bytes in
 * c->buf) of @n, whose MAC is @mac (NULL if it could not be computed):
 * NULL if it verifies, else its audit cause ("interrupted-change" too).
 */
static const char *keyed_check(struct ctx *c, const struct node *n,
			       ssize_t len, const unsigned char *mac)
{
	const char *cause;

	if (!len)
		return "missing-hash";
	if (c->buf[0] != IMA_XATTR_INODE_MAC)
		return "unknown-ima-data";
	cause = keyed_value_form(n->type, c->buf, len);
	if (cause || !mac)
		return cause;
	return keyed_value_verify(n, c->o->key, c->buf, mac);
}

static void keyed_verify_visit(struct ctx *c, const struct node *n,
			       struct name_list *children, ssize_t len)
{
	unsigned char mac[KEYED_MAC_SIZE], value[KEYED_VALUE_SIZE];
	const char *cause;
	int rc;

	rc = keyed_mac(c, n, children, mac);
	cause = keyed_check(c, n, len, rc ? NULL : mac);
	if (rc && !cause) {
		/* Without a MAC, only a value known bad is reported. */
		c->st.checked--;
		return;
	}
	if (cause && strcmp(cause, "interrupted-change")) {
		c->st.failed++;
		if (!rc)
			keyed_value_make(mac, value);
		report(c, n, cause, NULL, c->buf, len, rc ? NULL : value,
		       sizeof(value));
		return;
	}
	c->st.ok++;
	c->st.ok_by_type[n->type]++;
	if (cause) {
		c->st.pending_ok++;
		report(c, n, "pending record accepted", cause, c->buf,
		       len, NULL, 0);
	} else if (c->o->verbose) {
		report(c, n, "ok", "keyed", NULL, 0, NULL, 0);
	}
}

static void keyed_fix_visit(struct ctx *c, const struct node *n,
			    struct name_list *children, ssize_t len)
{
	unsigned char mac[KEYED_MAC_SIZE], value[KEYED_VALUE_SIZE];
	const char *cause;

	if (keyed_mac(c, n, children, mac)) {
		c->st.checked--;
		return;
	}
	keyed_value_make(mac, value);
	cause = keyed_check(c, n, len, mac);
	/* A change in progress is replaced, as the kernel does at first use. */
	if (!cause && (!c->o->force ||
		       ((size_t)len == sizeof(value) &&
			!memcmp(c->buf, value, sizeof(value))))) {
		c->st.ok++;
		if (c->o->verbose)
			report(c, n, "ok", "keyed", NULL, 0, NULL, 0);
		return;
	}
	if (!cause)
		cause = "forced";
	if (write_value(c, n, cause, len, value, sizeof(value)))
		c->st.fixed++;
}

/*
 * Keyed mode: a regular file's birth value (left by its creation in an
 * appraised directory) is no hash: the kernel treats the file as
 * unlabelled. Return the stored length to use: 0 for a birth value.
 */
static ssize_t keyed_reg_len(struct ctx *c, const struct node *n, ssize_t len)
{
	if (c->o->keyed && n->type == NODE_REG && len > 0 &&
	    c->buf[0] == IMA_XATTR_INODE_MAC &&
	    !keyed_value_form(n->type, c->buf, len))
		return 0;
	return len;
}

static void hash_visit(struct walk *w, const struct node *n,
		       struct name_list *children)
{
	struct ctx *c = w->priv;
	unsigned char digest[MAX_DIGEST_SIZE], value[IMA_VALUE_MAX];
	int algo = c->o->algo;
	const char *what;
	size_t len;
	int rc;

	if (keyed_node(c, n))
		return keyed_hash_visit(c, n, children);
	rc = node_digest(n, algo, digest, children, &what);
	if (rc) {
		c->st.errors++;
		err_path(n->path, what, -rc, digest_hint(-rc));
		return;
	}
	if (c->o->xattr) {
		len = ima_value_make(n->type, algo, digest, value);
		print_hex(stdout, value, len);
	} else {
		printf("%s:", hash_algos[algo].name);
		print_hex(stdout, digest, hash_algos[algo].size);
	}
	printf("  ");
	print_path(stdout, n->path);
	if (c->o->verbose)
		printf(" (%s)", node_type_name(n->type));
	putchar('\n');
}

/*
 * Read the stored value into c->buf: its length, 0 when there is none.
 * On an error other than "none", report it and return it (negative).
 */
static ssize_t get_stored(struct ctx *c, const struct node *n)
{
	ssize_t len = ima_xattr_get(n->path, c->buf, IMA_XATTR_BUF);

	if (len == -ENODATA)
		return 0;
	if (len < 0) {
		c->st.errors++;
		err_path(n->path, "cannot read " XATTR_NAME_IMA, -len,
			 ima_xattr_hint(-len, 0));
	}
	return len;
}

/* After a failure to read security.ima: keep walking below a directory. */
static void walk_on(struct ctx *c, const struct node *n, ssize_t err,
		    struct name_list *children)
{
	unsigned char digest[MAX_DIGEST_SIZE];
	const char *what;
	int rc;

	/* Without xattrs on this file system, nothing below has any. */
	if (!children || err == -ENOTSUP)
		return;
	rc = node_digest(n, c->o->algo, digest, children, &what);
	if (rc) {
		c->st.errors++;
		err_path(n->path, what, -rc, digest_hint(-rc));
	}
}

/*
 * The cause of a value that is well-formed and whose digest @digest was
 * computed (with @pc for a pending record): NULL if it verifies,
 * "interrupted-change" for a pending record the kernel accepts.
 */
static const char *check_digest(const struct ctx *c, const struct ima_stored *s,
				size_t len, const unsigned char *digest,
				const struct pending_check *pc)
{
	if (!s->pending)
		return ima_value_matches(s, c->buf, len, digest) ? NULL :
		       "invalid-hash";
	return pc->fits && ima_value_matches(s, c->buf, len, pc->before) ?
	       "interrupted-change" : "invalid-hash";
}

/* Count a pending record of the stored value @s, checked with @cause. */
static void count_pending(struct ctx *c, const struct ima_stored *s,
			  const char *cause)
{
	if (!s->pending)
		return;
	if (cause && !strcmp(cause, "interrupted-change"))
		c->st.pending_ok++;
	else
		c->st.pending_failed++;
}

static void verify_visit(struct walk *w, const struct node *n,
			 struct name_list *children)
{
	struct ctx *c = w->priv;
	unsigned char digest[MAX_DIGEST_SIZE], value[IMA_VALUE_MAX];
	struct pending_check pc = { 0 };
	const char *cause, *what;
	struct ima_stored s;
	size_t vlen;
	ssize_t len;
	int rc;

	if (node_is_whiteout(n)) {
		if (c->o->verbose)
			report(c, n, "whiteout, skipped", NULL, NULL, 0, NULL, 0);
		return;
	}
	len = get_stored(c, n);
	if (len < 0)
		return walk_on(c, n, len, children);
	c->st.checked++;
	if (keyed_node(c, n))
		return keyed_verify_visit(c, n, children, len);
	len = keyed_reg_len(c, n, len);
	ima_value_parse(n->type, c->o->algo, c->buf, len, &s);
	if (s.signature) {
		c->st.unchecked++;
		if (c->o->verbose)
			report(c, n, "signature, not checked", NULL, NULL, 0,
			       NULL, 0);
		return;
	}
	pc.p = &s.p;
	rc = node_digest_pending(n, s.algo, digest, children,
				 s.pending && !s.cause ? &pc : NULL, &what);
	if (rc == -ENOPKG && !s.cause) {
		s.cause = "unavailable-hash-algorithm";
	} else if (rc) {
		c->st.errors++;
		err_path(n->path, what, -rc, digest_hint(-rc));
		/* Without a digest, only a value known bad is reported. */
		if (!s.cause) {
			c->st.checked--;
			return;
		}
	}
	cause = s.cause;
	if (!cause)
		cause = check_digest(c, &s, len, digest, &pc);
	if ((!cause || !strcmp(cause, "interrupted-change")) &&
	    c->o->algo_given && s.algo != c->o->algo)
		cause = "other-hash-algorithm";
	count_pending(c, &s, cause);
	vlen = rc ? 0 : ima_value_make(n->type, s.algo, digest, value);
	if (cause && strcmp(cause, "interrupted-change")) {
		c->st.failed++;
		report(c, n, cause, s.pending ? "pending record" : NULL,
		       c->buf, len, vlen ? value : NULL, vlen);
		return;
	}
	c->st.ok++;
	c->st.ok_by_type[n->type]++;
	/* Passed by a pending record: always said, as the kernel audits it. */
	if (cause)
		report(c, n, "pending record accepted", cause, c->buf, len,
		       vlen ? value : NULL, vlen);
	else if (c->o->verbose)
		report(c, n, "ok", hash_algos[s.algo].name, NULL, 0, NULL, 0);
}

static void fix_visit(struct walk *w, const struct node *n,
		      struct name_list *children)
{
	struct ctx *c = w->priv;
	const struct opts *o = c->o;
	unsigned char digest[MAX_DIGEST_SIZE], value[IMA_VALUE_MAX];
	struct pending_check pc = { 0 };
	const char *cause, *what;
	struct ima_stored s;
	int rc, algo;
	size_t vlen;
	ssize_t len;

	if (node_is_whiteout(n)) {
		if (c->o->verbose)
			report(c, n, "whiteout, skipped", NULL, NULL, 0, NULL, 0);
		return;
	}
	len = get_stored(c, n);
	if (len < 0)
		return walk_on(c, n, len, children);
	c->st.checked++;
	if (keyed_node(c, n))
		return keyed_fix_visit(c, n, children, len);
	len = keyed_reg_len(c, n, len);
	ima_value_parse(n->type, o->algo, c->buf, len, &s);
	if (s.signature) {
		/* The kernel's fix mode never replaces a signature either. */
		c->st.unchecked++;
		if (o->verbose)
			report(c, n, "signature, kept", NULL, NULL, 0, NULL, 0);
		return;
	}

	/*
	 * Check the stored value the way the kernel would. A pending record
	 * is replaced by the digest even when the kernel accepts it, as the
	 * kernel does on the directory's first use.
	 */
	pc.p = &s.p;
	rc = node_digest_pending(n, s.algo, digest, children,
				 s.pending && !s.cause ? &pc : NULL, &what);
	if (rc && (rc != -ENOPKG || s.cause)) {
		c->st.checked--;
		c->st.errors++;
		err_path(n->path, what, -rc, digest_hint(-rc));
		return;
	}
	cause = rc ? "unavailable-hash-algorithm" : s.cause;
	if (!cause)
		cause = check_digest(c, &s, len, digest, &pc);
	count_pending(c, &s, cause);

	/*
	 * The algorithm to write with: the kernel rewrites a directory or a
	 * special file with ima_hash=, a regular file with the algorithm of
	 * its old value (ima_get_hash_algo()). --force writes ALGO.
	 */
	algo = o->algo;
	if (n->type == NODE_REG && !o->force && !rc)
		algo = s.algo;
	if (!cause && !o->force) {
		c->st.ok++;
		if (o->verbose)
			report(c, n, "ok", hash_algos[s.algo].name, NULL, 0,
			       NULL, 0);
		return;
	}
	if (rc || algo != s.algo) {
		rc = node_digest(n, algo, digest, NULL, &what);
		if (rc) {
			c->st.errors++;
			err_path(n->path, what, -rc, digest_hint(-rc));
			return;
		}
	}
	vlen = ima_value_make(n->type, algo, digest, value);
	if (!cause) {
		if ((size_t)len == vlen && !memcmp(c->buf, value, vlen)) {
			c->st.ok++;
			if (o->verbose)
				report(c, n, "ok", hash_algos[algo].name,
				       NULL, 0, NULL, 0);
			return;
		}
		cause = "forced";
	}
	if (write_value(c, n, cause, len, value, vlen)) {
		c->st.fixed++;
		c->st.pending_fixed += s.pending;
	}
}

enum parse_result { PARSE_OK = -1 };

/* Parse options; return PARSE_OK or an exit status. */
static int parse_opts(int argc, char **argv, const char *mode, int first,
		      struct opts *o)
{
	static const struct option longopts[] = {
		{ "hash-algo", required_argument, NULL, 'a' },
		{ "recursive", no_argument, NULL, 'r' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "force", no_argument, NULL, 'f' },
		{ "xattr", no_argument, NULL, 'x' },
		{ "key", required_argument, NULL, 'k' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	char optstr[32], algos[256];
	int opt;

	snprintf(optstr, sizeof(optstr), "%s:a:k:rnfxvhV", mode);
	opterr = 0;
	optind = first;
	while ((opt = getopt_long(argc, argv, optstr, longopts, NULL)) != -1) {
		switch (opt) {
		case 'a':
			o->algo = algo_by_name(optarg);
			o->algo_given = true;
			algo_list_usable(algos, sizeof(algos));
			if (o->algo < 0)
				return bad_usage("unknown hash algorithm '%s' (available: %s)",
						 optarg, algos);
			if (!algo_md(o->algo))
				return bad_usage("hash algorithm '%s' is not available in this OpenSSL (available: %s)",
						 optarg, algos);
			break;
		case 'r':
			o->recursive = true;
			break;
		case 'n':
			o->dry_run = true;
			break;
		case 'f':
			o->force = true;
			break;
		case 'x':
			o->xattr = true;
			break;
		case 'k':
			o->key_file = optarg;
			break;
		case 'v':
			o->verbose++;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("%s %s\n", prog, VERSION);
			return 0;
		case ':':
			return bad_usage("option '%s' needs an argument",
					 argv[optind - 1]);
		default:
			return bad_usage("unknown option '%s'",
					 argv[optind - 1]);
		}
	}
	return PARSE_OK;
}

static int run(enum cmd cmd, const struct opts *o, char **paths, int npaths)
{
	struct ctx c = { .o = o };
	struct walk w = {
		.recursive = o->recursive,
		.note_root = cmd == CMD_FIX && o->recursive,
		.verbose = o->verbose,
		.priv = &c,
	};
	struct stats *st = &c.st;
	int i;

	c.buf = xmalloc(IMA_XATTR_BUF);
	w.visit = cmd == CMD_HASH ? hash_visit :
		  cmd == CMD_FIX ? fix_visit : verify_visit;
	for (i = 0; i < npaths; i++)
		walk_path(&w, paths[i]);
	free(c.buf);
	st->errors += w.errors;
	fflush(stderr);

	switch (cmd) {
	case CMD_HASH:
		break;
	case CMD_FIX:
		printf("fix: %lu checked: %lu %s, %lu already correct, %lu signatures kept, %lu errors\n",
		       st->checked, st->fixed,
		       o->dry_run ? "to fix" : "fixed", st->ok,
		       st->unchecked, st->errors);
		if (st->pending_ok || st->pending_failed)
			printf("fix: pending records: %lu accepted, %lu failed, %lu %s\n",
			       st->pending_ok, st->pending_failed,
			       st->pending_fixed,
			       o->dry_run ? "to replace" : "replaced");
		break;
	case CMD_VERIFY:
		printf("verify: %lu checked: %lu ok, %lu failed, %lu unchecked (signatures), %lu errors\n",
		       st->checked, st->ok, st->failed, st->unchecked,
		       st->errors);
		printf("verify: ok by type:");
		for (i = 0; i < NODE__LAST; i++)
			printf("%s %s %lu", i ? "," : "", node_type_name(i),
			       st->ok_by_type[i]);
		putchar('\n');
		if (st->pending_ok || st->pending_failed)
			printf("verify: pending records: %lu accepted (interrupted changes), %lu failed\n",
			       st->pending_ok, st->pending_failed);
		break;
	}
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: cannot write the output: %s\n", prog,
			strerror(errno));
		return 1;
	}
	return st->errors || st->failed ? 1 : 0;
}

int main(int argc, char **argv)
{
	struct opts o = { .algo = HASH_ALGO_SHA256 };
	const char *name;
	enum cmd cmd;
	int rc;

	/* Options before the command, then the command's own. */
	rc = parse_opts(argc, argv, "+", 0, &o);
	if (rc != PARSE_OK)
		goto out;
	if (optind >= argc) {
		rc = bad_usage("no command given");
		goto out;
	}
	name = argv[optind];
	if (!strcmp(name, "hash")) {
		cmd = CMD_HASH;
	} else if (!strcmp(name, "fix")) {
		cmd = CMD_FIX;
	} else if (!strcmp(name, "verify")) {
		cmd = CMD_VERIFY;
	} else {
		rc = bad_usage("unknown command '%s'", name);
		goto out;
	}
	argc -= optind;
	argv += optind;
	rc = parse_opts(argc, argv, "", 0, &o);
	if (rc != PARSE_OK)
		goto out;
	if ((o.dry_run || o.force) && cmd != CMD_FIX) {
		rc = bad_usage("%s: -n and -f are options of fix only", name);
		goto out;
	}
	if (o.xattr && cmd != CMD_HASH) {
		rc = bad_usage("%s: -x is an option of hash only", name);
		goto out;
	}
	if (optind >= argc) {
		rc = bad_usage("%s: no path given", name);
		goto out;
	}
	if (o.key_file) {
		rc = keyed_key_file(o.key_file, o.key);
		if (rc) {
			fprintf(stderr, "%s: cannot read the EVM key %s: %s%s\n",
				prog, o.key_file, strerror(-rc),
				rc == -EINVAL ? " (want 1 to 128 bytes)" : "");
			rc = 1;
			goto out;
		}
		o.keyed = true;
	}
	rc = run(cmd, &o, argv + optind, argc - optind);
	OPENSSL_cleanse(o.key, sizeof(o.key));
out:
	algo_cleanup();
	return rc;
}
