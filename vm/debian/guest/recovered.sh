#!/bin/sh
# Stage 'recovered' (enforce mode): after the admin undid an offline tamper
# from trusted media (debian-rescue.sh), the root boots and works again.
# shellcheck source=vm/guest/lib.sh
. /usr/local/lib/itest/lib.sh
plan 5
appraisal_on "$(cmdline_value itest.uuid)"
expect_err 0 list /usr/bin "/usr/bin lists"
[ "$(printf '1\n2\n' | tac | tr '\n' ' ')" = "2 1 " ]
result $? "tac is back in /usr/bin and runs"
out=$(dpkg --verify 2>&1) && [ -z "$out" ]
result $? "dpkg --verify is clean" "$(echo "$out" | head -n 3 | tr '\n' ' ')"
refusals_none "no integrity audit record of a refusal"
