#!/usr/bin/env bash
# Build the guest initramfs: busybox-static, the project's static C helpers,
# /init and the guest test scripts, as a gzip'd newc cpio written with the
# kernel's gen_init_cpio (no root needed for device nodes).
#   usage: mkinitramfs.sh OUT.cpio.gz
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"

[ $# -eq 1 ] || die "usage: ${0##*/} OUT.cpio.gz"
out=$1
need gcc gzip make
busybox=/bin/busybox
if ! file -L "$busybox" 2>/dev/null | grep -q 'statically linked'; then
	die "$busybox is missing or not static: install busybox-static ('make deps')"
fi
gen=$KBASE/usr/gen_init_cpio.c
[ -f "$gen" ] || die "no $gen: run 'make tree' first"

work=$BUILD/vm/initramfs
rm -rf "$work"
mkdir -p "$work/bin"
gcc -O2 -o "$work/gen_init_cpio" "$gen"
for src in "$TOP"/vm/helpers/*.c; do
	prog=$(basename "$src" .c)
	gcc -static -O2 -Wall -Wextra -Werror -o "$work/bin/$prog" "$src" ||
		die "cannot build the static helper $src (is libc6-dev installed?)"
done
# ima-dirtool (the project's labelling tool), linked statically.
make -s -C "$TOP/ima-dirtool" static BUILDDIR="$BUILD/ima-dirtool" 2>"$work/ima-dirtool.log" ||
	die "cannot build ima-dirtool statically (see $work/ima-dirtool.log; is libssl-dev installed? 'make deps')"
cp "$BUILD/ima-dirtool/static/ima-dirtool" "$work/bin/ima-dirtool"
# The series' kselftest, when the kernel tree has it (vm/tests/selftest.sh).
kself=$KTREE/tools/testing/selftests/ima/ima_dir_offline_test.c
if [ -f "$kself" ]; then
	gcc -static -O2 -Wall -Werror -o "$work/bin/ima_dir_offline_test" "$kself" ||
		die "cannot build the kselftest $kself"
fi

{
	for d in /bin /dev /proc /sys /tmp /mnt /root /etc /tests; do
		echo "dir $d 0755 0 0"
	done
	echo "nod /dev/console 0600 0 0 c 5 1"
	echo "nod /dev/null 0666 0 0 c 1 3"
	echo "file /bin/busybox $busybox 0755 0 0"
	echo "slink /bin/sh busybox 0777 0 0"
	echo "file /init $TOP/vm/guest/init 0755 0 0"
	echo "file /tests/lib.sh $TOP/vm/guest/lib.sh 0644 0 0"
	for f in "$work"/bin/*; do
		echo "file /bin/${f##*/} $f 0755 0 0"
	done
	for f in "$TOP"/vm/tests/guest/*.sh; do
		[ -e "$f" ] || continue
		echo "file /tests/${f##*/} $f 0755 0 0"
	done
} >"$work/list"

mkdir -p "$(dirname "$out")"
"$work/gen_init_cpio" "$work/list" | gzip -n -9 >"$out.part"
mv "$out.part" "$out"
log "built $out"
