#!/bin/sh
# 'make vm-debian', from trusted media (this initramfs) in enforce mode:
# load the EVM key and the root's policy, mount the root on /dev/vda and
# use everything on it (walk_root). itest.refused=PATH names the one
# directory that must be refused (an offline tamper; with its audit
# record); itest.files=apart reports regular files refused instead of
# failing on them (after a power cut, that is stock IMA's behaviour), and
# names the results after finding B10 when every refusal is its window;
# itest.policy=files loads a policy for regular files only (the negative
# control on the base kernel: the tamper itest.refused=PATH goes unseen).
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
tool_keyed
want=$(cmdline_value itest.refused)
files=$(cmdline_value itest.files)
policy=$(cmdline_value itest.policy)
if [ "$policy" = files ]; then
	plan 5
elif [ -n "$want" ]; then
	plan 7
elif [ "$files" = apart ]; then
	plan 6
else
	plan 7
fi
uuid=$(cmdline_value itest.uuid)
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
if [ "$policy" = files ]; then
	ima_policy "appraise fsuuid=$uuid fowner=0"
	result $? "an IMA policy for regular files only loaded"
else
	root_policy "$uuid"
	result $? "the root's IMA policy loaded"
fi
mount -t ext4 /dev/vda /mnt
result $? "the root mounted"
walk_root /mnt /tmp/walk
# The negative control (the base kernel, today's IMA/EVM): the tamper
# goes unseen.
if [ "$policy" = files ]; then
	[ ! -s /tmp/walk/refused-dirs ]
	result $? "without directory appraisal the tamper in $want goes unseen ($want lists)" \
		"refused: $(head -n 3 /tmp/walk/refused-dirs | tr '\n' ' ')"
	[ ! -s /tmp/walk/refused-special ] && [ ! -s /tmp/walk/refused-files ]
	result $? "nothing is refused" \
		"$(cat /tmp/walk/refused-special /tmp/walk/refused-files | head -n 3 | tr '\n' ' ')"
	exit 0
fi
# b10_window: every object refused is a directory or special file whose
# security.ima matches it and whose security.evm does not (cause
# invalid-HMAC): a power cut between the two writes, finding B10
b10_window() {
	cat /tmp/walk/refused-dirs /tmp/walk/refused-special | while read -r f rest; do
		cause=$(dmesg | grep 'audit' | grep 'res=0' | grep "name=\"[^\"]*${f#/mnt}\"" |
			sed -n 's/.* cause=\([^ ]*\) .*/\1/p' | tail -n 1)
		[ "$cause" = invalid-HMAC ] && dirtool verify "$f" >/dev/null 2>&1 || echo "$f"
	done | grep -q . && return 1
	return 0
}
if [ -z "$want" ]; then
	if [ "$files" = apart ] && { [ -s /tmp/walk/refused-dirs ] || [ -s /tmp/walk/refused-special ]; }; then
		! b10_window || WALK_PREFIX="B10: "
	fi
	walk_results /tmp/walk ${files:+files-apart}
	exit 0
fi
got=$(cat /tmp/walk/refused-dirs)
[ "$got" = "/mnt$want EACCES" ]
result $? "exactly $want is refused (EACCES)" "refused: $(echo "$got" | head -n 3 | tr '\n' ' ')"
audit_any "$want" "the refusal of $want is audited"
[ ! -s /tmp/walk/refused-special ] && [ ! -s /tmp/walk/refused-files ]
result $? "nothing else is refused" \
	"$(cat /tmp/walk/refused-special /tmp/walk/refused-files | head -n 3 | tr '\n' ' ')"
echo "# walked $(cat /tmp/walk/dirs) directories, $(cat /tmp/walk/special) special files, $(cat /tmp/walk/files) root-owned regular files"
n=$(wc -l </tmp/walk/dirs.list)
[ "$n" -gt 500 ]
result $? "the rest of the root was walked ($n directories)"
