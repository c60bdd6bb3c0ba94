#!/usr/bin/env bash
# Every patch builds and boots on its own: build the patched test kernel
# at each commit of the series (series/vN applied, branch series/vN of the
# kernel tree) in a worktree of its own, and boot each kernel once.
#   usage: build-each.sh [vN]     results: build/results/build-each.tap
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"

v=${1:-$(series_version)}
need git make gcc ccache flock
branch=series/$v
git -C "$KTREE" rev-parse -q --verify "refs/heads/$branch" >/dev/null ||
	die "no branch $branch in $KTREE: run 'make tree'"
config=$BUILD/obj/patched/.config
[ -f "$config" ] || die "no $config: run 'make kernel-patched' first"
[ -f "$BUILD/vm/initramfs.cpio.gz" ] || die "no initramfs: run 'make initramfs'"

wt=$BUILD/linux-each
if [ ! -d "$wt" ]; then
	git -C "$KTREE" worktree prune
	git -C "$KTREE" worktree add -q --detach "$wt" "$BASE_TAG"
fi
out=$BUILD/obj/each
mkdir -p "$out"
export KBUILD_BUILD_TIMESTAMP='2000-01-01' KBUILD_BUILD_USER=ci KBUILD_BUILD_HOST=ci

# Kernel builds: one at a time on the machine.
kernel_build_lock
mapfile -t commits < <(git -C "$KTREE" rev-list --reverse "$BASE_TAG..$branch")
[ ${#commits[@]} -gt 0 ] || die "$branch has no commits over $BASE_TAG"
tap_open build-each
n=0
for c in "${commits[@]}"; do
	n=$((n + 1))
	subject=$(git -C "$KTREE" log -1 --format=%s "$c")
	desc="patch $n/${#commits[@]} ($subject)"
	git -C "$wt" checkout -q --detach "$c"
	# The final patched config; options of later patches drop out.
	cp "$config" "$out/.config"
	log "$desc: building"
	rc=0
	make -s -C "$wt" O="$out" CC="ccache gcc" olddefconfig >/dev/null &&
		make -s -C "$wt" O="$out" CC="ccache gcc" -j"$(nproc)" bzImage \
			>"$LOGS/build-each-$n.log" 2>&1 || rc=$?
	tap_result "$rc" "$desc builds" "see $LOGS/build-each-$n.log"
	[ "$rc" -eq 0 ] || continue
	cp "$out/arch/x86/boot/bzImage" "$BUILD/kernels/each-$n.bzImage"
	rc=0
	"$TOP/vm/run-qemu.sh" "each-$n" "$BUILD/kernels/each-$n.bzImage" probe >/dev/null || rc=$?
	tap_result "$rc" "$desc boots and runs a guest test" "see $LOGS/vm/each-$n.console"
done
tap_close
