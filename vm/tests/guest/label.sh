#!/bin/sh
# Boot 1 (ima_appraise=fix evm=fix): load the EVM key and the IMA policy for
# the test disk, mount it and use every file so IMA/EVM label them; check
# every regular file got security.ima and security.evm.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
# With itest.dirs=1 (patched kernel) directories and special files are
# appraised and labelled too.
dirs=$(cmdline_value itest.dirs)
plan 7
setup_disk "$dirs"
find /mnt/tree -type f -exec cat {} + >/dev/null
# Special files are appraised when they are used.
use_special /mnt/tree
# each_failed OP: itest try-each OP on the paths read from stdin; print the
# paths it fails on, on one line (and "(itest try-each OP failed)" when
# itest itself fails, so that nothing passes unchecked)
each_failed() {
	itest try-each "$1" >/tmp/label.failed || printf ' (itest try-each %s failed)' "$1"
	sed 's/ [^ ]*$//' /tmp/label.failed | while read -r f; do
		printf ' %s' "$f"
	done
}
# unlabelled TYPE: print the files of TYPE lacking security.ima or .evm
# (but for those of uid 4321, which the policy does not appraise)
unlabelled() {
	find /mnt/tree -type "$1" ! -user 4321 | each_failed labelled
}
# labelled TYPES...: print the files of these types that have security.ima
labelled() {
	for type in "$@"; do
		find /mnt -type "$type"
	done | each_failed no-ima
}
missing=$(unlabelled f)
[ -z "$missing" ]
result $? "every regular file has security.ima and security.evm" "unlabelled:$missing"
if [ "$dirs" = 1 ]; then
	missing=$(unlabelled d)
	[ -z "$missing" ]
	result $? "every directory has security.ima and security.evm" "unlabelled:$missing"
	# Sockets are appraised when a task connects to one that a process
	# listens on: a socket on the disk never is after a boot (a server
	# binds a new inode, labelled when it is made), so fix mode leaves
	# it as it is.
	missing=$(for type in l c b p; do unlabelled "$type"; done)
	[ -z "$missing" ]
	result $? "every symlink, device node and FIFO has security.ima and security.evm" \
		"unlabelled:$missing"
else
	# Without DIR_CHECK/SPECIAL_CHECK rules nothing else is written.
	found=$(labelled d)
	[ -z "$found" ]
	result $? "no directory got security.ima (no DIR_CHECK rule)" "labelled:$found"
	found=$(labelled l c b p s)
	[ -z "$found" ]
	result $? "no special file got security.ima (no SPECIAL_CHECK rule)" "labelled:$found"
fi
umount /mnt
result $? "test disk unmounted"
