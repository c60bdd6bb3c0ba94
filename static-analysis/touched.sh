#!/usr/bin/env bash
# List the C files and directories the newest series touches, as the other
# checks (sparse.sh, w1.sh, coccicheck.sh) need them: only .c files that exist
# in the patched tree and are built in the patched config (they have a .o in
# build/obj/patched); the others are named on stderr and left out.
#   usage: touched.sh [--files|--dirs] [vN]
#     (no option)  both lists, with headings
#     --files      the .c files, one per line (paths relative to the tree)
#     --dirs       their directories, one per line, ending in /
# SERIES_DIR=/path takes the patches from that folder instead of series/vN.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"
# shellcheck source=static-analysis/common.sh
. "$TOP/static-analysis/common.sh"

mode=all
case ${1:-} in
--files | --dirs)
	mode=${1#--}
	shift
	;;
-*) die "usage: ${0##*/} [--files|--dirs] [vN]" ;;
esac
need git
sa_series "$@"
sa_built patched
sa_check_applied

# Every path on the new side of the diffs ("diff --git a/X b/Y": Y).
mapfile -t paths < <(sed -n 's|^diff --git a/[^ ]* b/||p' "${SA_PATCHES[@]}" | sort -u)
[ ${#paths[@]} -gt 0 ] || die "the patches in $SA_DIR hold no diffs"

files=()
others=0
for f in "${paths[@]}"; do
	case $f in
	*.c) ;;
	*)
		others=$((others + 1))
		continue
		;;
	esac
	if [ ! -f "$KTREE/$f" ]; then
		log "$f: not in the patched tree (deleted by the series): skipped"
	elif [ ! -f "$OBJ/${f%.c}.o" ]; then
		log "$f: not built in the patched config (no ${OBJ#"$TOP"/}/${f%.c}.o): skipped"
	else
		files+=("$f")
	fi
done
[ "$others" -eq 0 ] || log "$SA_VER also touches $others files that are not .c (headers, Kconfig, docs): checked through the .c files that use them"

dirs=()
if [ ${#files[@]} -gt 0 ]; then
	mapfile -t dirs < <(for f in "${files[@]}"; do printf '%s/\n' "${f%/*}"; done | sort -u)
fi

case $mode in
files) [ ${#files[@]} -eq 0 ] || printf '%s\n' "${files[@]}" ;;
dirs) [ ${#dirs[@]} -eq 0 ] || printf '%s\n' "${dirs[@]}" ;;
all)
	printf '# %s: .c files touched and built in the patched config (%d)\n' "$SA_VER" ${#files[@]}
	[ ${#files[@]} -eq 0 ] || printf '%s\n' "${files[@]}"
	printf '# %s: their directories (%d)\n' "$SA_VER" ${#dirs[@]}
	[ ${#dirs[@]} -eq 0 ] || printf '%s\n' "${dirs[@]}"
	;;
esac
