#!/usr/bin/env bash
# Build a test kernel of the selected base (BASE=mainline|stable-6.12):
# tinyconfig + the fragments in vm/ (vm/kernel.config, then
# vm/kernel-series.config for the patched tree (and vm/kernel-keyed.config
# for a series with keyed values, v2), vm/kernel-debug.config for
# debug, vm/kernel-modular.config for modular (ext4 and overlayfs as
# modules, built with them; not booted), vm/kernel-gcov.config for gcov
# (gcov profiling of the .c files the series changes, for make coverage),
# and last vm/kernel-$BASE.config if it exists: the options that
# differ between bases), out of tree, with ccache and all cores, under the
# machine-wide kernel-build lock ($IMA_DIR_CACHE/kernel-build.lock).
#   usage: build-kernel.sh base|patched [debug|modular|gcov]
# Result: build/kernels/<tree>[-debug|-modular|-gcov].bzImage (build/BASE/kernels/ for a
# base other than mainline)
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

usage() { die "usage: ${0##*/} base|patched [debug|modular|gcov]"; }
if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage; fi
frags=("$TOP/vm/kernel.config")
case $1 in
base) src=$KBASE ;;
patched)
	src=$KTREE
	frags+=("$TOP/vm/kernel-series.config")
	# A series with keyed values (v2): vm/tests/tool.sh's ima-dirtool
	# reads each inode's generation from its file handle.
	! series_keyed || frags+=("$TOP/vm/kernel-keyed.config")
	;;
*) usage ;;
esac
name=$1 targets=(bzImage)
if [ $# -eq 2 ]; then
	case $2 in
	debug | modular | gcov) ;;
	*) usage ;;
	esac
	name=$name-$2
	frags+=("$TOP/vm/kernel-$2.config")
	[ "$2" != modular ] || targets+=(modules)
fi
# gcov: profile exactly the kernel .c files the series changes (their
# objects, by name: GCOV_PROFILE_<name>.o=y on the command line).
profile=()
if [ "$name" = patched-gcov ]; then
	while IFS= read -r f; do
		f=${f##*/}
		profile+=("GCOV_PROFILE_${f%.c}.o=y")
	done < <(git -C "$src" diff --name-only "$BASE_TAG" HEAD -- '*.c' ':!tools/')
	[ ${#profile[@]} -gt 0 ] || die "no .c file changed between $BASE_TAG and HEAD in $src"
fi
[ ! -f "$TOP/vm/kernel-$BASE.config" ] || frags+=("$TOP/vm/kernel-$BASE.config")

need make gcc ccache flex bison bc flock
[ -f "$src/Makefile" ] || die "no kernel tree at $src: run 'make tree BASE=$BASE' first"
out=$BUILD/obj/$name
mkdir -p "$out" "$BUILD/kernels"
export KBUILD_BUILD_TIMESTAMP='2000-01-01'
export KBUILD_BUILD_USER=ci KBUILD_BUILD_HOST=ci
kmake() { make -s -C "$src" O="$out" CC="ccache gcc" "$@"; }

# Two kernel builds at once only slow each other down on this 2-core
# machine (and could share an object folder): wait for the other one, of
# this clone or any other (the lock is in the cache folder).
kernel_build_lock

stamp=$(cat "${frags[@]}" | sha256sum | cut -d' ' -f1)
if [ ! -f "$out/.config" ] || [ "$(cat "$out/.frag-stamp" 2>/dev/null)" != "$stamp" ]; then
	log "configuring $name: tinyconfig + ${frags[*]##*/}"
	kmake tinyconfig >/dev/null
	"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "${frags[@]}" >/dev/null
	kmake olddefconfig >/dev/null
	# merge_config only warns: every requested value must have stuck (the
	# last fragment that sets an option wins).
	declare -A want=()
	while IFS= read -r line; do
		case $line in
		CONFIG_*=n) want[${line%%=*}]="# ${line%=n} is not set" ;;
		CONFIG_*=*) want[${line%%=*}]=$line ;;
		esac
	done < <(cat "${frags[@]}")
	missing=()
	for opt in "${!want[@]}"; do
		grep -qxF -- "${want[$opt]}" "$out/.config" || missing+=("${want[$opt]}")
	done
	[ ${#missing[@]} -eq 0 ] ||
		die "$name: these fragment options did not stick (missing dependency?): ${missing[*]}"
	echo "$stamp" >"$out/.frag-stamp"
fi

log "building $name kernel of base $BASE ($BASE_TAG) in $out"
kmake -j"$(nproc)" "${profile[@]}" "${targets[@]}"
cp "$out/arch/x86/boot/bzImage" "$BUILD/kernels/$name.bzImage"
log "built $BUILD/kernels/$name.bzImage"
