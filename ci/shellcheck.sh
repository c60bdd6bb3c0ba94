#!/usr/bin/env bash
# Run shellcheck on every shell script of the project; one result per script.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"

need shellcheck git
tap_open shellcheck
cd "$TOP"
while IFS= read -r f; do
	if out=$(shellcheck "$f" 2>&1); then
		tap_result 0 "shellcheck $f"
	else
		echo "$out" >&2
		tap_result 1 "shellcheck $f" "$(echo "$out" | grep -c '^In ') findings"
	fi
done < <({ git ls-files -co --exclude-standard -- '*.sh'; git ls-files -co --exclude-standard -- .ci/run vm/guest/init vm/debian/guest/itest-init; } | sort -u)
tap_close
