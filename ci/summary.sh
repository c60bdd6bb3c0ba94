#!/usr/bin/env bash
# Read every KTAP results file of the given bases (default: the selected
# one, BASE=...) and print the failures, a count per file and the closing
# line 'N passed, N failed'. A base other than mainline has its files named
# BASE/NAME. Exits non-zero if anything failed or nothing ran.
#   usage: summary.sh [BASE...]   (run-tests.sh gives every base)
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

[ $# -gt 0 ] || set -- "$BASE"
passed=0 failed=0 known=0
files=() labels=() dirs=()
shopt -s nullglob
for b in "$@"; do
	[ -f "$TOP/ci/bases/$b.env" ] || die "unknown base '$b' (bases: $(bases | paste -sd ' '))"
	if [ "$b" = "$BASE" ]; then d=$RESULTS; else d=$(base_build "$b")/results; fi
	dirs+=("${d#"$TOP"/}")
	prefix=
	[ "$b" = mainline ] || prefix=$b/
	for f in "$d"/*.tap; do
		files+=("$f")
		labels+=("$prefix$(basename "$f" .tap)")
	done
done
[ ${#files[@]} -gt 0 ] || die "no results in ${dirs[*]}: nothing ran"
echo "== results =="
for i in "${!files[@]}"; do
	p=$(grep -c '^ok ' "${files[$i]}" || true)
	n=$(grep '^not ok ' "${files[$i]}" | grep -vc ' # TODO ' || true)
	t=$(grep -c '^not ok .* # TODO ' "${files[$i]}" || true)
	printf '%-40s %4d passed %4d failed%s\n' "${labels[$i]}" "$p" "$n" \
		"$([ "$t" -eq 0 ] || echo " $t known (TODO)")"
	passed=$((passed + p))
	failed=$((failed + n))
	known=$((known + t))
done
# lines RE: the result lines of every file that match RE, named by base
lines() {
	local i
	for i in "${!files[@]}"; do
		case ${labels[$i]} in
		*/*) grep -h "$1" "${files[$i]}" | sed "s|^|${labels[$i]%%/*}: |" || true ;;
		*) grep -h "$1" "${files[$i]}" || true ;;
		esac
	done
}
if [ "$known" -gt 0 ]; then
	echo "== known failures (KTAP TODO: expected, not counted as failed) =="
	lines '^not ok .* # TODO '
fi
if [ "$failed" -gt 0 ]; then
	echo "== failures =="
	lines '^not ok ' | grep -v ' # TODO ' || true
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
