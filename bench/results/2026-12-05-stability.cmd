bench/stability.sh
# defaults: STAB_HOG=build BENCH_ICOUNT=1 BENCH_FILES=5000 BENCH_COPY_MB=32 BENCH_REPS=3 BENCH_SIZES=10,1000,10000 BENCH_OPS=100,100,100
# kernel: build/kernels/patched.bzImage (series v1, kernel tree d59704fc9763, CONFIG_SCHEDSTATS=y), sha256 55228d6153e2; 2026-12-05, 25 min 48 s
