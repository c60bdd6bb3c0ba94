# The two runs of bench/results/2026-12-04-tcg-{47f242a,6e6f5c4}-dirops.md,
# at repository commit a70d984 (series/v1 with 14 patches), one after the
# other on the 2-CPU host with nothing else running (4 and 16 minutes).
# 14 patches: build/kernels/patched.bzImage built from build/linux at
# 47f242a7186e by 'make bench':
BENCH_FILES=2000 BENCH_COPY_MB=16 BENCH_OPS=100,100,100,100 \
	make bench BENCH_NAME=s6-dirops
# 13 patches: the same tree at its parent 6e6f5c43a41c, built with
# 'ci/build-kernel.sh patched' and copied to build/kernels/patched13.bzImage:
BENCH_KERNEL=$PWD/build/kernels/patched13.bzImage BENCH_SERIES=6e6f5c43a41c \
	BENCH_NAME=s6-dirops-13 BENCH_FILES=2000 BENCH_COPY_MB=16 \
	BENCH_OPS=100,100,100,100 bench/bench.sh full
