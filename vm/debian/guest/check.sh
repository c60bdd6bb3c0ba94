#!/bin/sh
# Stage 'check' (enforce mode, the boot after 'admin'): the whole root is
# usable, and the admin's changes are there.
# shellcheck source=vm/guest/lib.sh
. /usr/local/lib/itest/lib.sh
plan 9
appraisal_on "$(cmdline_value itest.uuid)"
walk_root / /run/walk
walk_results /run/walk
out=$(dpkg --verify 2>&1) && [ -z "$out" ]
result $? "dpkg --verify is clean" "$(echo "$out" | head -n 3 | tr '\n' ' ')"
id alice >/dev/null && [ -d /home/alice ] && [ -d /var/tmp/moved ] && [ ! -e /srv/from/moved ] &&
	[ ! -e /srv/old ] && [ -n "$(ls /srv/unpacked)" ]
result $? "the admin's changes are there (user, moved directory, unpacked and removed trees)"
[ -p /srv/fifo ] && [ -c /srv/null ] && [ -S /srv/sock ] && [ "$(jq-link -n 2)" = 2 ] &&
	[ ! -e /usr/bin/tree ] && [ "$(jq -n 3)" = 3 ]
result $? "the FIFO, device node, socket and symlink made at run time; the packages as left"
refusals_none "no integrity audit record of a refusal"
