#!/bin/sh
# Boot 1 (ima_appraise=fix evm=fix): load the EVM key and the IMA policy for
# the test disk, mount it and read every file so IMA/EVM label them; check
# every regular file got security.ima and security.evm.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
# With itest.dirs=1 (patched kernel) directories are appraised and labelled
# too.
dirs=$(cmdline_value itest.dirs)
plan 6
setup_disk "$dirs"
find /mnt/tree -type f -exec cat {} + >/dev/null
# unlabelled TYPE: print the files of TYPE lacking security.ima or .evm
unlabelled() {
	find /mnt/tree -type "$1" | while read -r f; do
		itest getxattr "$f" security.ima >/dev/null 2>&1 &&
			itest getxattr "$f" security.evm >/dev/null 2>&1 ||
			printf ' %s' "$f"
	done
}
missing=$(unlabelled f)
[ -z "$missing" ]
result $? "every regular file has security.ima and security.evm" "unlabelled:$missing"
if [ "$dirs" = 1 ]; then
	missing=$(unlabelled d)
	[ -z "$missing" ]
	result $? "every directory has security.ima and security.evm" "unlabelled:$missing"
else
	# Without a DIR_CHECK rule nothing is written to directories.
	labelled=$(find /mnt -type d | while read -r d; do
		itest getxattr "$d" security.ima >/dev/null 2>&1 && printf ' %s' "$d"
	done)
	[ -z "$labelled" ]
	result $? "no directory got security.ima (no DIR_CHECK rule)" "labelled:$labelled"
fi
umount /mnt
result $? "test disk unmounted"
