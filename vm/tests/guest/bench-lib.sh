# shellcheck shell=dash
# Guest side of the benchmark (bench/bench.sh), sourced by bench-fill.sh,
# bench-label.sh and bench-run.sh after /tests/lib.sh. The disks, in the
# order of the QEMU command line:
#   vda (a) no appraisal        vdb (b) IMA+EVM, regular files
#   vdc (c) (b) + DIR_CHECK, SPECIAL_CHECK (this series)
#   vdd (d) dm-crypt aes-xts-plain64, no IMA      vde the tar archive
# All four hold the same ext4 file system (one image, copied; UUIDs from
# itest.ua .. itest.ud), mounted on /mnt/a .. /mnt/d.

# shellcheck disable=SC2034 # used by the scripts that source this
BENCH_CFGS="a b c d"
# The dm-crypt test key (AES-256-XTS: 64 bytes), also in bench/bench.sh.
BENCH_KEY=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f

# bench_dev CFG: the block device that holds CFG's file system
bench_dev() {
	case $1 in
	a) echo /dev/vda ;;
	b) echo /dev/vdb ;;
	c) echo /dev/vdc ;;
	d) echo "${BENCH_CRYPT:-/dev/dm-0}" ;;
	esac
}

# bench_stat CFG: that device's /sys/block/DEV/stat
bench_stat() {
	echo "/sys/block/$(basename "$(bench_dev "$1")")/stat"
}

# bench_crypt: map vdd through dm-crypt; sets BENCH_CRYPT. One result.
bench_crypt() {
	BENCH_CRYPT=$(dmcrypt bench-d /dev/vdd aes-xts-plain64 "$BENCH_KEY" 2>/tmp/dmcrypt.err)
	result $? "dm-crypt aes-xts-plain64 over vdd: $BENCH_CRYPT" "$(cat /tmp/dmcrypt.err)"
}

# bench_policy: appraisal for (b), and (c) with DIR_CHECK, SPECIAL_CHECK,
# selected by fsuuid. One result.
bench_policy() {
	ub=$(cmdline_value itest.ub)
	uc=$(cmdline_value itest.uc)
	ima_policy "appraise fsuuid=$ub" "appraise fsuuid=$uc" \
		"appraise func=DIR_CHECK fsuuid=$uc" "appraise func=SPECIAL_CHECK fsuuid=$uc"
	result $? "IMA policy: (b) fsuuid=$ub, (c) fsuuid=$uc with DIR_CHECK, SPECIAL_CHECK"
}

# bench_mount CFG...: mount these configurations' file systems. One result.
bench_mount() {
	err=
	for c in "$@"; do
		mkdir -p "/mnt/$c"
		mount -t ext4 "$(bench_dev "$c")" "/mnt/$c" 2>>/tmp/mount.err || err="$err $c"
	done
	[ -z "$err" ]
	result $? "file systems of $* mounted" "failed:$err: $(cat /tmp/mount.err 2>/dev/null)"
}

# bench_umount CFG...: unmount them. One result.
bench_umount() {
	err=
	for c in "$@"; do
		umount "/mnt/$c" || err="$err $c"
	done
	[ -z "$err" ]
	result $? "file systems of $* unmounted" "failed:$err"
}
