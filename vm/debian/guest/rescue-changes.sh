#!/bin/sh
# Stage 'rescue-changes' (itest.policy=keyonly: a boot whose policy failed
# to load; itest.policy=none: a rescue boot without key or policy): the
# changes such a boot makes, in directories the protected boots appraise.
# The next protected boot checks them (drift-check.sh).
# shellcheck source=vm/guest/lib.sh
. /usr/local/lib/itest/lib.sh
plan 5
pol=$(cat /sys/kernel/security/ima/policy) && [ -z "$pol" ]
result $? "no IMA policy is loaded (EVM: $(cat /sys/kernel/security/evm))" "policy: $pol"
ok_run "a log file written in /var/log" sh -c 'echo rescue >/var/log/rescue.log'
ok_run "a directory made and a file removed in /tmp" \
	sh -c 'mkdir /tmp/rescue && : >/tmp/rescue/x && : >/tmp/gone && rm /tmp/gone'
ok_run "usermod rewrites /etc/passwd (rename of a new file over it)" usermod -c rescued alice
ok_run "a file written in /root" sh -c 'echo rescued >/root/rescue.txt'
