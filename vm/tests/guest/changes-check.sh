#!/bin/sh
# Boot 3 of vm/tests/changes.sh (ima_appraise=enforce): every change made
# on the running system in boot 2 is accepted after the reboot.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
plan 27
setup_disk 1
t=/mnt/tree/live
find /mnt/tree >/dev/null 2>/tmp/find.err
result $? "the whole tree can be walked after reboot" "$(cat /tmp/find.err)"
! dmesg | grep -q 'op=appraise_dir'
result $? "no directory failed appraisal" "$(dmesg | grep 'op=appraise_dir' | head -n 3)"
[ "$(cat "$t/created.txt")" = created ]
result $? "file made with O_CREAT reads back"
[ "$(cat "$t/tmpfile.txt")" = tmpfile ]
result $? "O_TMPFILE file linked in reads back"
[ -d "$t/newdir/nested" ]
result $? "new directories exist"
[ -c "$t/chardev" ] && [ -p "$t/fifo" ] && [ -S "$t/socket" ] && [ -L "$t/symlink" ]
result $? "device node, FIFO, socket and symlink exist"
[ "$(cat "$t/hardlink.txt")" = created ]
result $? "hard link reads back"
[ ! -e "$t/unlink-me.txt" ] && [ ! -e "$t/rmdir-me" ] && [ -e "$t/renamed.txt" ]
result $? "unlink, rmdir and rename persisted"
[ -e "$t/b/moved.txt" ] && [ -e "$t/b/subdir/deep.txt" ] && [ ! -e "$t/a/subdir" ]
result $? "cross-directory renames persisted (file and directory)"
[ "$(cat "$t/x1/id")" = x2 ] && [ "$(cat "$t/x2/id")" = x1 ]
result $? "RENAME_EXCHANGE persisted"
[ -c "$t/wo/src.txt" ] && [ -e "$t/wo/dst.txt" ]
result $? "RENAME_WHITEOUT left a whiteout and the renamed file"
! dmesg | grep -q 'op=appraise_special'
result $? "no special file failed appraisal" "$(dmesg | grep 'op=appraise_special' | head -n 3)"
expect_err 0 follow "$t/symlink" "new symlink can be followed after reboot"
expect_err 0 readlink "$t/symlink" "new symlink can be read after reboot"
expect_err 0 open "$t/chardev" "new device node opens after reboot"
expect_err 0 open "$t/fifo" "new FIFO opens after reboot"
expect_err ECONNREFUSED connect "$t/socket" "new socket can be connected to after reboot"
expect_err 0 follow "$t/b/movedlink" "symlink renamed across directories can be followed"
expect_err 0 open "$t/b/devlink" "hard link of a device node opens"
expect_err 0 open "$t/fifo2" "renamed FIFO opens"
m=/tmp/merged
mkdir -p "$m"
mount -t overlay overlay -o "lowerdir=$t/ovl/lower,upperdir=$t/ovl/upper,workdir=$t/ovl/work" "$m"
result $? "overlayfs mounts again after reboot"
[ "$(cat "$m/new.txt")" = new ] && [ "$(cat "$m/mod.txt")" = changed ] &&
	[ ! -e "$m/del.txt" ] && [ "$(cat "$m/newdir/l")" = new ] &&
	[ "$(cat "$m/ldir/keep2.txt")" = keep2 ] && [ ! -e "$m/keep2.txt" ] &&
	[ "$(cat "$m/keep.txt")" = keep ]
result $? "overlayfs changes persisted (new, copied-up, whited-out, renamed)" \
	"$(find "$m" 2>&1 | tr '\n' ' ')"
! dmesg | grep -qE 'op=appraise_(dir|special)'
result $? "no directory or special file failed appraisal through overlayfs" \
	"$(dmesg | grep -E 'op=appraise_(dir|special)' | head -n 3)"
umount "$m"
result $? "overlayfs unmounted"
