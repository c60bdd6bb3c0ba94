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
