# The full run of bench/results/2026-12-06-icount-v1.md (60 minutes on the
# shared 2-CPU host, nothing else running), -icount CPU time, seven
# configurations (a)-(f), series v1 (14 patches) on mainline 7.2.13.
# The kernel was built from kernel tree commit d59704fc9763 (series/v1 as
# exported in series/v1, 'make apply BASE=mainline' then
# 'ci/build-kernel.sh patched') and saved before the tree moved on to v2:
cp build/kernels/patched.bzImage /work/kernels/v1-7.2.bzImage
BENCH_KERNEL=/work/kernels/v1-7.2.bzImage BENCH_SERIES=d59704fc9763 \
	BENCH_REPS=3 bench/bench.sh full
# The repository was at 529cad8 with uncommitted changes to vm/ only (the
# B19 finding test, 264743c), which the benchmark does not run.
# Today 'make bench BENCH_REPS=3' does the same from build/linux.
# Superseded for the per-operation figures by 2026-12-06-icount-v1-2.md:
# here "one create/rename/unlink" includes the first change after the
# cold mount (which reads the directory) spread over the operations
# (100, or 10 at 100 000 entries), so v1's create at 100 000 entries
# (397 ms) and the growth of (a) are artifacts. The whole-workload
# figures agree with the second run.
