#!/usr/bin/env bash
# Hostile images: ext4 images made or edited offline (mke2fs -d, debugfs)
# that the series must refuse or handle, never crash on, hang on or leak on.
# Image 1, labelled in fix mode, then edited: malformed security.ima and
# security.evm values on directories, symlinks and device nodes; names of
# 255 bytes and odd bytes; a symlink with a 4095-byte target; device nodes
# 4095:1048575 (ext4's new encoding); a directory linked into its own
# subdirectory (before and after labelling); inodes whose type disagrees
# with their directory entry. Image 2: a directory of 100 000 entries
# (FAULTS_BIG) made by the kernel and one of 300 as mke2fs -d writes it
# (linear, several blocks), labelled in fix mode, verified and changed in
# enforce mode; then reindexed with e2fsck -D and verified after a reboot
# (the changes persisted) and changed again. Each boot's
# console must show no splat (run-qemu.sh).
#   usage: faults-hostile.sh [patched|patched-debug|patched-gcov]
#   env:   FAULTS_BIG (default 100000), FAULTS_ROUNDS (how often the check
#          boot uses every case again, default 20 on patched, 5 on
#          patched-debug: each round there takes about 3 s, and kmemleak
#          finds a single leaked object where the slab figure needs many)
# Figures: build/faults/hostile-KERNEL.md; results: build/results/faults-
# hostile-KERNEL.tap (one per boot) and the boots' vm-faults-hostile-
# KERNEL-*.tap.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../../ci/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"
# shellcheck source=vm/tests/faults-lib.sh
. "$TOP/vm/tests/faults-lib.sh"

k=$(series_kernel "$@")
big=${FAULTS_BIG:-100000}
[[ $big =~ ^[1-9][0-9]+$ ]] || die "FAULTS_BIG must be a number above 9"
rounds=${FAULTS_ROUNDS:-$([ "$k" = patched ] && echo 20 || echo 5)}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "FAULTS_ROUNDS must be a positive number"
need debugfs e2fsck xxd
[ -f "$BUILD/kernels/$k.bzImage" ] ||
	die "no kernel $BUILD/kernels/$k.bzImage: run 'make kernels' (or 'make kernel-debug')"
uuid=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0a0008
name=faults-hostile-$k
work=$BUILD/vm/$name
report=$BUILD/faults/hostile-$k.md
rm -rf "$work"
results_clear "$name"
mkdir -p "$work" "$BUILD/faults"
# Every boot of a run uses the same kernel, even if it is rebuilt meanwhile.
kernel=$work/$k.bzImage
cp -p "$BUILD/kernels/$k.bzImage" "$kernel"
slow=1
[ "$k" = patched ] || slow=4

# dfs IMAGE REQUEST...: debugfs requests that must all succeed
dfs() {
	local img=$1 out
	shift
	printf '%s\n' "$@" >"$work/requests"
	out=$(debugfs -w -f "$work/requests" "$img" 2>&1) || die "debugfs failed on $img: $out"
	if grep -vE '^(debugfs [0-9]|debugfs: |Allocated inode: [0-9]+$)' <<<"$out" | grep -q .; then
		die "debugfs '$*' on $img: $out"
	fi
}
# rep BYTE COUNT: COUNT times the hex byte BYTE
rep() { local s; s=$(printf "%${2}s" ''); echo "${s// /$1}"; }

# Image 1.
t=$work/src/tree/h
x254=$(printf '%0254d' 0 | tr 0 x)
odd=$'odd\nname\xff\x01end'
mkdir -p "$t"/{keep,names,names-atk,longlink,longlink2,maxdev,maxdev2,loop/a/b,loop2/a/b,type/dir2reg,typel,mal,malsp}
echo keep >"$t/keep/a.txt"
ln -s a.txt "$t/keep/l"
echo f >"$t/names/f$x254"
mkdir "$t/names/d$x254"
ln -s "f$x254" "$t/names/l$x254"
mkfifo "$t/names/p$x254"
echo odd >"$t/names/$odd"
echo r >"$t/names-atk/r$x254"
target=$(printf 'a/%.0s' $(seq 2047))a
[ ${#target} -eq 4095 ] || die "the long symlink target is ${#target} bytes, not 4095"
ln -s "$target" "$t/longlink/l"
ln -s "$target" "$t/longlink2/l"
echo b >"$t/loop/a/b/f"
echo b >"$t/loop2/a/b/f"
echo r >"$t/type/reg2fifo"
mkfifo "$t/type/fifo2reg"
# In a directory of its own: ext4 cannot read it back (EUCLEAN), and a
# directory whose entries cannot all be looked up fails as a whole on v2.
ln -s target "$t/typel/lnk2reg"
echo r >"$t/type/reg2lnk"
echo d >"$t/type/dir2reg/f"
echo r >"$t/type/reg2dir"
ima_cases=(empty trunc unknown-type oversized huge signature verity-sig unknown-algo sha1-v1
	algo-len algo-other)
evm_cases=(removed empty trunc unknown-type oversized forged digsig portable digsig-badalgo
	ima-type)
for c in "${ima_cases[@]/#/ima-}" "${evm_cases[@]/#/evm-}"; do
	mkdir "$t/mal/$c"
	echo m >"$t/mal/$c/m.txt"
	ln -s ../../keep/a.txt "$t/malsp/$c-l"
done
img=$work/hostile.img
"$TOP/vm/mkdisk.sh" "$img" "$uuid" "$work/src"
dev_nodes=()
for c in "${ima_cases[@]/#/ima-}" "${evm_cases[@]/#/evm-}"; do
	dev_nodes+=("malsp/$c-c")
done
for n in "${dev_nodes[@]}" type/dev2fifo maxdev/cmax maxdev2/cmax; do
	"$TOP/vm/offline.sh" "$img" node "/tree/h/$n" c 1 3
done
"$TOP/vm/offline.sh" "$img" node /tree/h/maxdev/bmax b 1 3
# The largest device number, 4095:1048575, only fits ext4's new encoding
# (i_block[1]; i_block[0] must be 0).
for n in maxdev/cmax maxdev/bmax maxdev2/cmax; do
	dfs "$img" "sif /tree/h/$n block[0] 0" "sif /tree/h/$n block[1] 0xffffffff"
done
debugfs -R "stat /tree/h/maxdev/cmax" "$img" 2>/dev/null | grep -q 'Device major/minor number: 4095:1048575' ||
	die "debugfs does not show 4095:1048575 for maxdev/cmax"
# A directory linked into its own subdirectory before labelling.
dfs "$img" "ln /tree/h/loop2/a /tree/h/loop2/a/b/back"

tap_open "$name"
TIMEOUT=$((300 * slow)) APPEND="ima_appraise=fix evm=fix itest.uuid=$uuid" \
	boot "$name-label" "$kernel" faults-hlabel "$img" || true

# Offline edits of the labelled image.
off() { "$TOP/vm/offline.sh" "$img" "$@"; }
off rename "/tree/h/names-atk/r$x254" "/tree/h/names-atk/s$x254"
off modify /tree/h/longlink2/l
dfs "$img" "sif /tree/h/maxdev2/cmax block[1] 0xfffffffe"
dfs "$img" "ln /tree/h/loop/a /tree/h/loop/a/b/back"
declare -A modes=([type/reg2fifo]=010644 [type/fifo2reg]=0100644 [typel/lnk2reg]=0100777
	[type/dev2fifo]=010644 [type/reg2lnk]=0120777 [type/dir2reg]=0100755 [type/reg2dir]=040755)
for n in "${!modes[@]}"; do
	dfs "$img" "sif /tree/h/$n mode ${modes[$n]}"
done
# Malformed security.ima: IMA_XATTR_DIGEST_NG (04) + algo (04 = sha256) +
# digest is what the series writes.
declare -A ima=(
	[empty]=""
	[trunc]="0404$(rep 11 10)"
	[unknown-type]="ff04$(rep 22 32)"
	[oversized]="0404$(rep 33 132)"
	[huge]="0404$(rep 34 3000)"
	[signature]="0302$(rep 44 40)"
	[verity-sig]="0602$(rep 45 40)"
	[unknown-algo]="04ff$(rep 55 32)"
	[sha1-v1]="01$(rep 66 20)"
	[algo-len]="0402$(rep 77 32)"
	[algo-other]="0402$(rep 88 20)"
)
# Malformed security.evm: EVM_XATTR_HMAC (02) + 20-byte HMAC is what EVM
# writes; 03/05 are (portable) signatures: type, version 2, hash algo,
# key id (4 bytes), signature size (big endian), signature.
declare -A evm=(
	[empty]=""
	[trunc]="02$(rep 12 10)"
	[unknown-type]="ff$(rep 23 20)"
	[oversized]="02$(rep 35 2000)"
	[forged]="02$(rep 46 20)"
	[digsig]="030204deadbeef0010$(rep 57 16)"
	[portable]="050204deadbeef0010$(rep 68 16)"
	[digsig-badalgo]="0302ffdeadbeef0010$(rep 79 16)"
	[ima-type]="0404$(rep 8a 32)"
)
for c in "${ima_cases[@]}"; do
	for p in "mal/ima-$c" "malsp/ima-$c-l" "malsp/ima-$c-c"; do
		off setxattr "/tree/h/$p" security.ima "${ima[$c]}"
	done
done
for c in "${evm_cases[@]}"; do
	for p in "mal/evm-$c" "malsp/evm-$c-l" "malsp/evm-$c-c"; do
		if [ "$c" = removed ]; then
			off rmxattr "/tree/h/$p" security.evm
		else
			off setxattr "/tree/h/$p" security.evm "${evm[$c]}"
		fi
	done
done
TIMEOUT=$((600 * slow)) APPEND="ima_appraise=enforce itest.uuid=$uuid itest.rounds=$rounds" \
	boot "$name-check" "$kernel" faults-hcheck "$img" || true

# Image 2: a directory of $big entries made by the kernel (indexed), and
# one of 300 entries (several blocks) as mke2fs -d writes it (linear).
b=$work/bsrc/tree
mkdir -p "$b/mid"
for ((i = 0; i < 300; i++)); do
	: >"$b/mid/$(printf 'f%06d' "$i")"
done
bimg=$work/bigdir.img
# Above 512 MB mke2fs makes an inode every 16 kB.
"$TOP/vm/mkdisk.sh" "$bimg" "$uuid" "$work/bsrc" $((big * 24 / 1000 + 600))
bapp="itest.uuid=$uuid itest.big=$big"
TIMEOUT=$((600 * slow)) APPEND="$bapp" \
	boot "$name-big-fill" "$kernel" faults-mkbig "$bimg" || true
TIMEOUT=$((300 * slow)) APPEND="ima_appraise=fix evm=fix itest.noread=1 $bapp" \
	boot "$name-big-label" "$kernel" faults-hlabel "$bimg" || true
# Changing the linear directory may hang: on a copy, with a short limit.
cp --sparse=always "$bimg" "$work/linear.img"
TIMEOUT=$((180 * slow)) APPEND="ima_appraise=enforce itest.step=linear $bapp" \
	boot "$name-big-linear" "$kernel" faults-bigdir "$work/linear.img" || true
rm -f "$work/linear.img"
TIMEOUT=$((300 * slow)) APPEND="ima_appraise=enforce itest.step=big $bapp" \
	boot "$name-big-change" "$kernel" faults-bigdir "$bimg" || true
e2fsck -fyD "$bimg" >"$work/index.fsck" 2>&1 || [ $? -lt 4 ] ||
	die "e2fsck -fyD failed on $bimg: see $work/index.fsck"
TIMEOUT=$((300 * slow)) APPEND="ima_appraise=enforce itest.step=reboot $bapp" \
	boot "$name-big-reboot" "$kernel" faults-bigdir "$bimg" || true

# The figures: each case and its outcome, the times, the leak check.
{
	echo "## Hostile images ($k kernel)"
	echo
	echo "$(date -u '+%F %T') UTC; kernel build/kernels/$k.bzImage of $(stat -c %y "$kernel" | cut -d. -f1), sha256 $(sha256sum "$kernel" | cut -c1-12)."
	echo
	echo "| case | outcome | verdict |"
	echo "| --- | --- | --- |"
	tr -d '\r' <"$RESULTS/vm-$name-check.tap" 2>/dev/null |
		sed -n 's/^\(not \)\{0,1\}ok [0-9]* [^:]*: hostile: \(.*\) -> \([^#]*\)\( # \(.*\)\)\{0,1\}$/| \2 | \3 | \1ok\5 |/p' |
		sed 's/| not ok\(.*\) |$/| FAIL (\1) |/; s/| ok |$/| pass |/'
	echo
	for f in check big-fill big-label big-linear big-change big-reboot; do
		[ -f "$LOGS/vm/$name-$f.ktap" ] || continue
		tr -d '\r' <"$LOGS/vm/$name-$f.ktap" | grep -E '^# (time|leak|kmemleak):' |
			sed "s/^# /- $f: /" || true
	done
	for f in big-fill big-label big-linear big-change big-reboot; do
		grep -h "^not ok .*$name-$f: .*timed out" "$RESULTS/vm-$name-$f.tap"* 2>/dev/null |
			sed "s/^not ok [0-9]* /- HANG: /" || true
		last=$(tr -d '\r' <"$LOGS/vm/$name-$f.ktap" 2>/dev/null | grep '^# running: ' | tail -n 1 ||
			true)
		if grep -qs "timed out" "$RESULTS/vm-$name-$f.tap"*; then
			echo "  - last step started: ${last#\# running: }"
		fi
	done
	echo
} >"$report"
tap_close || true
mapfile -t boots < <(boot_files "$RESULTS" "vm-$name" .tap)
{
	echo "Results: $(cat "$RESULTS/$name.tap" "${boots[@]}" | grep -c '^ok ') passed," \
		"$(cat "$RESULTS/$name.tap" "${boots[@]}" | grep -c '^not ok ' || true) failed" \
		"(build/results/$name.tap, vm-$name-*.tap)."
	echo
} >>"$report"
cat "$report"
# Fail if any boot or host check failed.
! grep -q '^not ok ' "$RESULTS/$name.tap" "${boots[@]}"
