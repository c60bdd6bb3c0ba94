#!/usr/bin/env bash
# Coccinelle on what the series touches:
#  1. the kernel's rules (scripts/coccinelle/**/*.cocci, MODE=report) on every
#     touched directory (touched.sh --dirs), in the base tree (when the
#     directory exists there) and in the patched tree; the reports are
#     normalised (no tree paths, no line or column numbers) and a directory
#     fails only for reports the series introduces;
#  2. the project's rules (static-analysis/*.cocci) on the touched .c files of
#     the patched tree; a rule fails only for reports on lines the series adds
#     or changes (git diff against the base tag), the others are shown as
#     pre-existing.
#   usage: coccicheck.sh [vN]
# Results: build/results/coccicheck.tap; logs and findings in
# build/logs/cocci-<tree>-<dir>.{log,findings}, build/logs/cocci-new-<dir>.findings
# and build/logs/cocci-project-<rule>.log; summary in build/logs/coccicheck.summary.
# SERIES_DIR=/path takes the patches from that folder instead of series/vN.
#
# Directory or file mode. 'make coccicheck M=DIR' runs every rule on every
# file below DIR. Measured here (2 cores, a kernel build running beside):
# M=security/integrity/ (33 .c files) takes about 50 s (25 s on an idle
# machine); M=fs/ (1512 .c files, all the file systems) got through 20 of the
# 73 rules in 7 minutes (about 25 minutes for all): far over the 3 minutes we
# allow per directory.
# So a directory with more than COCCI_DIR_MAX_FILES (default 200) .c and .h
# files below it is checked on the touched files only, with scripts/coccicheck's
# own one-file mode: 'make C=2 CHECK=scripts/coccicheck MODE=report DIR/FILE.o'
# (Documentation/dev-tools/coccinelle.rst). That is scripts/coccicheck running,
# for each scripts/coccinelle/**/*.cocci (Requires: checked), the same
#   spatch -D report --no-show-diff --very-quiet --cocci-file RULE <Options:>
#          <kbuild's -I/--include flags> FILE
# as the directory mode, with FILE instead of '--dir DIR' (and so without the
# headers of DIR), and one job instead of --jobs. Both trees are checked the
# same way, so the comparison stays fair.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"
# shellcheck source=static-analysis/common.sh
. "$TOP/static-analysis/common.sh"

need make gcc ccache git
command -v spatch >/dev/null 2>&1 ||
	die "'spatch' not found: install the 'coccinelle' package (apt-get install coccinelle)"
# Some kernel rules are OCaml scripts: without a compiler 'make coccicheck'
# aborts with "No OCaml compiler found".
command -v ocamlopt >/dev/null 2>&1 || command -v ocamlc >/dev/null 2>&1 ||
	die "no OCaml compiler (ocamlopt): install the 'ocaml-nox' package (apt-get install ocaml-nox)"
max_files=${COCCI_DIR_MAX_FILES:-200}
[[ $max_files =~ ^[0-9]+$ ]] || die "COCCI_DIR_MAX_FILES must be a number, not '$max_files'"

sa_series "$@"
files=()
sa_touched files --files
# The directories of the touched files (what touched.sh --dirs prints).
dirs=()
[ ${#files[@]} -eq 0 ] || mapfile -t dirs < <(for f in "${files[@]}"; do printf '%s/\n' "${f%/*}"; done | sort -u)
sa_tree base
sa_lock base
sa_built patched
sa_lock patched
jobs=$(nproc)
# Only the settings given here: a COCCI=, V= or SPFLAGS= in the environment
# would change what scripts/coccicheck runs.
unset COCCI V SPFLAGS DEBUG_FILE MODE C J

# cocci_dir TREE DIR FINDINGS: make coccicheck M=DIR in TREE.
cocci_dir() {
	local tree=$1 d=$2 out=$3 logf
	logf=$LOGS/cocci-$tree-$(sa_slug "$d").log
	sa_tree "$tree"
	# M= must be absolute: a relative one is taken from the object dir.
	if ! sa_kmake "$tree" coccicheck MODE=report J="$jobs" M="$SRC/${d%/}" >"$logf" 2>&1; then
		echo "$d: make coccicheck failed (see ${logf#"$TOP"/})" >"$out"
	else
		: >"$out"
	fi
	sa_normalise "$SRC" "$OBJ" <"$logf" >>"$out"
}

# cocci_files TREE DIR FINDINGS FILE...: scripts/coccicheck's one-file mode
# on each FILE (that exists in TREE).
cocci_files() {
	local tree=$1 d=$2 out=$3 logf f
	shift 3
	logf=$LOGS/cocci-$tree-$(sa_slug "$d").log
	sa_tree "$tree"
	: >"$logf"
	: >"$out"
	for f; do
		[ -f "$SRC/$f" ] || continue
		# Up to date first, so that C=2 runs only the checker, not gcc.
		if ! sa_kmake "$tree" -j"$jobs" "${f%.c}.o" >"$logf.build" 2>&1; then
			cat "$logf.build" >>"$logf"
			echo "$f: make ${f%.c}.o failed (see ${logf#"$TOP"/})" >>"$out"
			continue
		fi
		if ! sa_kmake "$tree" C=2 CHECK="$SRC/scripts/coccicheck" MODE=report "${f%.c}.o" >>"$logf" 2>&1; then
			echo "$f: coccicheck failed (see ${logf#"$TOP"/})" >>"$out"
		fi
	done
	rm -f "$logf.build"
	sa_normalise "$SRC" "$OBJ" <"$logf" >>"$out"
}

mkdir -p "$LOGS"
tap_open coccicheck
sa_summary_open coccicheck
sa_summary_meta tool "$(spatch --version | head -n 1), make coccicheck MODE=report"
[ ${#dirs[@]} -gt 0 ] || log "the series touches no built .c file: nothing to check"

# 1. The kernel's rules, base against patched, per directory.
for d in "${dirs[@]}"; do
	slug=$(sa_slug "$d")
	b=$LOGS/cocci-base-$slug.findings
	p=$LOGS/cocci-patched-$slug.findings
	new=$LOGS/cocci-new-$slug.findings
	n=$(find "$KTREE/$d" -type f \( -name '*.c' -o -name '*.h' \) | wc -l)
	in_dir=()
	for f in "${files[@]}"; do
		[ "${f%/*}/" != "$d" ] || in_dir+=("$f")
	done
	if [ "$n" -le "$max_files" ]; then
		how="M=$d"
	else
		how="touched files only (${in_dir[*]}): $n files below $d > COCCI_DIR_MAX_FILES=$max_files"
	fi
	log "$d: $how"
	start=$SECONDS
	bnote=
	if [ ! -d "$KBASE/$d" ]; then
		: >"$b"
		bnote="new directory"
	elif [ "$n" -le "$max_files" ]; then
		cocci_dir base "$d" "$b"
	else
		cocci_files base "$d" "$b" "${in_dir[@]}"
	fi
	t_base=$((SECONDS - start))
	if [ "$n" -le "$max_files" ]; then
		cocci_dir patched "$d" "$p"
	else
		cocci_files patched "$d" "$p" "${in_dir[@]}"
	fi
	t_patched=$((SECONDS - start - t_base))
	sa_compare "$b" "$p" "$new"
	nb=$(sa_count "$b")
	np=$(sa_count "$p")
	nn=$(sa_count "$new")
	log "$d: base $nb${bnote:+ ($bnote)}, patched $np, new $nn reports (${t_base}s + ${t_patched}s)"
	note="$how; time ${t_base}s+${t_patched}s${bnote:+; $bnote}"
	if [ "$nn" -eq 0 ]; then
		tap_result 0 "coccicheck $d (base $nb, patched $np)"
		sa_summary_row "$d" "$nb" "$np" 0 ok "$note"
	else
		tap_result 1 "coccicheck $d" "$nn new report(s): $(sa_first "$new") (all: ${new#"$TOP"/})"
		sa_show "$d: new coccicheck reports" "$new"
		sa_summary_row "$d" "$nb" "$np" "$nn" fail "$note"
	fi
done

# added_lines FILE: the line numbers of FILE in the patched tree that the
# series adds or changes.
added_lines() {
	git -C "$KTREE" diff -U0 "$BASE_TAG" -- "$1" |
		sed -En 's/^@@ -[0-9,]+ \+([0-9]+)(,([0-9]+))? @@.*/\1 \3/p' |
		while read -r s c; do
			c=${c:-1}
			[ "$c" -eq 0 ] || seq "$s" $((s + c - 1))
		done
}

# 2. The project's rules on the touched files of the patched tree.
shopt -s nullglob
rules=("$SA"/*.cocci)
shopt -u nullglob
[ ${#rules[@]} -gt 0 ] || log "no project rules (static-analysis/*.cocci)"
if [ ${#files[@]} -gt 0 ] && [ ${#rules[@]} -gt 0 ]; then
	declare -A added=()
	for f in "${files[@]}"; do
		added[$f]=" $(added_lines "$f" | paste -sd ' ' -) "
	done
	for rule in "${rules[@]}"; do
		name=${rule##*/}
		logf=$LOGS/cocci-project-${name%.cocci}.log
		new=$LOGS/cocci-project-new-${name%.cocci}.findings
		old=$LOGS/cocci-project-old-${name%.cocci}.findings
		: >"$new"
		: >"$old"
		read -ra opt <<<"$(sed -n 's/^\/\/ *Options://p' "$rule")"
		start=$SECONDS
		status=0
		: >"$logf"
		for f in "${files[@]}"; do
			(cd "$KTREE" && spatch -D report --no-show-diff --very-quiet "${opt[@]}" \
				--cocci-file "$rule" "$f") >>"$logf" 2>&1 || status=$?
		done
		t=$((SECONDS - start))
		if [ "$status" -ne 0 ]; then
			tap_result 1 "project rule $name" "spatch failed (exit $status), see ${logf#"$TOP"/}"
			tail -n 5 "$logf" >&2
			sa_summary_row "rule $name" - - - fail "spatch failed; time ${t}s"
			continue
		fi
		# A report is new when its line, or a line its message names, is one
		# the series adds or changes.
		while IFS= read -r line; do
			f=${line%%:*}
			rest=${line#*:}
			lines="${rest%%:*} $(grep -oE 'line [0-9]+' <<<"$rest" | cut -d' ' -f2 | paste -sd ' ' - || true)"
			is_new=0
			for l in $lines; do
				[[ ${added[$f]:-} != *" $l "* ]] || is_new=1
			done
			if [ "$is_new" -eq 1 ]; then echo "$line" >>"$new"; else echo "$line" >>"$old"; fi
		done < <(sed "s|^$(sa_re_escape "$KTREE/")||; s|^\\./||" "$logf" | grep -E '^[^ :]+\.[ch]:[0-9]+:')
		nn=$(sa_count "$new")
		no=$(sa_count "$old")
		log "$name: $nn report(s) on lines the series adds, $no on unchanged lines (${t}s)"
		sa_show "$name: reports on unchanged lines (not counted)" "$old"
		note="on ${#files[@]} touched files; $no on unchanged lines; time ${t}s"
		if [ "$nn" -eq 0 ]; then
			tap_result 0 "project rule $name"
			sa_summary_row "rule $name" - "$((nn + no))" 0 ok "$note"
		else
			tap_result 1 "project rule $name" "$nn report(s) on new lines: $(sa_first "$new") (all: ${new#"$TOP"/})"
			sa_show "$name: reports on new lines" "$new"
			sa_summary_row "rule $name" - "$((nn + no))" "$nn" fail "$note"
		fi
	done
fi
sa_summary_close
tap_close
