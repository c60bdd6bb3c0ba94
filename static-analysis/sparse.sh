#!/usr/bin/env bash
# sparse on every .c file the series touches (touched.sh --files), through
# kbuild (C=2), in the base tree (when the file exists there) and in the
# patched tree. The warnings are normalised (no tree paths, no line or column
# numbers) so that code the series only moves does not count; a file fails
# only for warnings the series introduces. The base already has some (e.g.
# fs/namei.c: context imbalance in leave_rcu and path_init): they are not
# counted as long as the patched tree does not have more of them.
#   usage: sparse.sh [vN]
# Results: build/results/sparse.tap; logs and findings in
# build/logs/sparse-<tree>-<file>.{build.log,log,findings}, the new warnings
# in build/logs/sparse-new-<file>.findings, summary in build/logs/sparse.summary.
# SERIES_DIR=/path takes the patches from that folder instead of series/vN.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"
# shellcheck source=static-analysis/common.sh
. "$TOP/static-analysis/common.sh"

need make gcc ccache sparse git
sa_series "$@"
sa_cached sparse "$@"
files=()
sa_touched files --files
sa_tree base
sa_lock base
sa_built patched
sa_lock patched
jobs=$(nproc)

# sparse_file TREE FILE FINDINGS: sparse FILE in TREE; write the normalised
# warnings to FINDINGS. A failed make becomes a finding of its own.
sparse_file() {
	local tree=$1 f=$2 out=$3 slug obj
	slug=$(sa_slug "$f")
	obj=${f%.c}.o
	sa_tree "$tree"
	# First bring the object up to date with the normal flags, so that the
	# C=2 run below only runs sparse and its output holds no gcc warnings.
	if ! sa_kmake "$tree" -j"$jobs" "$obj" >"$LOGS/sparse-$tree-$slug.build.log" 2>&1; then
		echo "$f: make $obj failed (see ${LOGS#"$TOP"/}/sparse-$tree-$slug.build.log)" >"$out"
		return 0
	fi
	# C=2: check the file even though its object is up to date.
	if ! sa_kmake "$tree" C=2 "$obj" >"$LOGS/sparse-$tree-$slug.log" 2>&1; then
		echo "$f: make C=2 $obj failed (see ${LOGS#"$TOP"/}/sparse-$tree-$slug.log)" >"$out"
	else
		: >"$out"
	fi
	sa_normalise "$SRC" "$OBJ" <"$LOGS/sparse-$tree-$slug.log" >>"$out"
}

mkdir -p "$LOGS"
tap_open sparse
sa_summary_open sparse
sa_summary_meta tool "sparse $(sparse --version 2>&1 | head -n 1) via kbuild C=2"
[ ${#files[@]} -gt 0 ] || log "the series touches no built .c file: nothing to check"

for f in "${files[@]}"; do
	slug=$(sa_slug "$f")
	b=$LOGS/sparse-base-$slug.findings
	p=$LOGS/sparse-patched-$slug.findings
	new=$LOGS/sparse-new-$slug.findings
	start=$SECONDS
	if [ -f "$KBASE/$f" ]; then
		sparse_file base "$f" "$b"
		bnote=
	else
		: >"$b"
		bnote="new file"
	fi
	t_base=$((SECONDS - start))
	sparse_file patched "$f" "$p"
	t_patched=$((SECONDS - start - t_base))
	sa_compare "$b" "$p" "$new"
	nb=$(sa_count "$b")
	np=$(sa_count "$p")
	nn=$(sa_count "$new")
	log "$f: base $nb${bnote:+ ($bnote)}, patched $np, new $nn warnings (${t_base}s + ${t_patched}s)"
	note="time ${t_base}s+${t_patched}s${bnote:+; $bnote}"
	if [ "$nn" -eq 0 ]; then
		tap_result 0 "sparse $f (base $nb, patched $np)"
		sa_summary_row "$f" "$nb" "$np" 0 ok "$note"
	else
		tap_result 1 "sparse $f" "$nn new warning(s): $(sa_first "$new") (all: ${new#"$TOP"/})"
		sa_show "$f: new sparse warnings" "$new"
		sa_summary_row "$f" "$nb" "$np" "$nn" fail "$note"
	fi
done
sa_summary_close
tap_close
