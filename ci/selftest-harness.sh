#!/usr/bin/env bash
# Show that the harness fails loudly on bad input: a patch that does not
# apply, a checkpatch warning added to a patch, a guest that panics, a guest
# that hangs, a missing package and a vanished pinned version must each make
# the responsible script fail with a message naming the cause; and that the
# known failures of open review findings (vm/findings/open) neither hide
# other failures nor outlive their finding. Runs in the
# scratch worktree and a private results folder; never touches the real ones.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"

ver=$(series_version)
first=$(find "$SERIES/$ver" -name '0001-*.patch' -print -quit)
[ -n "$first" ] || die "$BASE_SERIES/$ver has no 0001 patch"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$TOP/ci/scratch-tree.sh"
tap_open harness-selftest

# expect_fail DESC PATTERN CMD...: CMD must exit non-zero and print PATTERN
expect_fail() {
	local desc=$1 pat=$2 rc=0
	shift 2
	"$@" >"$tmp/out" 2>&1 || rc=$?
	if [ "$rc" -ne 0 ] && grep -qE -- "$pat" "$tmp/out"; then
		tap_result 0 "$desc"
	else
		sed 's/^/    /' "$tmp/out" >&2
		tap_result 1 "$desc" "exit $rc, output does not match '$pat'"
	fi
}

# 1. A patch whose context no longer matches the base.
mkdir -p "$tmp/broken"
cp "$SERIES/$ver"/*.patch "$tmp/broken/"
awk 'BEGIN { done = 0 }
	/^@@ / { inhunk = 1 }
	inhunk && !done && /^ ./ { print " CORRUPTED CONTEXT LINE"; done = 1; next }
	{ print }' "$first" >"$tmp/broken/${first##*/}"
expect_fail "a patch that does not apply stops 'make tree', naming the patch" \
	"patch .*${first##*/} does not apply" \
	env KTREE="$SCRATCH" SERIES_DIR="$tmp/broken" APPLY_BRANCH=selftest \
	"$TOP/ci/apply-series.sh"
git -C "$SCRATCH" checkout -q -f --detach "$BASE_TAG"

# 2. A checkpatch warning added to a patch (an over-long commit log line).
mkdir -p "$tmp/warn"
cp "$SERIES/$ver"/*.patch "$tmp/warn/"
awk '!done && /^$/ && hdr { print; print "This line is deliberately much longer than seventy-five characters, which checkpatch flags."; done = 1; next }
	/^Subject:/ { hdr = 1 } { print }' "$first" >"$tmp/warn/${first##*/}"
expect_fail "a checkpatch warning added to a patch fails the checkpatch check" \
	"WARNING" env SERIES_DIR="$tmp/warn" RESULTS="$tmp/results" LOGS="$tmp/logs" \
	"$TOP/static-analysis/checkpatch.sh"

# 3. A guest that panics (no init to run).
kernel=$BUILD/kernels/base.bzImage
expect_fail "a guest that panics is a failure naming the panic" "Kernel panic" \
	env RESULTS="$tmp/results" LOGS="$tmp/logs" APPEND="rdinit=/nonexistent" \
	"$TOP/vm/run-qemu.sh" selftest-panic "$kernel" probe

# 4. A guest that does not finish in time.
expect_fail "a guest that passes its time limit is a failure" "timed out" \
	env RESULTS="$tmp/results" LOGS="$tmp/logs" TIMEOUT=1 \
	"$TOP/vm/run-qemu.sh" selftest-timeout "$kernel" probe

# 5. A missing package (debugfs out of PATH).
expect_fail "a missing tool stops with 'make deps' in the message" \
	"'debugfs' not found: run 'make deps'" \
	env PATH=/usr/bin:/bin "$TOP/vm/offline.sh" /dev/null modify /x

# 6. A pinned base version that apt no longer offers.
expect_fail "a vanished pinned version stops 'make fetch' naming the pin" \
	"cannot download $BASE_PKG at the pinned version 0.0-0" \
	env BUILD="$tmp/build" BASE_VERSION=0.0-0 "$TOP/ci/fetch-base.sh"

# 7-9. Findings: ci/tap.sh's tap_finding and tap_finding_closed, in a
# shell of their own with a private results folder.
# findings_tap OPEN STATUS: one check of finding B99 with STATUS, B99 open
# or not as OPEN says; the closing check; exit as tap_close does
findings_tap() {
	RESULTS=$tmp/results-f bash -c '. "$1"; tap_open findings-selftest
		tap_finding "$2" B99 "$3" "B99: a check"
		tap_finding_closed $2
		tap_close' - "$TOP/ci/tap.sh" "$1" "$2"
}
expect_fail "a listed finding whose checks all pass fails, naming vm/findings/open" \
	"remove its line from vm/findings/open" findings_tap B99 0
expect_fail "a failing check of a finding that is not listed fails" \
	"not ok 1 B99: a check" findings_tap "" 1
rc=0
findings_tap B99 1 >"$tmp/out" 2>&1 || rc=$?
[ "$rc" -eq 0 ] && grep -q '^not ok 1 B99: a check # TODO B99 is open' "$tmp/out"
tap_result $? "a failing check of a listed finding is a known failure (TODO)" "exit $rc: $(tr '\n' ' ' <"$tmp/out")"

tap_close
