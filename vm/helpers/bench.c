// SPDX-License-Identifier: GPL-2.0
/*
 * bench - the timed workloads of the benchmark (bench/bench.sh), run in
 * the guest on one mounted file system.
 *
 *   bench [OPTIONS] walk DIR LIST    walk DIR (readdir + lstat of every
 *                                    entry, as find does); LIST gets every
 *                                    path seen
 *   bench [OPTIONS] stat LIST        stat() every path of LIST (a full path
 *                                    lookup from / each time)
 *   bench [OPTIONS] dirops DIR K     once, then K times: create
 *                                    DIR/bench-new-I (open O_CREAT|O_EXCL,
 *                                    close), rename it to DIR/bench-ren-I,
 *                                    unlink that (DIR keeps its size: N or
 *                                    N+1 entries); the first cycle, which
 *                                    pays for a cold directory, is timed
 *                                    as a whole (NAME-first), then each
 *                                    kind of operation apart
 *   bench [OPTIONS] copy SRC DST     copy SRC to the new file DST in 1 MiB
 *                                    pieces, fsync and close it
 *   bench [OPTIONS] run CMD ARGS...  run CMD, which must exit 0
 *
 * Options:
 *   -w NAME   the workload's name in the output (default: the command)
 *   -m DIR    the file system's mount point: syncfs() it after the
 *             workload, so that the disk counts include its writeback
 *   -S        count that syncfs() in the time (writes must reach the disk)
 *   -d FILE   the disk's /sys/block/DEV/stat, read before and after
 *
 * Output, one line per timed quantity:
 *   wl=NAME secs=S ops=N [busy=B] [rd_ios=.. rd_sect=.. wr_ios=.. wr_sect=..]
 * secs from clock_gettime(CLOCK_MONOTONIC): elapsed time, waits for the
 * disks included. busy: the CPU time the guest spent running tasks
 * meanwhile (any task: the workload's, kworkers, jbd2), from the sum of
 * rq_cpu_time in /proc/schedstat (CONFIG_SCHEDSTATS; no busy= without
 * it), less what reading it costs; idle time is left out, and so are
 * interrupts taken while idle. Under QEMU's -icount with sleep=off, busy
 * counts the guest instructions executed, whatever the host's load, while
 * secs also holds the jumps of the clock while the guest waited for its
 * disks. The disk counts (512-byte sectors, from FILE) do not depend on
 * the host's speed.
 *
 * Exit status: 0 if every operation succeeded, 1 on the first failure (its
 * errno named on stderr), 2 on bad usage.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "helpers.h"

#define COPY_BUF	(1 << 20)

struct disk {
	unsigned long long rd_ios, rd_sect, wr_ios, wr_sect;
};

static const char *wl_name, *mnt, *disk_stat;
static int sync_timed;
/* busy_ns() at the start of the workload, and what one call costs */
static long long busy0, busy_cost;

static int usage(void)
{
	fprintf(stderr,
		"usage: bench [-w NAME] [-m MNT] [-S] [-d STATFILE] walk DIR LIST\n"
		"       bench [...] stat LIST\n"
		"       bench [...] dirops DIR K\n"
		"       bench [...] copy SRC DST\n"
		"       bench [...] run CMD [ARGS...]\n");
	return 2;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* timeslices: how often this task has been given the CPU (/proc/self/schedstat) */
static long long timeslices(void)
{
	unsigned long long n;
	FILE *fp = fopen("/proc/self/schedstat", "r");
	int ok;

	if (!fp)
		return -1;
	ok = fscanf(fp, "%*u %*u %llu", &n) == 1;
	fclose(fp);
	return ok ? (long long)n : -1;
}

/*
 * busy_ns: the guest's CPU time in tasks so far, in ns (the sum over the
 * CPUs of the 7th field of /proc/schedstat's cpuN lines, rq_cpu_time), or
 * -1 without /proc/schedstat. rq_cpu_time grows when a task leaves its
 * CPU, so sleep first, until this task has really been switched out and
 * back in: the caller's own time up to here is then in, and what it
 * spends after the read is in the next call's figure.
 */
static long long busy_ns(void)
{
	struct timespec ms = { 0, 1000000 };
	unsigned long long t, sum = 0;
	long long n0 = timeslices();
	char line[512];
	FILE *fp;
	int cpus = 0, tries = 0;

	do {
		nanosleep(&ms, NULL);
	} while (n0 >= 0 && timeslices() == n0 && ++tries < 100);
	if (tries == 100) {
		fprintf(stderr, "bench: nanosleep() does not switch tasks out\n");
		exit(1);
	}
	fp = fopen("/proc/schedstat", "r");
	if (!fp)
		return -1;
	while (fgets(line, sizeof(line), fp)) {
		int version;

		/* cpuN field 7 is rq_cpu_time since version 15 */
		if (sscanf(line, "version %d", &version) == 1 && version < 15) {
			fclose(fp);
			fprintf(stderr, "bench: /proc/schedstat version %d: need 15 or later\n",
				version);
			exit(1);
		}
		if (strncmp(line, "cpu", 3))
			continue;
		if (sscanf(line, "%*s %*u %*u %*u %*u %*u %*u %llu", &t) != 1) {
			fclose(fp);
			fprintf(stderr, "bench: cannot parse /proc/schedstat\n");
			return -1;
		}
		sum += t;
		cpus++;
	}
	fclose(fp);
	/* Only this CPU's rq_cpu_time is brought up to date by the sleep. */
	if (cpus > 1) {
		fprintf(stderr, "bench: busy= needs a guest with one CPU, not %d\n", cpus);
		exit(1);
	}
	return cpus ? (long long)sum : -1;
}

#define BUSY_CALIB	9

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/*
 * busy_init: calibrate what a busy_ns() call costs: the median of
 * BUSY_CALIB - 1 differences of consecutive calls (the least of them would
 * leave part of the cost in every figure, most of all in one operation's)
 */
static void busy_init(void)
{
	long long b[BUSY_CALIB], d[BUSY_CALIB - 1];
	int i;

	busy_cost = -1;
	for (i = 0; i < BUSY_CALIB; i++)
		b[i] = busy_ns();
	if (b[0] < 0)
		return;
	for (i = 1; i < BUSY_CALIB; i++)
		d[i - 1] = b[i] - b[i - 1];
	qsort(d, BUSY_CALIB - 1, sizeof(d[0]), cmp_ll);
	busy_cost = (d[(BUSY_CALIB - 1) / 2 - 1] + d[(BUSY_CALIB - 1) / 2]) / 2;
}

/* busy_since: the CPU time in seconds since B (a busy_ns() figure) */
static double busy_since(long long b)
{
	long long d = busy_ns() - b - busy_cost;

	return d > 0 ? d / 1e9 : 0;
}

/* read_disk: the counts of /sys/block/DEV/stat (fields 1, 3, 5, 7) */
static int read_disk(struct disk *d)
{
	unsigned long long f[7];
	FILE *fp;
	int n;

	memset(d, 0, sizeof(*d));
	if (!disk_stat)
		return 0;
	fp = fopen(disk_stat, "r");
	if (!fp)
		return fail("open", disk_stat);
	n = fscanf(fp, "%llu %llu %llu %llu %llu %llu %llu", &f[0], &f[1],
		   &f[2], &f[3], &f[4], &f[5], &f[6]);
	fclose(fp);
	if (n != 7) {
		fprintf(stderr, "bench: cannot parse %s\n", disk_stat);
		return 1;
	}
	d->rd_ios = f[0];
	d->rd_sect = f[2];
	d->wr_ios = f[4];
	d->wr_sect = f[6];
	return 0;
}

static int sync_mnt(void)
{
	int fd, ret;

	if (!mnt)
		return 0;
	fd = open(mnt, O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return fail("open", mnt);
	ret = syncfs(fd);
	close(fd);
	return ret ? fail("syncfs", mnt) : 0;
}

static void print_time(const char *suffix, double secs, long ops,
		       double busy)
{
	printf("wl=%s%s secs=%.6f ops=%ld", wl_name, suffix, secs, ops);
	if (busy_cost >= 0)
		printf(" busy=%.6f", busy);
	printf("\n");
}

/* start: the busy and disk figures before a workload, then the clock */
static int start(struct disk *before, double *t0)
{
	if (read_disk(before))
		return 1;
	if (busy_cost >= 0)
		busy0 = busy_ns();
	*t0 = now();
	return 0;
}

/* finish: the untimed syncfs (unless -S), then the line with the counts */
static int finish(const char *suffix, double t0, double secs, long ops,
		  const struct disk *before)
{
	struct disk after;
	double busy = 0;

	if (!sync_timed && busy_cost >= 0)
		busy = busy_since(busy0);
	if (sync_mnt())
		return 1;
	if (sync_timed) {
		secs = now() - t0;
		if (busy_cost >= 0)
			busy = busy_since(busy0);
	}
	if (read_disk(&after))
		return 1;
	printf("wl=%s%s secs=%.6f ops=%ld", wl_name, suffix, secs, ops);
	if (busy_cost >= 0)
		printf(" busy=%.6f", busy);
	if (disk_stat)
		printf(" rd_ios=%llu rd_sect=%llu wr_ios=%llu wr_sect=%llu",
		       after.rd_ios - before->rd_ios,
		       after.rd_sect - before->rd_sect,
		       after.wr_ios - before->wr_ios,
		       after.wr_sect - before->wr_sect);
	printf("\n");
	return 0;
}

static long walked;

static int walk(const char *dir, FILE *list, int depth)
{
	char path[PATH_MAX];
	struct dirent *de;
	struct stat st;
	DIR *d;
	int ret = 0;

	if (depth > 64) {
		fprintf(stderr, "bench: %s: too deep\n", dir);
		return 1;
	}
	d = opendir(dir);
	if (!d)
		return fail("opendir", dir);
	errno = 0;
	while ((de = readdir(d))) {
		if (is_dot_or_dotdot(de->d_name))
			continue;
		if (join_path(path, sizeof(path), dir, de->d_name)) {
			ret = fail("path", de->d_name);
			break;
		}
		if (lstat(path, &st)) {
			ret = fail("lstat", path);
			break;
		}
		walked++;
		fprintf(list, "%s\n", path);
		if (S_ISDIR(st.st_mode) && walk(path, list, depth + 1)) {
			ret = 1;
			break;
		}
		errno = 0;
	}
	if (!ret && errno)
		ret = fail("readdir", dir);
	closedir(d);
	return ret;
}

static int cmd_walk(char **argv)
{
	struct disk before;
	FILE *list;
	double t0, secs;

	list = fopen(argv[1], "w");
	if (!list)
		return fail("open", argv[1]);
	if (start(&before, &t0))
		return 1;
	if (walk(argv[0], list, 0))
		return 1;
	secs = now() - t0;
	if (fclose(list))
		return fail("write", argv[1]);
	return finish("", t0, secs, walked, &before);
}

static int cmd_stat(char **argv)
{
	char path[PATH_MAX];
	struct disk before;
	struct stat st;
	double t0, secs;
	long n = 0;
	size_t len;
	FILE *list;

	list = fopen(argv[0], "r");
	if (!list)
		return fail("open", argv[0]);
	if (start(&before, &t0))
		return 1;
	while (fgets(path, sizeof(path), list)) {
		len = strlen(path);
		if (len && path[len - 1] == '\n')
			path[len - 1] = '\0';
		if (lstat(path, &st))
			return fail("lstat", path);
		n++;
	}
	secs = now() - t0;
	fclose(list);
	return finish("", t0, secs, n, &before);
}

/* the time and CPU time of one kind of operation, summed */
struct op_time {
	double secs, busy;
	double t;	/* now() at op_begin */
	long long b;	/* busy_ns() at op_begin */
};

static void op_begin(struct op_time *o)
{
	if (busy_cost >= 0)
		o->b = busy_ns();
	o->t = now();
}

static void op_end(struct op_time *o)
{
	o->secs += now() - o->t;
	if (busy_cost >= 0)
		o->busy += busy_since(o->b);
}

/*
 * dirop_cycle: create DIR/bench-new-I, rename it to DIR/bench-ren-I and
 * unlink that, timing each into TC, TR and TU (all three may be the same)
 */
static int dirop_cycle(const char *dir, long i, struct op_time *tc,
		       struct op_time *tr, struct op_time *tu)
{
	char p1[PATH_MAX], p2[PATH_MAX];
	int fd;

	snprintf(p1, sizeof(p1), "%s/bench-new-%ld", dir, i);
	snprintf(p2, sizeof(p2), "%s/bench-ren-%ld", dir, i);
	op_begin(tc);
	fd = open(p1, O_CREAT | O_EXCL | O_WRONLY, 0644);
	if (fd < 0)
		return fail("create", p1);
	if (close(fd))
		return fail("close", p1);
	op_end(tc);
	op_begin(tr);
	if (rename(p1, p2))
		return fail("rename", p1);
	op_end(tr);
	op_begin(tu);
	if (unlink(p2))
		return fail("unlink", p2);
	op_end(tu);
	return 0;
}

static int cmd_dirops(char **argv)
{
	struct op_time tf = { 0 }, tc = { 0 }, tr = { 0 }, tu = { 0 };
	struct disk before;
	long i, k = atol(argv[1]);
	double t0;

	if (k <= 0)
		return usage();
	if (start(&before, &t0))
		return 1;
	/*
	 * The first change of a directory after a cold mount reads it (and
	 * so may what protects it): timed on its own, so that the cost per
	 * operation below does not depend on how many there are.
	 */
	if (dirop_cycle(argv[0], k, &tf, &tf, &tf))
		return 1;
	for (i = 0; i < k; i++)
		if (dirop_cycle(argv[0], i, &tc, &tr, &tu))
			return 1;
	print_time("-first", tf.secs, 1, tf.busy);
	print_time("-create", tc.secs, k, tc.busy);
	print_time("-rename", tr.secs, k, tr.busy);
	print_time("-unlink", tu.secs, k, tu.busy);
	return finish("", t0, now() - t0, 3 * (k + 1), &before);
}

static int cmd_copy(char **argv)
{
	static char buf[COPY_BUF];
	struct disk before;
	double t0, secs;
	ssize_t n, w, off;
	long mib = 0;
	int in, out;

	if (start(&before, &t0))
		return 1;
	in = open(argv[0], O_RDONLY);
	if (in < 0)
		return fail("open", argv[0]);
	out = open(argv[1], O_CREAT | O_EXCL | O_WRONLY, 0644);
	if (out < 0)
		return fail("create", argv[1]);
	while ((n = read(in, buf, sizeof(buf))) > 0) {
		for (off = 0; off < n; off += w) {
			w = write(out, buf + off, n - off);
			if (w < 0)
				return fail("write", argv[1]);
		}
		mib++;
	}
	if (n < 0)
		return fail("read", argv[0]);
	if (fsync(out))
		return fail("fsync", argv[1]);
	if (close(out))
		return fail("close", argv[1]);
	close(in);
	secs = now() - t0;
	return finish("", t0, secs, mib, &before);
}

static int cmd_run(char **argv)
{
	struct disk before;
	double t0, secs;
	int status;
	pid_t pid;

	if (start(&before, &t0))
		return 1;
	pid = fork();
	if (pid < 0)
		return fail("fork", argv[0]);
	if (!pid) {
		execvp(argv[0], argv);
		fprintf(stderr, "bench: exec %s: %s\n", argv[0],
			strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return fail("waitpid", argv[0]);
	secs = now() - t0;
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "bench: %s: exit status 0x%x\n", argv[0],
			status);
		return 1;
	}
	return finish("", t0, secs, 1, &before);
}

int main(int argc, char **argv)
{
	const char *cmd;
	int opt, n;

	while ((opt = getopt(argc, argv, "+w:m:Sd:")) != -1) {
		switch (opt) {
		case 'w':
			wl_name = optarg;
			break;
		case 'm':
			mnt = optarg;
			break;
		case 'S':
			sync_timed = 1;
			break;
		case 'd':
			disk_stat = optarg;
			break;
		default:
			return usage();
		}
	}
	if (optind >= argc)
		return usage();
	cmd = argv[optind];
	argv += optind + 1;
	n = argc - optind - 1;
	if (!wl_name)
		wl_name = cmd;
	setvbuf(stdout, NULL, _IOLBF, 0);
	busy_init();
	if (!strcmp(cmd, "walk") && n == 2)
		return cmd_walk(argv);
	if (!strcmp(cmd, "stat") && n == 1)
		return cmd_stat(argv);
	if (!strcmp(cmd, "dirops") && n == 2)
		return cmd_dirops(argv);
	if (!strcmp(cmd, "copy") && n == 2)
		return cmd_copy(argv);
	if (!strcmp(cmd, "run") && n >= 1)
		return cmd_run(argv);
	return usage();
}
