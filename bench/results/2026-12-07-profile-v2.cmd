# The runs of bench/results/2026-12-07-profile-v2.md. The images: a small
# benchmark run of series v2 as committed on 2026-12-07 (kernel tree
# 953a2d1abe82, QEMU's default CPU):
BENCH_NAME=prof BENCH_REPS=1 BENCH_FILES=10000 BENCH_COPY_MB=16 \
	BENCH_SIZES=10,1000 BENCH_OPS=20,20 \
	BENCH_KERNEL=/root/.cache/ima-dir-integrity/kernels/v2-953a2d1abe82.bzImage \
	BENCH_SERIES=953a2d1abe82 BENCH_CPU= bench/bench.sh full
# Profiles 1 and 2 (2 with QEMU_CPU=max: BENCH_CPU did not exist yet):
bench/profile.sh bench-full-prof /root/.cache/ima-dir-integrity/kernels/v2-953a2d1abe82.System.map
# Profiles 3 and 4: copies of that run's b.img, c.img and tree.tar in
# build/bench/bench-full-prof2/, with the kernel built from 85b078e2562b
# (3) and from 175e98b67728 (4) as its patched.bzImage (ci/build-kernel.sh
# patched, with vm/kernel-mainline.config):
bench/profile.sh bench-full-prof2 /root/.cache/ima-dir-integrity/kernels/v2-85b078e2562b.System.map
bench/profile.sh bench-full-prof2 /root/.cache/ima-dir-integrity/kernels/v2-175e98b67728.System.map
# Profile 5: the same with the kernel of e72e8a0c91c8 (series/v2 as
# exported), the guest also running 200 create/rename/unlink cycles in
# the directories of 10 and 1 000 entries (PROFILE_DIRS, default 10,1000):
bench/profile.sh bench-full-prof2 /root/.cache/ima-dir-integrity/kernels/v2-e72e8a0c91c8.System.map
