# The full run of bench/results/2026-12-06-icount-v1-2.md (75 minutes on
# the shared 2-CPU host, with kernel builds and VM tests beside it for
# most of it: the CPU-time figures are instruction-counted and agree with
# the first run's within its intervals), series v1 (14 patches) on
# mainline 7.2.13, with the benchmark as of commit da7466a (the first
# change of a cold directory timed apart, the crypto drivers named):
BENCH_KERNEL=/work/kernels/v1-7.2.bzImage BENCH_SERIES=d59704fc9763 \
	BENCH_REPS=3 bench/bench.sh full
# The kernel is the one of 2026-12-06-icount-v1.cmd (kernel tree
# d59704fc9763, sha256 55228d6153e2). The report's "repository" is the
# commit at the end of the run (329f8fd); bench/ and vm/helpers/bench.c
# did not change after da7466a.
