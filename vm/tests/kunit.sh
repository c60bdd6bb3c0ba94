#!/usr/bin/env bash
# Boot the patched kernel and collect the series' KUnit suites, which run
# built in at boot and print KTAP on the console. Each test case becomes one
# result; a suite that did not run at all is a failure.
#   usage: kunit.sh KERNEL [SUITE...]   (results named after the kernel
#   file; without SUITE, the suites the applied series defines)
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../../ci/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"

[ $# -ge 1 ] || die "usage: ${0##*/} KERNEL [SUITE...]"
kernel=$1
name=kunit-$(basename "$kernel" .bzImage)
shift
if [ $# -eq 0 ]; then
	mapfile -t suites < <(series_kunit_suites)
	[ "${#suites[@]}" -gt 0 ] ||
		die "no KUnit suite in $KTREE/security/integrity/ima/*kunit*.c: run 'make tree'"
	set -- "${suites[@]}"
fi
rc=0
"$TOP/vm/run-qemu.sh" "$name" "$kernel" probe || rc=1
console=$LOGS/vm/$name.console

tap_open "$name"
for suite in "$@"; do
	# The suite's block: from "# Subtest: SUITE" to its "ok N SUITE" line.
	# awk reads to the end: an early exit would kill tr with SIGPIPE on
	# a long console, and pipefail would end the script.
	block=$(tr -d '\r' <"$console" | awk -v s="$suite" '
		done { next }
		$0 ~ "^ *# Subtest: " s "$" { on = 1; next }
		on && $0 ~ "^(not )?ok [0-9]+ " s "( |$)" { print "END " $0; done = 1; next }
		on { print }')
	if ! grep -q '^END ' <<<"$block"; then
		tap_result 1 "kunit $suite: suite ran" "no KTAP result for $suite in $console"
		continue
	fi
	while IFS= read -r line; do
		if [[ $line =~ ^\ +ok\ [0-9]+\ ([^ #]+)(.*)$ ]]; then
			tap_result 0 "kunit $suite: ${BASH_REMATCH[1]}${BASH_REMATCH[2]}"
		elif [[ $line =~ ^\ +not\ ok\ [0-9]+\ ([^ #]+) ]]; then
			tap_result 1 "kunit $suite: ${BASH_REMATCH[1]}" "see $console"
		fi
	done < <(grep -E '^    (not )?ok [0-9]+ ' <<<"$block")
	grep -q '^END ok ' <<<"$block"
	tap_result $? "kunit $suite: suite passed" "see $console"
done
tap_close || rc=1
exit "$rc"
