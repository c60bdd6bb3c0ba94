#!/bin/sh
# Boot 1 of vm/tests/faults-hostile.sh (ima_appraise=fix evm=fix): label
# the hostile tree by using everything in it (vm/helpers/fstorm.c walk;
# itest.noread=1: without reading regular files, for the directory of
# 100 000 entries), then check every directory and special file (and,
# unless itest.noread=1, every regular file) has security.ima and
# security.evm. Prints "# time: ..." figures.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
noread=$(cmdline_value itest.noread)
plan 5
setup_disk 1
t0=$(cut -d' ' -f1 /proc/uptime)
set --
[ "$noread" = 1 ] && set -- -n
fstorm walk "$@" /mnt/tree >/tmp/walk1
t1=$(cut -d' ' -f1 /proc/uptime)
echo "# time: labelling walk $(awk "BEGIN { print $t1 - $t0 }") s"
grep -v '^walk: error .* ELOOP$' /tmp/walk1 | tail -n 5 | sed 's/^/# /'
fstorm walk -x -n /mnt/tree >/tmp/walk2
n=$(sed -n 's/^walk: dirs=.* unlabelled=\([0-9]*\)$/\1/p' /tmp/walk2)
# v2 labels no directory with an entry that lookup refuses: loop2/a/b,
# linked into its own subdirectory (ELOOP), may stay unlabelled.
other=$(grep '^walk: unlabelled' /tmp/walk2 | grep -cv '^walk: unlabelled /mnt/tree/h/loop2/a/b *$')
[ "$n" = 0 ] || { [ "$n" = 1 ] && [ "$other" = 0 ]; }
result $? "every directory and special file is labelled" \
	"unlabelled=$n: $(grep '^walk: unlabelled' /tmp/walk2 | head -n 3 | tr '\n' ' ')"
umount /mnt
result $? "test disk unmounted"
