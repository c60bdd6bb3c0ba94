# The run of bench/results/2026-12-07-icount-v1-v2.md (and of the two
# kernels' full reports, 2026-12-07-icount-v1.md and -v2.md): 19 minutes
# per kernel on the shared 2-CPU host (a kernel build and VM tests beside
# it part of the time: the CPU-time figures are instruction-counted), the
# first run on QEMU's "max" CPU (BENCH_CPU's default) with
# CONFIG_CRC_OPTIMIZATIONS in both kernels (vm/kernel-mainline.config):
# series v1 (14 patches, kernel tree d59704fc9763) against series v2
# (16 patches, kernel tree 175e98b67728; the exported series then changed
# only in patch 12's comparison, crypto_memneq() on a struct evm_xattr,
# in patch 9's wiping of a copy of the state on an error path, and in
# comments and messages: kernel tree e72e8a0c91c8), on the reduced
# tree (10 000 files, 64 MiB copy) of the earlier v1/v2 comparisons:
BENCH_REPS=3 BENCH_FILES=10000 BENCH_COPY_MB=64 bench/kernels.sh \
	v1=/root/.cache/ima-dir-integrity/kernels/v1-d59704fc9763-crc.bzImage@d59704fc9763 \
	v2=/root/.cache/ima-dir-integrity/kernels/v2-175e98b67728.bzImage@175e98b67728
# The kernels: ci/build-kernel.sh patched on each tree (sha256 f7e75106c7e3
# and 25b075a50c35).
