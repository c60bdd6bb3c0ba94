// SPDX-License-Identifier: GPL-2.0
/*
 * tsc-khz - print the host's TSC frequency in kHz, for the benchmark
 * guest's tsc_early_khz= (bench/bench.sh).
 *
 * A QEMU guest reads the host's TSC (TCG counts host ticks, KVM passes
 * the counter through). The guest kernel calibrates it against the PIT
 * at boot, and on a loaded host that calibration can fail ("tsc: Unable
 * to calibrate against PIT"): the guest then drops the TSC and keeps time
 * in 4 ms jiffies, which makes its timings useless. Handing the guest the
 * frequency skips that calibration.
 *
 * The frequency is measured here against CLOCK_MONOTONIC_RAW over
 * 5 windows of 100 ms; a window whose clock reads were more than 20 us
 * apart (the process was preempted between them) is measured again. The
 * median of the 5 is printed.
 *
 * Exit status: 0 on success, 1 if no clean window could be measured or the
 * counter does not advance.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define WINDOWS		5
#define WINDOW_NS	100000000LL
#define MAX_GAP_NS	20000LL
#define TRIES		50

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static uint64_t rdtsc(void)
{
	uint32_t lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

/* One TSC reading with the clock time around it; 0 if preempted. */
static int sample(uint64_t *tsc, int64_t *ns)
{
	int64_t t0, t1;

	t0 = now_ns();
	*tsc = rdtsc();
	t1 = now_ns();
	*ns = t0 + (t1 - t0) / 2;
	return t1 - t0 <= MAX_GAP_NS;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(void)
{
	double khz[WINDOWS];
	int n = 0, tries = 0;

	while (n < WINDOWS && tries++ < TRIES) {
		uint64_t c0, c1;
		int64_t t0, t1;
		struct timespec pause = { 0, WINDOW_NS };

		if (!sample(&c0, &t0))
			continue;
		nanosleep(&pause, NULL);
		if (!sample(&c1, &t1) || c1 <= c0 || t1 <= t0)
			continue;
		khz[n++] = (double)(c1 - c0) * 1e6 / (double)(t1 - t0);
	}
	if (n < WINDOWS) {
		fprintf(stderr,
			"tsc-khz: no clean measurement in %d tries (host too loaded, or no TSC)\n",
			TRIES);
		return 1;
	}
	qsort(khz, n, sizeof(khz[0]), cmp);
	printf("%.0f\n", khz[n / 2]);
	return 0;
}
