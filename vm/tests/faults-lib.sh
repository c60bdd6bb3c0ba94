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

# boot NAME KERNEL TEST DISK...: vm/run-qemu.sh, plus one result: whether
# the boot wrote its results file. run-qemu.sh stops before it does when
# the guest never prints that its test script ended (a hang, a panic),
# leaving only RESULTS/vm-NAME.tap.part, which no summary reads.
boot() {
	local n=$1 rc=0
	rm -f "$RESULTS/vm-$n.tap.part"
	"$TOP/vm/run-qemu.sh" "$@" || rc=$?
	expect "boot $n: the guest finished and its results were recorded" \
		"partial results in $RESULTS/vm-$n.tap.part, see $LOGS/vm/$n.console" \
		[ ! -e "$RESULTS/vm-$n.tap.part" ]
	return "$rc"
}
