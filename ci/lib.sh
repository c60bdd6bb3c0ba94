# shellcheck shell=bash
# shellcheck disable=SC2034 # the paths are used by the scripts that source this
# Common definitions for the project's scripts: paths, pins and error helpers.
# Sourced, never run.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
KTREE=${KTREE:-$BUILD/linux} # patched tree: a git repo, developers edit here
KBASE=$BUILD/linux-base      # worktree at the pristine base tag
CACHE=$BUILD/cache
SCRATCH=$BUILD/linux-scratch # worktree for round-trip and harness self-tests
LOGS=${LOGS:-$BUILD/logs}
RESULTS=${RESULTS:-$BUILD/results}

# shellcheck source=ci/base.env
. "$TOP/ci/base.env"
# shellcheck source=ci/identity.env
. "$TOP/ci/identity.env"

die() {
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

log() {
	printf '%s: %s\n' "${0##*/}" "$*" >&2
}

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
	[ $# -le 1 ] || die "usage: ${0##*/} [patched|patched-debug]"
	case ${1:-patched} in
	patched | patched-debug) printf '%s\n' "${1:-patched}" ;;
	*) die "usage: ${0##*/} [patched|patched-debug]" ;;
	esac
}

# label_kernel K: print the kernel image that labels the test trees of a
# run on kernel K: patched.bzImage also for patched-debug (the same series
# writes the same labels, and labelling on the debug kernel is slow and
# tested on its own); dies if it is not built.
label_kernel() {
	local img=$BUILD/kernels/patched.bzImage
	[ "$1" != patched ] || img=$BUILD/kernels/$1.bzImage
	[ -f "$img" ] || die "no kernel $img (it labels the test tree): run 'make kernel-patched'"
	printf '%s\n' "$img"
}

# newest_version: print the newest vN folder name under series/ (empty if none)
newest_version() {
	local d best=0 n
	for d in "$TOP"/series/v[0-9]*/; do
		[ -d "$d" ] || continue
		n=${d%/}
		n=${n##*/v}
		[[ $n =~ ^[0-9]+$ ]] || continue
		[ "$n" -gt "$best" ] && best=$n
	done
	[ "$best" -gt 0 ] && printf 'v%s\n' "$best"
	return 0
}
