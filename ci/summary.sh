#!/usr/bin/env bash
# Read every KTAP results file under build/results and print the failures,
# a count per file and the closing line 'N passed, N failed'. Exits non-zero
# if anything failed or nothing ran.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

passed=0 failed=0
shopt -s nullglob
files=("$RESULTS"/*.tap)
[ ${#files[@]} -gt 0 ] || die "no results in $RESULTS: nothing ran"
echo "== results =="
for f in "${files[@]}"; do
	p=$(grep -c '^ok ' "$f" || true)
	n=$(grep -c '^not ok ' "$f" || true)
	printf '%-40s %4d passed %4d failed\n' "$(basename "$f" .tap)" "$p" "$n"
	passed=$((passed + p))
	failed=$((failed + n))
done
if [ "$failed" -gt 0 ]; then
	echo "== failures =="
	grep -h '^not ok ' "${files[@]}"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
