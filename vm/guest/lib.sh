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
	if dmesg | grep 'audit' | grep -e 'op=appraise_dir' -e 'op=appraise_special' |
		grep 'res=0' | grep -q "name=\"[^\"]*$1\""; then
		result 0 "$2"
	else
		result 1 "$2" "no appraise_dir/appraise_special audit record for $1"
	fi
}

# audit_has CAUSE PATH_SUFFIX DESC: an integrity audit record names the cause
# and the file
audit_has() {
	if dmesg | grep 'audit' | grep "cause=$1" | grep -q "name=\"[^\"]*$2\""; then
		result 0 "$3"
	else
		result 1 "$3" "no audit record with cause=$1 for $2"
	fi
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

# cmdline_value KEY: print KEY=VALUE's value from the kernel command line
cmdline_value() {
	# shellcheck disable=SC2013 # the command line is words, not lines
	for arg in $(cat /proc/cmdline); do
		case $arg in
		"$1"=*) echo "${arg#*=}" ;;
		esac
	done
}

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
