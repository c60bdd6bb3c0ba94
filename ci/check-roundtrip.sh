#!/usr/bin/env bash
# Check that the selected base's series/vN (series/stable-6.12/vN for
# BASE=stable-6.12) is exactly what 'make export' produces from the kernel
# tree, and that its mbox applied to a fresh base, with git am --empty=drop
# (the cover letter is an empty message) and with b4 am, gives the kernel
# tree's tree exactly.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"

need git b4
ver=$(series_version)
rel=$BASE_SERIES/$ver
mbox=$SERIES/$ver.mbox
[ -f "$mbox" ] || die "no $BASE_SERIES/$ver.mbox: run 'make export BASE=$BASE'"
"$TOP/ci/scratch-tree.sh"
sgit() { git -C "$SCRATCH" "$@"; }
want=$(git -C "$KTREE" rev-parse 'HEAD^{tree}')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tap_open "roundtrip-$ver"

SERIES_OUT=$tmp/export "$TOP/ci/export-series.sh" "${ver#v}" 2>"$tmp/export.log" || true
if diff -r "$SERIES/$ver" "$tmp/export/$ver" >"$tmp/diff" 2>&1 &&
	cmp -s "$mbox" "$tmp/export/$ver.mbox"; then
	tap_result 0 "$rel equals what 'make export' produces"
else
	cat "$tmp/export.log" "$tmp/diff" >&2 || true
	tap_result 1 "$rel equals what 'make export' produces" \
		"differs: run 'make export BASE=$BASE' and commit, or 'make apply BASE=$BASE' to drop unexported commits"
fi

GIT_COMMITTER_NAME=$PATCH_NAME GIT_COMMITTER_EMAIL=$PATCH_EMAIL
export GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
sgit checkout -q -f -B roundtrip "$BASE_TAG"
if sgit am -q --empty=drop "$mbox" >"$tmp/am.log" 2>&1 && [ "$(sgit rev-parse 'HEAD^{tree}')" = "$want" ]; then
	tap_result 0 "git am of $ver.mbox on $BASE_TAG reproduces the kernel tree"
else
	cat "$tmp/am.log" >&2
	sgit am --abort >/dev/null 2>&1 || true
	tap_result 1 "git am of $ver.mbox on $BASE_TAG reproduces the kernel tree" \
		"tree differs or am failed (see above)"
fi

# b4 0.12 needs a threaded mbox, an existing output folder and to run inside
# the kernel tree (to know the base commit).
mkdir -p "$tmp/b4"
sgit checkout -q -f -B roundtrip-b4 "$BASE_TAG"
if (cd "$SCRATCH" && b4 --offline-mode am -n series -m "$mbox" -o "$tmp/b4") >"$tmp/b4.log" 2>&1 &&
	sgit am -q "$tmp/b4/series.mbx" >>"$tmp/b4.log" 2>&1 &&
	[ "$(sgit rev-parse 'HEAD^{tree}')" = "$want" ]; then
	tap_result 0 "b4 am of $ver.mbox on $BASE_TAG reproduces the kernel tree"
else
	cat "$tmp/b4.log" >&2
	sgit am --abort >/dev/null 2>&1 || true
	tap_result 1 "b4 am of $ver.mbox on $BASE_TAG reproduces the kernel tree" "see above"
fi
sgit checkout -q -f --detach "$BASE_TAG"
tap_close
