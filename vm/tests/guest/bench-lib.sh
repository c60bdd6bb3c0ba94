# shellcheck shell=dash
# Guest side of the benchmark (bench/bench.sh), sourced by bench-fill.sh,
# bench-label.sh and bench-run.sh after /tests/lib.sh. The configurations:
#   (a)  no appraisal
#   (b)  IMA+EVM, regular files
#   (c)  (b) + DIR_CHECK, SPECIAL_CHECK (this series)
#   (d)  dm-crypt aes-xts-plain64, no IMA
#   (e)  dm-integrity hmac(sha256), journal mode, no IMA
#   (eb) dm-integrity hmac(sha256), bitmap mode, no IMA
#   (f)  (c) on a file system of 512-byte inodes (mke2fs -I 512)
# (a) to (e) and (eb) hold the same ext4 file system (one image, copied;
# (e) and (eb) copied in the label boot through dm-integrity), (f) the same
# tree on its own image; each is mounted on /mnt/CFG. itest.disks names
# the boot's disks in the order of the QEMU command line (vda, vdb, ...):
# configurations and "tar", the archive the unpack workload reads.

# shellcheck disable=SC2034 # used by the scripts that source this
BENCH_CFGS="a b c d e eb f"
# The dm-crypt test key (AES-256-XTS: 64 bytes), also in bench/bench.sh.
BENCH_KEY=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f
# The dm-integrity HMAC key (32 bytes).
BENCH_HMAC_KEY=f0e1d2c3b4a5968778695a4b3c2d1e0f00112233445566778899aabbccddeeff

# bench_disk ID: the virtio disk of ID (a configuration or "tar")
bench_disk() {
	i=0
	for d in $(cmdline_value itest.disks | tr , ' '); do
		if [ "$d" = "$1" ]; then
			# vda, vdb, ... (at most 26 disks)
			echo "/dev/vd$(echo abcdefghijklmnopqrstuvwxyz | cut -c$((i + 1)))"
			return 0
		fi
		i=$((i + 1))
	done
	echo "bench_disk: no disk $1 in itest.disks" >&2
	return 1
}

# bench_dev CFG: the block device that holds CFG's file system (the
# device-mapper device of bench_dm for (d), (e) and (eb))
bench_dev() {
	case $1 in
	d | e | eb) cat "/tmp/dm-$1" ;;
	*) bench_disk "$1" ;;
	esac
}

# bench_stat CFG: the /sys/block/DEV/stat of CFG's virtio disk: what
# reaches the disk, dm-integrity's journal and tags included
bench_stat() {
	echo "/sys/block/$(basename "$(bench_disk "$1")")/stat"
}

# bench_dm CFG...: map (d) through dm-crypt, (e) and (eb) through
# dm-integrity (a zeroed disk is formatted by the first table load: the
# label boot), each over its virtio disk; records the device in
# /tmp/dm-CFG. The integrity devices map itest.isect sectors (the image's
# size; the disk is larger by the tags and the journal). One result.
bench_dm() {
	err=
	for c in "$@"; do
		disk=$(bench_disk "$c") || { err="$err $c"; continue; }
		case $c in
		d) sect=$(blockdev --getsz "$disk") type=crypt
			table="aes-xts-plain64 $BENCH_KEY 0 $disk 0" ;;
		e | eb)
			sect=$(cmdline_value itest.isect) type=integrity mode=J
			[ "$c" = e ] || mode=B
			table="$disk 0 32 $mode 2 block_size:4096 internal_hash:hmac(sha256):$BENCH_HMAC_KEY" ;;
		*) err="$err $c(not a device-mapper configuration)"; continue ;;
		esac
		dmtarget "bench-$c" "$sect" "$type" "$table" >"/tmp/dm-$c" 2>>/tmp/dm.err ||
			err="$err $c"
	done
	[ -z "$err" ]
	result $? "device-mapper targets of $* set up" \
		"failed:$err: $(cat /tmp/dm.err 2>/dev/null) $(dmesg | grep -i 'device-mapper' | tail -n 2)"
}

# bench_policy: appraisal for (b), and (c) and (f) with DIR_CHECK,
# SPECIAL_CHECK, selected by fsuuid. One result.
bench_policy() {
	ub=$(cmdline_value itest.ub)
	uc=$(cmdline_value itest.uc)
	uf=$(cmdline_value itest.uf)
	ima_policy "appraise fsuuid=$ub" \
		"appraise fsuuid=$uc" "appraise func=DIR_CHECK fsuuid=$uc" \
		"appraise func=SPECIAL_CHECK fsuuid=$uc" \
		"appraise fsuuid=$uf" "appraise func=DIR_CHECK fsuuid=$uf" \
		"appraise func=SPECIAL_CHECK fsuuid=$uf"
	result $? "IMA policy: (b) fsuuid=$ub; (c) fsuuid=$uc and (f) fsuuid=$uf with DIR_CHECK, SPECIAL_CHECK"
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
