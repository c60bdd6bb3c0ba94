#!/bin/sh
# Stage 'drift-check' (enforce mode), the protected boot after a boot
# without the policy (rescue-changes.sh), as itest.drift= says:
#   keyonly     the EVM key was loaded, the policy was not: the changed
#               directories must be usable, with the changes (D1, issue 16:
#               digests kept current while the key is loaded)
#   nokey       neither was loaded: the changed directories are refused
#               like an offline change (no kernel could have followed them)
#   relabelled  after the documented recovery (a relabelling boot): usable
# Only directories are judged: the regular files the boot wrote have no
# security.ima (stock IMA labels new files only under a policy), and are
# only looked up here, never read.
# shellcheck source=vm/guest/lib.sh
. /usr/local/lib/itest/lib.sh
plan 7
appraisal_on "$(cmdline_value itest.uuid)"
drift=$(cmdline_value itest.drift)
case $drift in
keyonly) p="D1: " want=0 ;;
nokey) p="without the key: " want=EACCES ;;
relabelled) p="after relabelling: " want=0 ;;
*) p="itest.drift='$drift' (keyonly, nokey or relabelled): " want=none ;;
esac
for d in /var/log /tmp /etc /root; do
	expect_err "$want" list "$d" "${p}$d lists as expected ($want) after a boot without the policy changed it"
done
if [ "$want" = 0 ]; then
	[ -f /var/log/rescue.log ] && [ -f /tmp/rescue/x ] && [ -f /root/rescue.txt ] && [ ! -e /tmp/gone ]
	result $? "${p}the changes of that boot are there"
	dir_refusals_none "${p}no directory or special file is refused"
else
	! [ -e /var/log/rescue.log ] && ! [ -e /root/rescue.txt ]
	result $? "${p}nothing below the refused directories is reachable"
	audit_any /var/log "${p}the refusal of /var/log is audited"
fi
