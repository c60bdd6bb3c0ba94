# The run of bench/results/2026-12-06-icount-v1-v2wip.md (25 minutes per
# kernel on the shared 2-CPU host, with VM tests and kernel builds beside
# it for most of it: the CPU-time figures are instruction-counted):
# series v1 (14 patches, kernel tree d59704fc9763) against the v2 WIP tree
# (series/wip/v2 as of commit 4b14068 of this repository: 33 patches,
# kernel tree 2e664ac44477, before the review fixes and the entry type in
# the terms, which add one byte to each term's message), on a reduced
# tree (10 000 files, 64 MiB copy) so that both fit in one session:
BENCH_REPS=3 BENCH_FILES=10000 BENCH_COPY_MB=64 bench/kernels.sh \
	v1=/root/.cache/ima-dir-integrity/kernels/v1-7.2.bzImage@d59704fc9763 \
	v2wip=/root/.cache/ima-dir-integrity/kernels/v2-wip.bzImage@2e664ac44477
# The kernels: ci/build-kernel.sh patched on each tree (sha256 d52abb417c61
# and 33b0289d8c69).
