# shellcheck shell=dash
# Guest-side KTAP helpers (busybox sh), sourced by /tests/*.sh.
#   plan N; ok COND DESC; expect_err WANT OP PATH DESC; xattr_has PATH NAME
# Results go to stdout, which init sends to ttyS1.

KTAP_N=0

plan() {
	echo "KTAP version 1"
	echo "1..$1"
}

# result STATUS DESC [DIAG]: STATUS 0 = ok
result() {
	KTAP_N=$((KTAP_N + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $KTAP_N $2"
	else
		echo "not ok $KTAP_N $2${3:+ # $3}"
	fi
}

# expect_err WANT OP PATH DESC: run 'itest try OP PATH', expect WANT (0 or
# an errno name such as EACCES)
expect_err() {
	got=$(itest try "$2" "$3")
	if [ "$got" = "$1" ]; then
		result 0 "$4"
	else
		result 1 "$4" "$2 $3: want $1, got $got"
	fi
}

# audit_any PATH_SUFFIX DESC: a refusal (res=0) of a directory or special
# file is audited, whatever its cause, naming the file
audit_any() {
	if audit_wait _audit_any_seen "$1"; then
		result 0 "$2"
	else
		result 1 "$2" "no appraise_dir/appraise_special audit record for $1"
	fi
}

_audit_any_seen() {
	dmesg | grep 'audit' | grep -e 'op=appraise_dir' -e 'op=appraise_special' |
		grep 'res=0' | grep -q "name=\"[^\"]*$1\""
}

# audit_wait CHECK ARGS...: run CHECK ARGS until it succeeds, for at most
# about 5 s. Without auditd, kauditd prints audit records to the kernel
# log from its own thread, so a record can reach dmesg after the call that
# caused it has returned.
audit_wait() {
	_n=0
	until "$@"; do
		_n=$((_n + 1))
		[ "$_n" -le 5 ] || return 1
		sleep 1
	done
}

# audit_has CAUSE PATH_SUFFIX DESC: an integrity audit record names the cause
# and the file; CAUSE is an extended regular expression ("a|b": either)
audit_has() {
	if audit_wait _audit_has_seen "$1" "$2"; then
		result 0 "$3"
	else
		result 1 "$3" "no audit record with cause=$1 for $2"
	fi
}

_audit_has_seen() {
	dmesg | grep 'audit' | grep -E "cause=($1) " | grep -q "name=\"[^\"]*$2\""
}

# Test keys: a user master key and an EVM HMAC key (encrypted, with fixed
# decrypted data so that every boot gets the same key). For tests only.
TEST_KMK=itest-kmk-0123456789abcdef012345
TEST_EVM_HEX=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f

# evm_setup: load the EVM HMAC key and switch EVM on
evm_setup() {
	itest add-key user kmk "$TEST_KMK" @u >/dev/null || return 1
	itest add-key encrypted evm-key "new default user:kmk 32 $TEST_EVM_HEX" @u \
		>/dev/null || return 1
	echo 1 >/sys/kernel/security/evm
}

# tool_keyed: with keyed values (KEYED=1), write the test EVM key's bytes
# to /tmp/evm.key and set TOOLK to the ima-dirtool options that use it;
# else TOOLK is empty (v1's digests).
tool_keyed() {
	TOOLK=
	[ "$KEYED" = 1 ] || return 0
	_h=$TEST_EVM_HEX
	: >/tmp/evm.key
	while [ -n "$_h" ]; do
		_b=${_h%"${_h#??}"}
		_h=${_h#??}
		# shellcheck disable=SC2059 # the format is the byte, in octal
		printf "\\$(printf %03o "0x$_b")" >>/tmp/evm.key
	done
	TOOLK="-k /tmp/evm.key"
}

# dirtool ARGS...: ima-dirtool with the options tool_keyed set
dirtool() {
	# shellcheck disable=SC2086 # TOOLK is empty or two words
	ima-dirtool $TOOLK "$@"
}

# ima_policy RULE...: write the IMA policy, one rule an argument
ima_policy() {
	for rule in "$@"; do
		echo "$rule"
	done >/sys/kernel/security/ima/policy
}

# setup_disk DIRS: load the EVM key, the IMA policy for the test disk
# (itest.uuid=; with DIR_CHECK and SPECIAL_CHECK rules when DIRS is 1) and
# mount it on /mnt. Records three results. Regular files owned by uid 4321
# are not appraised: the overlayfs test keeps its regular files out of
# IMA's appraisal, which 6.12 does not support through overlayfs copy-up.
setup_disk() {
	uuid=$(cmdline_value itest.uuid)
	evm_setup
	result $? "EVM HMAC key loaded and EVM enabled"
	if [ "$1" = 1 ]; then
		ima_policy "dont_appraise fsuuid=$uuid fowner=4321" "appraise fsuuid=$uuid" \
			"appraise func=DIR_CHECK fsuuid=$uuid" \
			"appraise func=SPECIAL_CHECK fsuuid=$uuid"
		result $? "IMA policy with DIR_CHECK, SPECIAL_CHECK for fsuuid=$uuid loaded"
	else
		ima_policy "dont_appraise fsuuid=$uuid fowner=4321" "appraise fsuuid=$uuid"
		result $? "IMA policy for fsuuid=$uuid loaded"
	fi
	mount -t ext4 /dev/vda /mnt
	result $? "test disk mounted"
}

# frozen_first_use FINDING OP PATH WHAT: freeze the test disk (/mnt), run
# 'itest try OP PATH' in the background and thaw the disk 5 s later. OP
# may wait for the thaw; it must end after it, and succeed, and nothing
# may warn about a write while frozen. Four results; WHAT names PATH.
frozen_first_use() {
	fsfreeze --freeze /mnt
	result $? "the test disk is frozen"
	itest try "$2" "$3" >/tmp/frozen.out 2>&1 &
	_pid=$!
	sleep 5
	fsfreeze --unfreeze /mnt
	result $? "the test disk is thawed"
	await 60 $_pid
	_r=$?
	[ $_r -ne 124 ] && [ "$(cat /tmp/frozen.out)" = 0 ]
	result $? "$1: $4 first used ($2) while frozen succeeds once thawed" \
		"got '$(cat /tmp/frozen.out)' ($([ $_r -eq 124 ] && echo 'still running 60 s after the thaw' || echo "exit $_r"))"
	! dmesg | grep -q -e 'WARNING:' -e 'BUG:'
	result $? "$1: no warning from the file system about a write while frozen" \
		"$(dmesg | grep -m1 -A2 'WARNING:' | tr '\n' ' ')"
}

# cmdline_value KEY: print KEY=VALUE's value from the kernel command line
cmdline_value() {
	# shellcheck disable=SC2013 # the command line is words, not lines
	for arg in $(cat /proc/cmdline); do
		case $arg in
		"$1"=*) echo "${arg#*=}" ;;
		esac
	done
}

# The applied series' value format (ci/lib.sh, series_format_args): KEYED
# is 1 for keyed values (v2), KT the type byte of a keyed value, in hex.
# shellcheck disable=SC2034 # used by the scripts that source this file
KEYED=$(cmdline_value itest.keyed)
# shellcheck disable=SC2034
KT=$(cmdline_value itest.keytype)

# await SECS PID: wait at most SECS seconds for the background job PID;
# return its exit status once it has ended, 124 if it still runs (a hang:
# it is left behind, the boot goes on)
await() {
	_i=0
	while kill -0 "$2" 2>/dev/null; do
		[ $_i -lt "$1" ] || return 124
		sleep 1
		_i=$((_i + 1))
	done
	wait "$2"
}

# bounded SECS OUT CMD...: run CMD in the background with its output in
# OUT and await it for SECS seconds
bounded() {
	_secs=$1 _out=$2
	shift 2
	"$@" >"$_out" 2>&1 &
	await "$_secs" $!
}

# refused_rule RULE DESC: writing RULE to the IMA policy fails
refused_rule() {
	! ima_policy "$1" 2>/dev/null
	result $? "$2"
}

# refusals_none DESC [REGEX]: no integrity audit record (type 18xx) of this
# boot (that matches REGEX) reports a refusal or failure (res=0)
refusals_none() {
	# Let kauditd print what the last operations audited.
	sync
	sleep 1
	_bad=$(dmesg | grep -E 'audit: type=18[0-9][0-9] ' | grep 'res=0' | grep -E "${2:-.}")
	[ -z "$_bad" ]
	result $? "$1" "$(echo "$_bad" | grep -c .) records: $(echo "$_bad" | head -n 3 | tr '\n' ' ')"
}

# use_special DIR: use every special file below DIR as a first boot in
# fix mode does, which labels it: read and follow every symlink, open
# every device node and FIFO, connect to every socket (one itest process
# for each walk: a process per file costs minutes under TCG)
use_special() {
	find "$1" -type l | itest try-each readlink >/dev/null
	find "$1" -type l | itest try-each follow >/dev/null
	find "$1" \( -type c -o -type b -o -type p \) | itest try-each open >/dev/null
	find "$1" -type s | itest try-each connect >/dev/null
}

# walk_root ROOT OUT: use everything on ROOT's file system the way a full
# check does: list every directory, read every symlink and follow it, open
# every device node and FIFO, connect to every socket, read every regular
# file owned by root. Writes to folder OUT (made here): dirs, special,
# files (the counts of each kind walked) and refused-dirs, refused-special,
# refused-files (one "PATH ERROR" line per object refused with EACCES or
# EPERM, or for a directory any error). A refused directory's subtree is
# not walked.
walk_root() {
	_r=$1 _w=$2
	mkdir -p "$_w"
	find "$_r" -xdev -type d 2>/dev/null >"$_w/dirs.list"
	itest try-each list <"$_w/dirs.list" >"$_w/refused-dirs"
	find "$_r" -xdev -type l 2>/dev/null >"$_w/links.list"
	find "$_r" -xdev \( -type c -o -type b -o -type p \) 2>/dev/null >"$_w/nodes.list"
	find "$_r" -xdev -type s 2>/dev/null >"$_w/sockets.list"
	for _op in readlink follow; do
		itest try-each "$_op" <"$_w/links.list" | sed "s/ \([A-Z]*\)\$/ $_op \1/"
	done >"$_w/special.tried"
	itest try-each open <"$_w/nodes.list" | sed 's/ \([A-Z]*\)$/ open \1/' >>"$_w/special.tried"
	itest try-each connect <"$_w/sockets.list" | sed 's/ \([A-Z]*\)$/ connect \1/' >>"$_w/special.tried"
	grep -E ' (EACCES|EPERM)$' "$_w/special.tried" >"$_w/refused-special"
	find "$_r" -xdev -type f -user 0 2>/dev/null >"$_w/files.list"
	find "$_r" -xdev -type f -user 0 -exec cat {} + 2>&1 >/dev/null |
		grep '^cat: .*Permission denied' >"$_w/refused-files"
	wc -l <"$_w/dirs.list" >"$_w/dirs"
	cat "$_w/links.list" "$_w/nodes.list" "$_w/sockets.list" | wc -l >"$_w/special"
	wc -l <"$_w/files.list" >"$_w/files"
}

# dir_refusals_none DESC: no integrity audit record of this boot reports a
# directory or special file refused (op=appraise_dir/appraise_special,
# res=0); regular files (stock IMA) are not looked at
dir_refusals_none() {
	refusals_none "$1" 'op=appraise_(dir|special)'
}

# appraisal_on UUID: a result: EVM has its HMAC key and the IMA policy in
# force holds the DIR_CHECK and SPECIAL_CHECK rules of file system UUID
# (so that a boot that passes did appraise)
appraisal_on() {
	_evm=$(cat /sys/kernel/security/evm 2>/dev/null)
	_pol=$(cat /sys/kernel/security/ima/policy 2>/dev/null)
	[ $((${_evm:-0} & 1)) -eq 1 ] &&
		echo "$_pol" | grep -q "func=DIR_CHECK fsuuid=$1" &&
		echo "$_pol" | grep -q "func=SPECIAL_CHECK fsuuid=$1"
	result $? "appraisal is on: EVM's HMAC key loaded, DIR_CHECK and SPECIAL_CHECK rules for $1 in force" \
		"evm=${_evm:-none}, policy: $(echo "$_pol" | tr '\n' ';')"
}

# walk_results OUT [files-apart]: the results of walk_root's folder OUT
# (their names start with WALK_PREFIX): it covered a whole Debian root;
# no directory and no special file refused, no root-owned regular file
# refused; with files-apart, regular files refused are only reported (a
# "# files refused:" line), not a result (after a power cut, where stock
# IMA refuses files whose contents and security.ima disagree)
walk_results() {
	echo "# walked $(cat "$1/dirs") directories, $(cat "$1/special") special files, $(cat "$1/files") root-owned regular files"
	[ "$(cat "$1/dirs")" -ge 1000 ] && [ "$(cat "$1/special")" -ge 500 ] && [ "$(cat "$1/files")" -ge 5000 ]
	result $? "${WALK_PREFIX:-}the walk covered the root (at least 1000 directories, 500 symlinks and special files, 5000 root-owned regular files)"
	[ ! -s "$1/refused-dirs" ]
	result $? "${WALK_PREFIX:-}every directory lists" "$(wc -l <"$1/refused-dirs") refused: $(head -n 3 "$1/refused-dirs" | tr '\n' ' ')"
	[ ! -s "$1/refused-special" ]
	result $? "${WALK_PREFIX:-}every symlink reads and follows, every device node, FIFO and socket opens" \
		"$(wc -l <"$1/refused-special") refused: $(head -n 3 "$1/refused-special" | tr '\n' ' ')"
	if [ "${2:-}" = files-apart ]; then
		echo "# files refused: $(wc -l <"$1/refused-files") $(head -n 5 "$1/refused-files" | tr '\n' ' ')"
		return
	fi
	[ ! -s "$1/refused-files" ]
	result $? "every regular file owned by root reads" \
		"$(wc -l <"$1/refused-files") refused: $(head -n 3 "$1/refused-files" | tr '\n' ' ')"
}

# ok_run DESC CMD...: run CMD; a result, with CMD's last lines of output in
# the diagnostic when it fails
ok_run() {
	_d=$1
	shift
	if _out=$("$@" 2>&1); then
		result 0 "$_d"
	else
		result 1 "$_d" "$* failed: $(echo "$_out" | tail -n 3 | tr '\n' ' ')"
	fi
}

# root_policy UUID: the IMA policy of the test root ('make vm-debian'),
# what a distribution would load for directory appraisal of its root file
# system: regular files owned by root (like ima_policy=appraise_tcb),
# every directory and special file
root_policy() {
	ima_policy "appraise fsuuid=$1 fowner=0" "appraise func=DIR_CHECK fsuuid=$1" \
		"appraise func=SPECIAL_CHECK fsuuid=$1"
}

# dirtool_failures ROOT OUT: run 'ima-dirtool verify -r ROOT' (with the
# options of tool_keyed, which the caller ran); write to
# OUT its lines for the objects that fail, but for regular files not owned
# by root (the root's policy does not appraise them: they have no label),
# and its whole output to OUT.all
dirtool_failures() {
	dirtool verify -r "$1" >"$2.all" 2>&1
	grep -v '^verify:' "$2.all" | while read -r _f _rest; do
		_f=${_f%:}
		if [ -f "$_f" ] && [ ! -L "$_f" ] && [ "$(stat -c %u "$_f")" != 0 ]; then
			continue
		fi
		echo "$_f $_rest"
	done >"$2"
}
