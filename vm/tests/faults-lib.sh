# shellcheck shell=bash
# Helpers of the fault tests (vm/tests/faults-*.sh), sourced after ci/tap.sh.

# expect DESC WHY CMD...: one result, ok if CMD succeeds (WHY: the reason
# recorded when it does not)
expect() {
	local desc=$1 why=$2
	shift 2
	if "$@"; then
		tap_result 0 "$desc"
	else
		tap_result 1 "$desc" "$why"
	fi
}
