# shellcheck shell=bash
# shellcheck disable=SC2034 # the paths are used by the scripts that source this
# Common definitions for the project's scripts: paths, pins and error helpers.
# Sourced, never run.
#
# BASE=mainline|stable-6.12 (default mainline) selects the kernel base: its
# pin, series folder and build folder come from ci/bases/$BASE.env.
# IMA_DIR_CACHE (default ${XDG_CACHE_HOME:-$HOME/.cache}/ima-dir-integrity)
# holds what is expensive and reusable across clones: downloads, private apt
# state, the pristine base trees, ccache and the kernel-build lock.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

die() {
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

log() {
	printf '%s: %s\n' "${0##*/}" "$*" >&2
}

# bases: print the names of the bases (ci/bases/*.env), mainline first
bases() {
	local f
	echo mainline
	for f in "$TOP"/ci/bases/*.env; do
		f=${f##*/}
		[ "${f%.env}" = mainline ] || echo "${f%.env}"
	done
}

BASE=${BASE:-mainline}
{ [[ $BASE =~ ^[A-Za-z0-9._-]+$ ]] && [ -f "$TOP/ci/bases/$BASE.env" ]; } ||
	die "unknown BASE=$BASE: use one of $(bases | tr '\n' ' ')(files ci/bases/*.env)"
# shellcheck source=ci/bases/mainline.env
. "$TOP/ci/bases/$BASE.env"
# shellcheck source=ci/identity.env
. "$TOP/ci/identity.env"
# WIP=1: work on a version being written, kept in series/wip/ and
# cover-letter/wip/ (and their stable-6.12 counterparts) so that it is never
# the newest version, the one make test checks, before it is complete.
if [ -n "${WIP:-}" ]; then
	BASE_SERIES=$BASE_SERIES/wip
	BASE_COVER=$BASE_COVER/wip
fi

# base_build NAME: print the build folder of base NAME (its BASE_BUILD)
base_build() {
	local b
	b=$(sed -n 's/^BASE_BUILD=//p' "$TOP/ci/bases/$1.env")
	[ -n "$b" ] || die "ci/bases/$1.env sets no BASE_BUILD"
	printf '%s\n' "$TOP/$b"
}

IMA_DIR_CACHE=${IMA_DIR_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ima-dir-integrity}
CACHE=$IMA_DIR_CACHE/src          # downloaded .debs and their tarballs
PRISTINE=$IMA_DIR_CACHE/pristine.git # one commit per base, tagged $BASE_TAG
export CCACHE_DIR=${CCACHE_DIR:-$IMA_DIR_CACHE/ccache}
# Paths under the clone are hashed relative to the build folder, so that a
# clone elsewhere (CI's, a second checkout) hits what this one compiled.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$TOP} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
KERNEL_BUILD_LOCK=$IMA_DIR_CACHE/kernel-build.lock

SERIES=$TOP/$BASE_SERIES   # series/vN/ and series/vN.mbox of this base
COVER=$TOP/$BASE_COVER     # cover-letter/vN of this base
BUILD=${BUILD:-$TOP/$BASE_BUILD}
KTREE=${KTREE:-$BUILD/linux} # patched tree: a git repo, developers edit here
KBASE=$BUILD/linux-base      # worktree at the pristine base tag
SCRATCH=$BUILD/linux-scratch # worktree for round-trip and harness self-tests
LOGS=${LOGS:-$BUILD/logs}
RESULTS=${RESULTS:-$BUILD/results}

need() {
	local cmd
	for cmd in "$@"; do
		command -v "$cmd" >/dev/null 2>&1 ||
			die "'$cmd' not found: run 'make deps' (as root) to install the packages"
	done
}

# series_kernel [KERNEL]: print KERNEL (default patched) if it is a kernel
# with the series (patched or patched-debug); else stop with the usage of a
# test script that takes such a kernel
series_kernel() {
	[ $# -le 1 ] || die "usage: ${0##*/} [patched|patched-debug|patched-gcov]"
	case ${1:-patched} in
	patched | patched-debug | patched-gcov) printf '%s\n' "${1:-patched}" ;;
	*) die "usage: ${0##*/} [patched|patched-debug|patched-gcov]" ;;
	esac
}

# label_kernel K: print the kernel image that labels the test trees of a
# run on kernel K: K itself, but patched.bzImage for patched-debug (the
# same series writes the same labels, and labelling on the debug kernel is
# slow and tested on its own); dies if it is not built.
label_kernel() {
	local img=$BUILD/kernels/$1.bzImage
	[ "$1" != patched-debug ] || img=$BUILD/kernels/patched.bzImage
	[ -f "$img" ] || die "no kernel $img (it labels the test tree): build it ('make kernel-patched', 'make coverage')"
	printf '%s\n' "$img"
}

# newest_version: print the newest vN folder name under this base's series
# folder (empty if none)
newest_version() {
	local d best=0 n
	for d in "$SERIES"/v[0-9]*/; do
		[ -d "$d" ] || continue
		n=${d%/}
		n=${n##*/v}
		[[ $n =~ ^[0-9]+$ ]] || continue
		[ "$n" -gt "$best" ] && best=$n
	done
	[ "$best" -gt 0 ] && printf 'v%s\n' "$best"
	return 0
}

# series_version: print the vN to work on (V=N, else the newest); dies
# naming the base and its folder if there is none
series_version() {
	local ver=${V:+v${V#v}}
	ver=${ver:-$(newest_version)}
	[ -n "$ver" ] ||
		die "no series for base $BASE: ${SERIES#"$TOP"/}/ has no vN folder (export one with 'make export BASE=$BASE', or pick another base: BASE=$(bases | grep -vx "$BASE" | head -n1))"
	[ -d "$SERIES/$ver" ] ||
		die "no series $ver for base $BASE: no folder ${SERIES#"$TOP"/}/$ver"
	printf '%s\n' "$ver"
}

# keyed_type_hex: the type byte of a keyed security.ima value
# (IMA_XATTR_INODE_MAC) in the applied series, as two hex digits; 08, a
# type the kernel does not know, for a series without keyed values (v1,
# where 07 is a pending record) and the base
keyed_type_hex() {
	local n
	n=$(awk '/^enum evm_ima_xattr_type/ { on = 1; next }
		on && /^}/ { exit }
		on { i++ }
		on && $1 == "IMA_XATTR_INODE_MAC," { print i; exit }' \
		"$KTREE/security/integrity/integrity.h" 2>/dev/null)
	printf '%02x\n' "${n:-8}"
}

# series_keyed: succeed if the applied series stores keyed values (v2)
series_keyed() {
	[ -f "$KTREE/security/integrity/ima/ima_dir_update.c" ]
}

# series_format_args: kernel command line words for guest tests that need
# the applied series' value format: itest.keyed=1 for keyed values (v2:
# ima-dirtool gets EVM's key, see tool_keyed in vm/guest/lib.sh), 0 for
# v1's digests; itest.keytype=XX, keyed_type_hex
series_format_args() {
	local keyed=0
	! series_keyed || keyed=1
	printf 'itest.keyed=%s itest.keytype=%s\n' "$keyed" "$(keyed_type_hex)"
}

# series_kunit_suites: print the KUnit suites the applied series defines
# (the .name of each kunit_suite in $KTREE's IMA *kunit*.c files), one a
# line; v1 has ima_dir, v2 ima_dir_mac
series_kunit_suites() {
	sed -n 's/^\t\.name = "\([a-z0-9_]*\)",$/\1/p' \
		"$KTREE"/security/integrity/ima/*kunit*.c 2>/dev/null | sort -u
}

# kernel_build_lock: take the machine-wide kernel-build lock (one kernel
# build at a time on this machine, whichever clone runs it) on fd 9 for
# the rest of the script; waits, saying so, while another build holds it.
kernel_build_lock() {
	[ -z "${KERNEL_BUILD_LOCKED:-}" ] || return 0
	KERNEL_BUILD_LOCKED=1
	mkdir -p "$IMA_DIR_CACHE"
	exec 9>>"$KERNEL_BUILD_LOCK"
	if ! flock -n 9; then
		log "waiting for another kernel build (lock $KERNEL_BUILD_LOCK)"
		flock 9 || die "cannot lock $KERNEL_BUILD_LOCK"
	fi
}

# mksock PATH...: make a unix socket file at each PATH. Each is bound by its
# name relative to its own directory (a subshell cd's there), so the 108-byte
# limit of a socket address never depends on where the clone is.
mksock() {
	local p
	need python3
	for p in "$@"; do
		(cd "$(dirname "$p")" && python3 -c \
			'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
			"./${p##*/}") || die "cannot make a unix socket at $p"
	done
}

# findings_open [VERSION]: print the findings (B1, B2, ..., D1, ...) listed in
# vm/findings/open as not closed by series VERSION (default: the one
# series_version picks) of this base
findings_open() {
	local ver=${1:-} b v f rest
	[ -n "$ver" ] || ver=$(series_version)
	while read -r b v f rest; do
		case $b in '#'* | '') continue ;; esac
		if ! [[ $f =~ ^[BD][0-9]+$ ]] || [ -z "$rest" ]; then
			die "vm/findings/open: bad line '$b $v $f $rest' (want: BASE VERSION B<n>|D<n> WHY)"
		fi
		[ "$b" != "$BASE" ] || [ "$v" != "$ver" ] || printf '%s\n' "$f"
	done <"$TOP/vm/findings/open"
}

# guest_boot_args TEST: set the array GUEST_BOOT to the QEMU options that
# boot the kernel into the guest test TEST: the initramfs's
# vm/tests/guest/TEST.sh, or with GUEST_ROOT=1 the test root's own init on
# the first disk (vm/debian/guest/itest-init, which runs the root's
# vm/debian/guest/TEST.sh: 'make vm-debian'). APPEND adds to the command
# line, after itest.keyed= and itest.keytype=, which tell the guest the
# applied series' value format (series_format_args). Dies naming what to
# build when a piece is missing.
guest_boot_args() {
	local t=$1 common
	common="console=ttyS0 panic=-1 loglevel=7 itest=$1 $(series_format_args) ${APPEND:-}"
	if [ -n "${GUEST_ROOT:-}" ]; then
		[ -f "$TOP/vm/debian/guest/$t.sh" ] || die "no root test vm/debian/guest/$t.sh"
		GUEST_BOOT=(-append "root=/dev/vda rw rootfstype=ext4 init=/usr/local/sbin/itest-init $common")
	else
		local initrd=$BUILD/vm/initramfs.cpio.gz
		[ -f "$initrd" ] || die "no initramfs $initrd: run 'make initramfs'"
		[ -f "$TOP/vm/tests/guest/$t.sh" ] || die "no guest test vm/tests/guest/$t.sh"
		GUEST_BOOT=(-initrd "$initrd" -append "$common")
	fi
}

# results_clear NAME: remove the results of test run NAME (its own
# build/results/NAME.tap and those of its boots, see boot_files)
results_clear() {
	boot_files "$RESULTS" "vm-$1" ".tap*" | xargs -r -d '\n' rm -f
	rm -f "$RESULTS/$1.tap"
}

# boot_files DIR PREFIX SUFFIX: the files DIR/PREFIX-*SUFFIX (SUFFIX may
# hold a glob) of the boots of a test run named PREFIX, without those of a
# run on a kernel whose name extends this one's: a run on "patched" must
# not see (or delete) the boots of a run on "patched-debug" or
# "patched-gcov", which make test runs at the same time.
boot_files() {
	local f rest
	# shellcheck disable=SC2086,SC2231 # SUFFIX is a glob
	for f in "$1/$2-"*$3; do
		[ -e "$f" ] || continue
		rest=${f#"$1/$2-"}
		case $rest in debug-* | gcov-* | modular-*) continue ;; esac
		printf '%s\n' "$f"
	done
}
