#!/usr/bin/env bash
# Line coverage of the series (issue 15): build the coverage kernel (the
# patched kernel with gcov profiling of the .c files the series changes),
# run the VM suites on it with every boot's counters copied out
# (GCOV_DIR, vm/guest/init), and report the lines reached per file and of
# the lines the series adds (vm/coverage-report.py). Not part of make
# test: the suites it runs are already there, and the figure is a
# measurement (here, 2026-12-04: 3 min 37 s with the coverage kernel
# built, whose first build took 5 min 25 s). Its results and logs stay
# apart from the suite's, in build/coverage/. The power-cut tests are not
# run: a guest killed mid-way cannot copy its counters out.
#   usage: coverage.sh
# Result: build/coverage/report.md
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"

[ $# -eq 0 ] || die "usage: ${0##*/}"
need python3 gcov
out=$BUILD/coverage
rm -rf "$out"
mkdir -p "$out"
"$TOP/ci/build-kernel.sh" patched gcov
"$TOP/vm/mkinitramfs.sh" "$BUILD/vm/initramfs.cpio.gz"
export GCOV_DIR=$out/gcda RESULTS=$out/results LOGS=$out/logs
k=patched-gcov
kernel=$BUILD/kernels/$k.bzImage
start=$(date +%s)
rc=0
suite() {
	log "coverage: $*"
	"$@" >>"$out/suites.log" 2>&1 || { rc=1; log "coverage: failed: $* (see $out/suites.log)"; }
}
suite "$TOP/vm/tests/attacks.sh" "$k"
suite "$TOP/vm/tests/changes.sh" "$k"
suite "$TOP/vm/tests/tool.sh" "$k"
suite "$TOP/vm/tests/selftest.sh" "$k"
suite "$TOP/vm/tests/findings.sh" "$k"
suite "$TOP/vm/tests/kunit.sh" "$kernel"
suite "$TOP/vm/run-qemu.sh" policy-gcov "$kernel" policy
suite env FAULTS_SECS=15 "$TOP/vm/tests/faults-conc.sh" "$k"
suite env FAULTS_BIG=10000 "$TOP/vm/tests/faults-hostile.sh" "$k"
log "coverage: suites ran in $(($(date +%s) - start)) s"
"$TOP/vm/coverage-report.py" "$KTREE" "$BUILD/obj/$k" "$BASE_TAG" "$GCOV_DIR" "$out/report.md"
# A failed suite still leaves the counters of the boots it made; the exit
# status says whether every suite passed.
[ "$rc" -eq 0 ] || log "coverage: some suites failed on the coverage kernel: see $out/results and $out/suites.log"
exit "$rc"
