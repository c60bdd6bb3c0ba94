#!/bin/sh
# 'make vm-debian', what an admin does from trusted media (this initramfs,
# no policy) before the next protected boot, after an offline tamper or a
# boot without the policy: mount the root read-only and find what changed
# (ima-dirtool verify -r names every directory and special file whose
# value does not match: exactly the ones of itest.expect=PATH[,PATH...];
# regular files without a label are reported apart). With
# itest.undo=NEW:OLD, also ask dpkg --verify (the root's, chrooted) which
# packaged file is missing, remount read-write and rename NEW back to OLD,
# and check the directory again.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
tool_keyed
undo=$(cmdline_value itest.undo)
expect=$(cmdline_value itest.expect | tr ',' '\n' | sed 's|^|/mnt|' | sort)
if [ -n "$undo" ]; then plan 6; else plan 2; fi
mount -t ext4 -o ro /dev/vda /mnt
result $? "the root mounted read-only (no EVM key, no policy)"
dirtool_failures /mnt /tmp/verify.bad
got=$(grep -v ' (reg)' /tmp/verify.bad | cut -d' ' -f1 | sort)
[ "$got" = "$expect" ]
result $? "ima-dirtool verify -r names exactly the changed directories and special files: $(echo "$expect" | sed 's|^/mnt||' | tr '\n' ' ')" \
	"failed: $(grep -v ' (reg)' /tmp/verify.bad | head -n 8 | tr '\n' ' ')"
echo "# $(grep '^verify: [0-9]' /tmp/verify.bad.all)"
echo "# regular files without a matching value: $(grep -c ' (reg)' /tmp/verify.bad) $(grep ' (reg)' /tmp/verify.bad | head -n 5 | cut -d' ' -f1 | tr '\n' ' ')"
[ -n "$undo" ] || exit 0
new=${undo%%:*} old=${undo#*:}
out=$(chroot /mnt dpkg --verify 2>&1)
echo "$out" | grep -q "^missing .* $old\$"
result $? "dpkg --verify (the root's, chrooted) names the missing file $old" \
	"$(echo "$out" | head -n 3 | tr '\n' ' ')"
mount -o remount,rw /mnt
result $? "the root remounted read-write"
mv "/mnt$new" "/mnt$old"
result $? "the tamper undone: $new renamed back to $old"
dirtool verify "/mnt${new%/*}" >/tmp/verify2 2>&1
result $? "ima-dirtool verify: ${new%/*} verifies again" "$(head -n 3 /tmp/verify2 | tr '\n' ' ')"
