#!/usr/bin/env bash
# Print the QEMU accelerator to use: QEMU_ACCEL if set, else "kvm" only if a
# probe boot of KERNEL under KVM completes, else "tcg" (nested KVM hangs or
# aborts on some machines). The verdict is cached in build/vm/accel.
#   usage: accel.sh KERNEL
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"

[ $# -eq 1 ] || die "usage: ${0##*/} KERNEL"
if [ -n "${QEMU_ACCEL:-}" ]; then
	echo "$QEMU_ACCEL"
	exit 0
fi
cache=$BUILD/vm/accel
if [ -s "$cache" ]; then
	cat "$cache"
	exit 0
fi
mkdir -p "$BUILD/vm" "$LOGS/vm"
accel=tcg
if [ -c /dev/kvm ] && [ -w /dev/kvm ]; then
	probe=$LOGS/vm/kvm-probe.ktap
	rm -f "$probe"
	timeout -k 2 20 qemu-system-x86_64 -nodefaults -no-user-config -no-reboot \
		-display none -accel kvm -m 256 -kernel "$1" \
		-initrd "$BUILD/vm/initramfs.cpio.gz" \
		-append "console=ttyS0 panic=-1 itest=probe" \
		-serial "file:$LOGS/vm/kvm-probe.console" -serial "file:$probe" \
		>/dev/null 2>&1 || true
	if grep -q '^itest: done' "$probe" 2>/dev/null; then
		accel=kvm
	fi
	log "KVM probe boot: $([ $accel = kvm ] && echo ok || echo 'failed, using TCG')"
fi
echo "$accel" >"$cache.$$"
mv -f "$cache.$$" "$cache"
echo "$accel"
