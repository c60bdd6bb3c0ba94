#!/usr/bin/env bash
# Gather the figures of the fault tests (build/faults/*.md, written by
# vm/tests/faults-{cuts,conc,hostile}.sh) into build/faults-report.md and
# print it.
#   usage: faults-report.sh
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"

[ $# -eq 0 ] || die "usage: ${0##*/}"
shopt -s nullglob
parts=()
for t in cuts conc hostile; do
	parts+=("$BUILD/faults/$t"-*.md)
done
[ ${#parts[@]} -gt 0 ] || die "no figures in $BUILD/faults: run 'make faults' first"
out=$BUILD/faults-report.md
{
	echo "# Faults: power cuts, concurrent changes, hostile images"
	echo
	echo "Generated $(date -u '+%F %T') UTC from ${parts[*]#"$BUILD/"}."
	echo
	cat "${parts[@]}"
} >"$out"
cat "$out"
log "figures in $out"
