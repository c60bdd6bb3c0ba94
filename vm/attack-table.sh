#!/usr/bin/env bash
# Print the attack/defence table of the last VM run: one row per offline
# edit checked after the enforcing boot, with the result on each kernel.
#   usage: attack-table.sh SUITE   (e.g. harness: reads vm-SUITE-*-check.tap)
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"

[ $# -eq 1 ] || die "usage: ${0##*/} SUITE"
suite=$1
declare -A res=()
rows=()
# read_tap K FILE: the rows of one check boot's results on kernel K
read_tap() {
	local k=$1 f=$2 line desc ok cell
	while IFS= read -r line; do
		[[ $line =~ ^(not\ )?ok\ [0-9]+\ $suite-$k-(check|root):\ (.*)$ ]] || continue
		desc=${BASH_REMATCH[3]%% # *}
		ok=$([ -z "${BASH_REMATCH[1]}" ] && echo pass || echo FAIL)
		case $desc in
		"attack: "*" -> "*)
			# "attack: NAME -> OUTCOME": the cell is the outcome
			cell=${desc##* -> }
			desc=${desc% -> *}
			[ "$cell" != 0 ] || cell=unnoticed
			# what OP gives when nothing refuses it, e.g. ECONNREFUSED
			[ "$k" != base ] || [ "$cell" = unnoticed ] || [ "$cell" = EACCES ] ||
				cell="unnoticed ($cell)"
			[ "$ok" = pass ] || cell="$cell (FAIL)"
			;;
		*refused* | gap:*) cell=$ok ;;
		*) continue ;;
		esac
		[ -n "${res[$desc]+x}" ] || rows+=("$desc")
		res[$desc]=1
		res[$k:$desc]=$cell
	done <"$f"
}

kernels=()
for k in base patched; do
	# the suite's check boot, and the second disk's (attacks.sh)
	for f in "$RESULTS/vm-$suite-$k-check.tap" "$RESULTS/vm-$suite-$k-root.tap"; do
		[ ! -f "$f" ] || read_tap "$k" "$f"
	done
	# a column per kernel that ran (a stable base runs the patched one only)
	for f in "$RESULTS/vm-$suite-$k-check.tap" "$RESULTS/vm-$suite-$k-root.tap"; do
		if [ -f "$f" ]; then kernels+=("$k") && break; fi
	done
done
[ ${#rows[@]} -gt 0 ] || die "no $suite check results in $RESULTS: run the suite first"
line=$(printf '| %-60s |' "offline edit, checked in enforce mode")
rule="|$(printf -- '-%.0s' {1..62})|"
for k in "${kernels[@]}"; do
	line+=$(printf ' %-14s |' "$k kernel")
	rule+="----------------|"
done
printf '%s\n%s\n' "$line" "$rule"
for d in "${rows[@]}"; do
	line=$(printf '| %-60s |' "$d")
	for k in "${kernels[@]}"; do
		line+=$(printf ' %-14s |' "${res[$k:$d]:--}")
	done
	printf '%s\n' "$line"
done
