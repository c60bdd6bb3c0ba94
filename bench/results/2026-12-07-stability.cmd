bench/stability.sh
# defaults: STAB_HOG=build BENCH_ICOUNT=1 BENCH_FILES=5000 BENCH_COPY_MB=32 BENCH_REPS=3 BENCH_SIZES=10,1000,10000 BENCH_OPS=100,100,100,
# and BENCH_CPU=max (the benchmark's default since 2026-12-07)
# kernel: BENCH_KERNEL=/root/.cache/ima-dir-integrity/kernels/v2-e72e8a0c91c8.bzImage (series v2 as exported,
# kernel tree e72e8a0c91c8, with vm/kernel-mainline.config), sha256 c504e0a74c69; 2026-12-07, 28 min
