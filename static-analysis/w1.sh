#!/usr/bin/env bash
# W=1 build of every directory the series touches (touched.sh --dirs; kbuild
# builds a directory with its subdirectories), in the base tree (when the
# directory exists there) and in the patched tree. A directory with more than
# W1_DIR_MAX_FILES (200) .c and .h files below it, such as fs/ (its W=1
# build took 96 s per tree here with a warm ccache, most of the check), is
# built on the touched files only (make W=1 fs/namei.o), as coccicheck.sh
# does. W=1 adds gcc's extra
# warnings and the kernel-doc check of each compiled file. The warnings are
# normalised (no tree paths, no line or column numbers) and a directory fails
# only for warnings the series introduces.
#   usage: w1.sh [vN]
# Results: build/results/w1.tap; logs and findings in
# build/logs/w1-<tree>-<dir>.{log,findings}, the new warnings in
# build/logs/w1-new-<dir>.findings, summary in build/logs/w1.summary.
# SERIES_DIR=/path takes the patches from that folder instead of series/vN.
#
# The objects of these directories are left built with W=1 flags. kbuild keeps
# each object's command line (.<name>.o.cmd) and so recompiles them with the
# normal flags on the next normal build ('make kernels', ci/build-kernel.sh);
# with ccache that is quick. Nothing has to be restored by hand.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"
# shellcheck source=static-analysis/common.sh
. "$TOP/static-analysis/common.sh"

need make gcc ccache git
max_files=${W1_DIR_MAX_FILES:-200}
[[ $max_files =~ ^[0-9]+$ ]] || die "W1_DIR_MAX_FILES must be a number, not '$max_files'"
sa_series "$@"
sa_cached w1 "$@"
dirs=()
sa_touched dirs --dirs
files=()
sa_touched files --files
sa_tree base
sa_lock base
sa_built patched
sa_lock patched
jobs=$(nproc)

# w1_dir TREE DIR FINDINGS [FILE.c...]: W=1 build of DIR in TREE, or of the
# objects of the FILEs (those that exist in TREE) when given; the normalised
# warnings go to FINDINGS. A failed make becomes a finding of its own.
w1_dir() {
	local tree=$1 d=$2 out=$3 logf f targets=()
	shift 3
	logf=$LOGS/w1-$tree-$(sa_slug "$d").log
	sa_tree "$tree"
	# An object that is up to date with W=1 flags (from an earlier run) would
	# not be compiled again and its warnings would not show: remove the
	# objects so that all of them are compiled (ccache replays the
	# compiler's warnings, so this costs little the second time).
	if [ $# -eq 0 ]; then
		targets=("$d")
		[ ! -d "$OBJ/$d" ] || find "$OBJ/$d" -name '*.o' -type f -delete
	else
		for f; do
			[ -f "$SRC/$f" ] || continue
			targets+=("${f%.c}.o")
			rm -f "$OBJ/${f%.c}.o"
		done
	fi
	if [ ${#targets[@]} -eq 0 ]; then
		: >"$out"
		return
	fi
	# Plain diagnostics: no source excerpts or colours to filter out.
	if ! sa_kmake "$tree" -j"$jobs" W=1 KCFLAGS=-fdiagnostics-plain-output "${targets[@]}" >"$logf" 2>&1; then
		echo "$d: make W=1 ${targets[*]} failed (see ${logf#"$TOP"/})" >"$out"
	else
		: >"$out"
	fi
	sa_normalise "$SRC" "$OBJ" <"$logf" >>"$out"
}

mkdir -p "$LOGS"
tap_open w1
sa_summary_open w1
sa_summary_meta tool "$(gcc --version | head -n 1), make W=1 DIR/"
[ ${#dirs[@]} -gt 0 ] || log "the series touches no built .c file: nothing to check"

for d in "${dirs[@]}"; do
	slug=$(sa_slug "$d")
	b=$LOGS/w1-base-$slug.findings
	p=$LOGS/w1-patched-$slug.findings
	new=$LOGS/w1-new-$slug.findings
	only=()
	if [ "$(sa_dir_size "$d")" -gt "$max_files" ]; then
		sa_in_dir only "$d" "${files[@]}"
		log "$d: more than $max_files files, touched files only: ${only[*]}"
	fi
	start=$SECONDS
	if [ -d "$KBASE/$d" ]; then
		w1_dir base "$d" "$b" "${only[@]}"
		bnote=
	else
		: >"$b"
		bnote="new directory"
	fi
	t_base=$((SECONDS - start))
	w1_dir patched "$d" "$p" "${only[@]}"
	t_patched=$((SECONDS - start - t_base))
	sa_compare "$b" "$p" "$new"
	nb=$(sa_count "$b")
	np=$(sa_count "$p")
	nn=$(sa_count "$new")
	log "$d: base $nb${bnote:+ ($bnote)}, patched $np, new $nn warnings (${t_base}s + ${t_patched}s)"
	note="time ${t_base}s+${t_patched}s${bnote:+; $bnote}${only[*]:+; touched files only: ${only[*]}}"
	if [ "$nn" -eq 0 ]; then
		tap_result 0 "W=1 $d (base $nb, patched $np)"
		sa_summary_row "$d" "$nb" "$np" 0 ok "$note"
	else
		tap_result 1 "W=1 $d" "$nn new warning(s): $(sa_first "$new") (all: ${new#"$TOP"/})"
		sa_show "$d: new W=1 warnings" "$new"
		sa_summary_row "$d" "$nb" "$np" "$nn" fail "$note"
	fi
done
sa_summary_close
tap_close
