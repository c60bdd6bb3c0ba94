# shellcheck shell=bash
# Result recording for host-side checks, sourced by the check scripts.
# Each check script writes one KTAP file under build/results/ with
#   tap_open NAME        start build/results/NAME.tap
#   tap_result 0|1 DESC [REASON]   record ok / not ok
#   tap_todo DESC REASON  record a known failure: 'not ok ... # TODO REASON',
#                         which KTAP counts as expected and no check fails on
#   tap_close            write the plan; return non-zero if anything failed
# ci/summary.sh reads every results file and prints 'N passed, N failed'.

TAP_FILE=
TAP_N=0
TAP_FAILED=0

tap_open() {
	mkdir -p "$RESULTS"
	TAP_FILE=$RESULTS/$1.tap
	TAP_N=0
	TAP_FAILED=0
	TAP_FINDING_FAILS=()
	: >"$TAP_FILE.part"
}

tap_result() {
	local st=$1 desc=$2 reason=${3:-}
	TAP_N=$((TAP_N + 1))
	if [ "$st" -eq 0 ]; then
		printf 'ok %d %s\n' "$TAP_N" "$desc" | tee -a "$TAP_FILE.part"
	else
		TAP_FAILED=$((TAP_FAILED + 1))
		printf 'not ok %d %s%s\n' "$TAP_N" "$desc" "${reason:+ # $reason}" |
			tee -a "$TAP_FILE.part"
	fi
}

tap_todo() {
	TAP_N=$((TAP_N + 1))
	printf 'not ok %d %s # TODO %s\n' "$TAP_N" "$1" "$2" | tee -a "$TAP_FILE.part"
}

tap_close() {
	{
		printf 'KTAP version 1\n1..%d\n' "$TAP_N"
		cat "$TAP_FILE.part"
	} >"$TAP_FILE"
	rm -f "$TAP_FILE.part"
	[ "$TAP_FAILED" -eq 0 ]
}

# tap_finding OPEN FINDING STATUS DESC [REASON]: a result of a test of a
# review finding (B1, B2, ..., D1, ...; empty: none). When FINDING is one of the
# words of OPEN (findings_open: not closed by the series under test), a
# failure is recorded as known (TODO) and counted in TAP_FINDING_FAILS;
# tap_finding_closed then checks the finding still fails at all.
declare -gA TAP_FINDING_FAILS=()
tap_finding() {
	local open=" $1 " f=$2 st=$3 desc=$4 reason=${5:-}
	if [ -n "$f" ] && [[ $open == *" $f "* ]]; then
		TAP_FINDING_FAILS[$f]=$((${TAP_FINDING_FAILS[$f]:-0} + (st != 0)))
		if [ "$st" -ne 0 ]; then
			tap_todo "$desc" "$f is open in this series (vm/findings/open)${reason:+; $reason}"
			return
		fi
	fi
	tap_result "$st" "$desc" "$reason"
}

# tap_finding_closed FINDING...: for each open FINDING whose results were
# recorded, one result: it still fails somewhere (else vm/findings/open is
# stale: the finding is closed and its line must go)
tap_finding_closed() {
	local f
	for f in "$@"; do
		[ -n "${TAP_FINDING_FAILS[$f]+set}" ] || continue
		tap_result "$([ "${TAP_FINDING_FAILS[$f]}" -gt 0 ] && echo 0 || echo 1)" \
			"$f: still open (fails as vm/findings/open says)" \
			"every check of $f passed: it is closed, remove its line from vm/findings/open"
	done
}
