# The full run of bench/results/2026-12-03-tcg-b3808bd.md (55 minutes on the
# 2-CPU host with nothing else running), at repository commit 2e432a6 with
# build/linux at b3808bd8e4f4 (series/v1 as committed there, 13 patches):
make bench BENCH_NAME=s4
# which builds build/kernels/patched.bzImage from build/linux, then runs
# 'bench/bench.sh full'; BENCH_NAME only names the run's folder and logs
# (build/bench/bench-full-s4/, build/logs/vm/bench-full-s4-*).
