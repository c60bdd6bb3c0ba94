#!/bin/sh
# Boot 2 of vm/tests/changes.sh (ima_appraise=enforce, DIR_CHECK and
# SPECIAL_CHECK in the policy): change the labelled tree through every
# VFS operation that changes directory entries, and check it stays usable
# in this boot. First, each directory listed in itest.warm=DIR,DIR... is
# changed once (a file created and removed).
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
plan 36
setup_disk 1
t=/mnt/tree/live
cd "$t" || exit 1

# op DESC CMD...: run one change, record whether it worked
op() {
	desc=$1
	shift
	out=$("$@" 2>&1)
	result $? "$desc" "$out"
}

# warm DIR...: create and remove a file in each DIR
warm() {
	[ $# -gt 0 ] || { echo "no itest.warm= on the command line"; return 1; }
	for d in "$@"; do
		: >"$d/.warm" && rm "$d/.warm" || return 1
	done
}
# shellcheck disable=SC2046 # the list is comma-separated words
op "a first change in each directory (itest.warm)" \
	warm $(cmdline_value itest.warm | tr , ' ')
op "open(O_CREAT) a new file" sh -c 'echo created >created.txt'
op "O_TMPFILE + linkat" itest tmpfile "$t" "$t/tmpfile.txt"
op "mkdir" mkdir -p newdir/nested
op "mknod a character device" mknod chardev c 1 3
op "mkfifo" mkfifo fifo
op "bind a unix socket" itest bind "$t/socket"
op "symlink" ln -s created.txt symlink
op "hard link" ln created.txt hardlink.txt
op "unlink" rm unlink-me.txt
op "rmdir" rmdir rmdir-me
op "rename within a directory" mv rename-me.txt renamed.txt
op "rename a file across directories" mv a/move-me.txt b/moved.txt
op "rename a directory across parents" mv a/subdir b/subdir
op "RENAME_EXCHANGE" itest rename2 exchange "$t/x1" "$t/x2"
op "RENAME_WHITEOUT" itest rename2 whiteout "$t/wo/src.txt" "$t/wo/dst.txt"
op "rename a symlink across directories" mv oldlink b/movedlink
op "hard link a device node" ln olddev b/devlink
op "rename a FIFO" mv oldfifo fifo2
expect_err 0 follow "$t/symlink" "the new symlink can be followed in this boot"
expect_err 0 open "$t/chardev" "the new device node opens in this boot"
expect_err 0 open "$t/fifo" "the new FIFO opens in this boot"
expect_err ECONNREFUSED connect "$t/socket" "the new socket can be connected to in this boot"
m=/tmp/merged
mkdir -p "$m"
op "mount overlayfs (lower, upper and work on the appraised fs)" mount -t overlay overlay \
	-o "lowerdir=$t/ovl/lower,upperdir=$t/ovl/upper,workdir=$t/ovl/work" "$m"
op "overlayfs: create a file" sh -c "echo new >$m/new.txt && chown 4321 $m/new.txt"
op "overlayfs: modify a lower file (copy-up)" sh -c "echo changed >$m/mod.txt"
op "overlayfs: delete a lower file (whiteout)" rm "$m/del.txt"
op "overlayfs: mkdir and symlink" sh -c "mkdir $m/newdir && ln -s ../new.txt $m/newdir/l"
op "overlayfs: rename a lower file into a lower directory" mv "$m/keep2.txt" "$m/ldir/keep2.txt"
op "unmount overlayfs" umount "$m"
cd /
find /mnt/tree >/dev/null 2>/tmp/find.err
result $? "the changed tree can be walked in this boot" "$(cat /tmp/find.err)"
find /mnt/tree -type f -exec cat {} + >/dev/null 2>/tmp/cat.err
result $? "every file can be read in this boot" "$(cat /tmp/cat.err)"
umount /mnt
result $? "test disk unmounted"
