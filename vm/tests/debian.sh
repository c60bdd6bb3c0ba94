#!/usr/bin/env bash
# A real Debian system under directory appraisal ('make vm-debian'): a
# bookworm minbase root pinned by vm/debian/packages (vm/debian/mkroot.sh,
# cached outside the clone) on an ext4 image, labelled from trusted media
# (the initramfs) in fix mode, then booted as root with its own init
# (vm/debian/guest/itest-init: EVM key and policy first), in enforce mode:
#   admin      dpkg -i/-r, useradd, ldconfig, tar, rm -rf, mv across
#              parents, a FIFO, symlink, device node and socket
#   check      the next boot: the whole root walked (every directory
#              listed, symlink read, special file opened, root-owned file
#              read), dpkg --verify clean, no integrity refusal
#   cuts       power cuts during dpkg installs and removals (on copies):
#              e2fsck -fy, then a walk from the initramfs finds no refused
#              directory or special file (regular files refused by stock
#              IMA are reported apart, in the cut report)
#   drift      a boot without the policy changes /var/log, /tmp, /etc and
#              /root (on copies). With the EVM key loaded, the next
#              protected boot must still use them (D1, vm/findings/open);
#              without it they are refused like an offline change, and the
#              documented recovery (find them from trusted media, relabel
#              in fix mode) brings them back
#   tamper     an offline rename in /usr/bin: the walk refuses exactly
#              /usr/bin, audited (the base kernel, today's IMA/EVM, does
#              not see it); from trusted media ima-dirtool verify -r
#              names it and dpkg --verify the missing name; the admin
#              undoes it, and the root boots and works again
#   usage: debian.sh [patched|patched-debug|patched-gcov]
#   env:   DEBIAN_CUTS (power cuts, default 2), DEBIAN_SEED (first seed,
#          default the time), DEBIAN_PARTS (what runs after label, admin
#          and check: words of drift, cuts, tamper; default all three)
# Results: build/results/debian-KERNEL.tap and the boots'
# vm-debian-KERNEL-*.tap; the cuts' figures: build/debian/cuts-KERNEL.md.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../../ci/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"

k=$(series_kernel "$@")
kernel=$BUILD/kernels/$k.bzImage
[ -f "$kernel" ] || die "no kernel $kernel: run 'make kernels' (or 'make kernel-debug')"
label=$(label_kernel "$k")
base=$BUILD/kernels/base.bzImage
[ -f "$base" ] || die "no kernel $base (the negative control): run 'make kernel-base'"
cuts=${DEBIAN_CUTS:-2} seed0=${DEBIAN_SEED:-$(date +%s)}
if ! [[ $cuts =~ ^[0-9]+$ ]] || ! [[ $seed0 =~ ^[0-9]+$ ]]; then
	die "DEBIAN_CUTS and DEBIAN_SEED must be numbers"
fi
parts=${DEBIAN_PARTS-drift cuts tamper}
for p in $parts; do
	case $p in drift | cuts | tamper) ;; *) die "DEBIAN_PARTS: unknown part '$p' (drift, cuts, tamper)" ;; esac
done
# part NAME: NAME is one of the parts to run
part() { [[ " $parts " == *" $1 "* ]]; }
need e2fsck debugfs tar
itest=$BUILD/vm/initramfs/bin/itest
[ -x "$itest" ] || die "no static $itest: run 'make initramfs'"
open=$(findings_open "" | paste -sd " ")
export FINDINGS_OPEN=$open QEMU_MEM=${QEMU_MEM:-1024}
uuid=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0a0d16
name=debian-$k
work=$BUILD/vm/$name
report=$BUILD/debian/cuts-$k.md
rm -rf "$work"
results_clear "$name"
mkdir -p "$work" "$BUILD/debian"
cache=$("$TOP/vm/debian/mkroot.sh")

# The root: the pinned minbase, the init and the stages, the workload.
src=$work/src
mkdir -p "$src"
tar -xf "$cache/root.tar" -C "$src" --numeric-owner
install -D -m 0755 "$TOP/vm/debian/guest/itest-init" "$src/usr/local/sbin/itest-init"
install -m 0755 "$itest" "$src/usr/local/sbin/itest"
install -D -m 0644 "$TOP/vm/guest/lib.sh" "$src/usr/local/lib/itest/lib.sh"
install -m 0644 "$TOP"/vm/debian/guest/*.sh "$src/usr/local/lib/itest/"
install -d -m 0700 "$src/root/debs"
install -m 0644 "$cache"/debs/*.deb "$src/root/debs/"
# A tree to unpack (files, directories, symlinks), one to remove, one to
# move across parents.
mkdir -p "$work/tar/proj" "$src/srv/old" "$src/srv/from/moved/sub"
for d in a b c d; do
	mkdir -p "$work/tar/proj/$d" "$src/srv/old/$d"
	for i in $(seq 1 40); do
		echo "$d $i" >"$work/tar/proj/$d/f$i.txt"
		echo "old $d $i" >"$src/srv/old/$d/f$i.txt"
	done
	ln -s "../a/f1.txt" "$work/tar/proj/$d/link"
done
echo moved >"$src/srv/from/moved/sub/m.txt"
tar -czf "$src/root/work.tar.gz" -C "$work/tar" --owner=0 --group=0 proj
img=$work/root.img
"$TOP/vm/mkdisk.sh" "$img" "$uuid" "$src" 1024
rm -rf "$src"

rc=0
run() { "$TOP/vm/run-qemu.sh" "$@" || rc=1; }
# root_boot NAME STAGE IMAGE [APPEND]: boot IMAGE as root into STAGE
root_boot() {
	GUEST_ROOT=1 APPEND="itest.uuid=$uuid ${4:-}" TIMEOUT=${TIMEOUT:-600} \
		run "$name-$1" "$kernel" "$2" "$3"
}
# media_boot NAME TEST IMAGE [APPEND]: boot the initramfs (trusted media)
# with IMAGE as its first disk
media_boot() {
	APPEND="itest.uuid=$uuid ${4:-}" TIMEOUT=${TIMEOUT:-600} run "$name-$1" "$kernel" "$2" "$3"
}
APPEND="ima_appraise=fix evm=fix itest.uuid=$uuid" TIMEOUT=900 \
	run "$name-label" "$label" debian-label "$img"
root_boot admin admin "$img"
root_boot check check "$img"

# Drift: a rescue boot on a copy, then the protected boot, the documented
# recovery (relabel in fix mode from trusted media) and the protected boot.
if part drift; then
	# drift_run NAME POLICY DRIFT: a boot with itest.policy=POLICY changes
	# the root (a copy), then the protected boot checks it (itest.drift=)
	drift_run() {
		cp --sparse=always "$img" "$work/$1.img"
		root_boot "$1-rescue" rescue-changes "$work/$1.img" "itest.policy=$2"
		root_boot "$1-check" drift-check "$work/$1.img" "itest.drift=$3"
	}
	# The key was loaded, the policy was not: nothing may be refused (D1).
	drift_run drift-keyonly keyonly keyonly
	rm -f "$work/drift-keyonly.img"
	# Neither: the changes are refused like an offline change; the admin
	# finds them from trusted media, relabels in fix mode, and the root
	# works again.
	drift_run drift-nokey none nokey
	media_boot drift-nokey-find debian-rescue "$work/drift-nokey.img" \
		itest.expect=/etc,/root,/tmp,/tmp/rescue,/var/log
	APPEND="ima_appraise=fix evm=fix itest.uuid=$uuid" TIMEOUT=900 \
		run "$name-drift-nokey-relabel" "$label" debian-label "$work/drift-nokey.img"
	root_boot drift-nokey-recovered drift-check "$work/drift-nokey.img" itest.drift=relabelled
	rm -f "$work/drift-nokey.img"
fi

# Power cuts during dpkg, each on a copy of the checked root.
if part cuts; then
	tap_open "$name"
	rows=()
	span=12000
	for ((c = 1; c <= cuts; c++)); do
		seed=$((seed0 + c))
		RANDOM=$seed
		delay=$((4000 + (RANDOM * 32768 + RANDOM) % span))
		cimg=$work/cut$c.img
		cp --sparse=always "$img" "$cimg"
		cut_ok=0
		GUEST_ROOT=1 APPEND="itest.uuid=$uuid" \
			"$TOP/vm/cut-qemu.sh" "$name-cut$c-dpkg" "$kernel" cut-dpkg "$delay" "$cimg" || cut_ok=1
		tap_result "$cut_ok" "cut $c (seed $seed): dpkg ran and the power was cut at $delay ms" \
			"see $LOGS/vm/$name-cut$c-dpkg.console"
		ops=$(tr -d '\r' <"$LOGS/vm/$name-cut$c-dpkg.ktap" | grep -c '^op ' || true)
		last=$(tr -d '\r' <"$LOGS/vm/$name-cut$c-dpkg.ktap" | grep '^op ' | tail -n 1 || true)
		fsck_rc=0
		e2fsck -fy "$cimg" >"$work/cut$c.fsck" 2>&1 || fsck_rc=$?
		tap_result "$([ "$fsck_rc" -lt 4 ] && echo 0 || echo 1)" \
			"cut $c: e2fsck -fy left a consistent file system (exit $fsck_rc)" "see $work/cut$c.fsck"
		# Changes e2fsck made to directory entries are offline changes:
		# counted, so that a refusal they cause is told apart.
		entry_fixes=$(grep -cE "^Entry '|Unconnected directory|lost\+found|^Missing '\.'" \
			"$work/cut$c.fsck" || true)
		media_boot "cut$c-walk" debian-walk "$cimg" "ima_appraise=enforce itest.files=apart"
		wktap=$LOGS/vm/$name-cut$c-walk.ktap
		files=$(tr -d '\r' <"$wktap" | sed -n 's/^# files refused: \([0-9]*\).*/\1/p')
		refused=$(grep -c '^not ok ' "$RESULTS/vm-$name-cut$c-walk.tap" 2>/dev/null || true)
		refused=${refused:-0}
		rows+=("| $c | $seed | $delay | $ops (${last:-none}) | $fsck_rc / $entry_fixes | $refused | ${files:-?} |")
		[ "$refused" -ne 0 ] || rm -f "$cimg"
	done
	{
		echo "## Power cuts during dpkg on the Debian root ($k kernel)"
		echo
		echo "$(date -u '+%F %T') UTC; kernel build/kernels/$k.bzImage, sha256 $(sha256sum "$kernel" | cut -c1-12);"
		echo "seeds $((seed0 + 1))..$((seed0 + cuts)) (rerun: DEBIAN_SEED=$seed0 DEBIAN_CUTS=$cuts vm/tests/debian.sh $k);"
		echo "cut 4..16 s into a loop of dpkg -i tree cpio, dpkg -r tree cpio less, dpkg -i less;"
		echo "QEMU cache=writethrough; e2fsck -fy, then a walk of the whole root from the initramfs in enforce mode."
		echo
		echo "| cut | seed | at (ms) | dpkg steps logged (last) | e2fsck exit / directory-entry fixes | walk results failed (directories, special files) | regular files refused (stock IMA) |"
		echo "| --- | --- | --- | --- | --- | --- | --- |"
		printf '%s\n' "${rows[@]}"
	} >"$report"
	cat "$report"
	tap_close || rc=1
fi

# Tamper, on the checked root: an offline rename in /usr/bin.
if part tamper; then
	"$TOP/vm/offline.sh" "$img" rename /usr/bin/tac /usr/bin/t4c
	media_boot tamper-walk debian-walk "$img" "ima_appraise=enforce itest.refused=/usr/bin"
	# What a user who boots it sees.
	root_boot tamper-boot tampered "$img"
	# The negative control: today's IMA/EVM (the base kernel) does not see it.
	APPEND="itest.uuid=$uuid ima_appraise=enforce itest.refused=/usr/bin itest.policy=files" \
		TIMEOUT=600 run "$name-tamper-base" "$base" debian-walk "$img"
	media_boot tamper-rescue debian-rescue "$img" \
		"itest.expect=/usr/bin itest.undo=/usr/bin/t4c:/usr/bin/tac"
	root_boot recovered recovered "$img"
fi
exit "$rc"
