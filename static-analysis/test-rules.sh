#!/usr/bin/env bash
# Self-test of the project's Coccinelle rules (static-analysis/*.cocci): each
# rule R.cocci runs on static-analysis/tests/R.c, and the lines it reports
# must be exactly the lines marked /* EXPECT */ there.
#   usage: test-rules.sh
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"
# shellcheck source=static-analysis/common.sh
. "$TOP/static-analysis/common.sh"

need spatch
fail=0
for rule in "$SA"/*.cocci; do
	name=${rule##*/}
	case=$SA/tests/${name%.cocci}.c
	[ -f "$case" ] || die "no test cases for $name: write ${case#"$TOP"/}"
	want=$(grep -n '/\* EXPECT \*/' "$case" | cut -d: -f1 | sort -n | paste -sd ' ' -)
	got=$(spatch -D report --no-show-diff --very-quiet --no-includes --include-headers \
		--cocci-file "$rule" "$case" 2>&1 | sed -En 's/^[^:]+\.c:([0-9]+):.*/\1/p' | sort -nu | paste -sd ' ' -)
	if [ "$want" = "$got" ]; then
		printf 'ok: %s reports lines %s\n' "$name" "$got"
	else
		printf 'FAIL: %s reports lines [%s], expected [%s]\n' "$name" "$got" "$want" >&2
		fail=1
	fi
done
[ "$fail" -eq 0 ] || die "a project Coccinelle rule does not do what its test cases say"
