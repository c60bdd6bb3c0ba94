# The full run of bench/results/2026-12-03-tcg.md (about 68 minutes on the
# shared 2-CPU host), with the kernel built from kernel tree commit
# 6c939dd8916f (series/v1 as committed at f5670cc) and saved before the
# tree moved on:
cp build/kernels/patched.bzImage build/bench/patched-6c939dd8916f.bzImage   # after 'ci/build-kernel.sh patched' at 6c939dd8916f
BENCH_KERNEL=build/bench/patched-6c939dd8916f.bzImage BENCH_SERIES=6c939dd8916f BENCH_TIMEOUT=6000 bench/bench.sh full
# Today the same is 'make bench' (builds the kernel from build/linux first).
