#!/usr/bin/env bash
# Coccinelle on what the series touches, in the patched tree:
#  1. the kernel's rules (scripts/coccinelle/**/*.cocci, MODE=report) on the
#     touched .c files (touched.sh --files);
#  2. the project's rules (static-analysis/*.cocci) on the same files.
# A report is new, and fails the check, when its line, or a line its message
# names, is one the series adds or changes (git diff against the base tag);
# the other reports are shown as pre-existing and not counted.
#   usage: coccicheck.sh [vN]
# Results: build/results/coccicheck.tap; logs in build/logs/cocci-patched-
# <dir>.log and cocci-project-<rule>.log, new and pre-existing reports in
# build/logs/cocci-{,project-}{new,old}-<dir or rule>.findings; summary in
# build/logs/coccicheck.summary.
# SERIES_DIR=/path takes the patches from that folder instead of series/vN.
#
# Why the patched tree only, and by lines. Until December 2026 the kernel's
# rules also ran on the base tree and a report counted as new when the base
# lacked it. Measured here (2 cores, idle): that took 1 255 s, half of it in
# the base tree, and was the longest step of 'make test'. The base run adds
# nothing the line test misses: a rule reports at a line of the code it
# matched, and code the series does not add or change matched in the base
# too (the one blind spot, a report in unchanged code caused only by a
# changed header, is the same for the project's rules).
#
# Directory or file mode. 'make coccicheck M=DIR' runs every rule on every
# file below DIR with --jobs; 'make C=2 CHECK=scripts/coccicheck MODE=report
# DIR/FILE.o' (Documentation/dev-tools/coccinelle.rst) runs, for each rule
#   spatch -D report --no-show-diff --very-quiet --cocci-file RULE <Options:>
#          <kbuild's -I/--include flags> FILE
# on one file with one job. Measured here: one file costs 135 to 165 s
# whatever its size (73 rules, each parsing the kernel headers again): two
# files in one make -j2 take 187 s, the four one-file files of v1 (fs/namei.c,
# fs/ext4/dir.c, kernel/locking/rwsem.c, security/security.c) 311 s;
# M=fs/ext4/ (49 files, two jobs) 179 s, M=security/integrity/ima/ (7
# of v1's files) 86 to 96 s, M=fs/ (2 300 files) about 25 min. The whole check
# of v1 took 7 min 13 s.
# So a directory is checked with M= when it has at most COCCI_DIR_MAX_FILES
# (200) .c and .h files below it and the series touches at least
# COCCI_DIR_MIN_TOUCHED (3) .c files in it; otherwise its touched files go to
# one 'make -jN C=2' run with the touched files of every such directory.
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
min_touched=${COCCI_DIR_MIN_TOUCHED:-3}
[[ $min_touched =~ ^[1-9][0-9]*$ ]] || die "COCCI_DIR_MIN_TOUCHED must be a positive number, not '$min_touched'"

sa_series "$@"
sa_cached coccicheck "$@"
files=()
sa_touched files --files
# The directories of the touched files (what touched.sh --dirs prints).
dirs=()
[ ${#files[@]} -eq 0 ] || mapfile -t dirs < <(for f in "${files[@]}"; do printf '%s/\n' "${f%/*}"; done | sort -u)
sa_built patched
sa_lock patched
sa_check_applied
jobs=$(nproc)
# Only the settings given here: a COCCI=, V= or SPFLAGS= in the environment
# would change what scripts/coccicheck runs.
unset COCCI V SPFLAGS DEBUG_FILE MODE C J

# added FILE: set added_of[FILE] (tree-relative name) to " N N ... ", the
# lines of FILE that the series adds or changes (none for a file it does not
# change), unless it is set already.
declare -A added_of=()
added() {
	if [ -z "${added_of[$1]+set}" ]; then
		added_of[$1]=" $(git -C "$KTREE" diff -U0 "$BASE_TAG" -- "$1" |
			sed -En 's/^@@ -[0-9,]+ \+([0-9]+)(,([0-9]+))? @@.*/\1 \3/p' |
			while read -r s c; do
				c=${c:-1}
				[ "$c" -eq 0 ] || seq "$s" $((s + c - 1))
			done | paste -sd ' ' -) "
	fi
}

# classify LOG NEW OLD: the reports in spatch output LOG (FILE:LINE:...),
# with tree-relative file names, go to NEW when their line or a line their
# message names is one the series adds or changes, to OLD otherwise.
classify() {
	local line f rest lines l is_new
	: >"$2"
	: >"$3"
	while IFS= read -r line; do
		f=${line%%:*}
		rest=${line#*:}
		lines="${rest%%:*} $(grep -oE 'line [0-9]+' <<<"$rest" | cut -d' ' -f2 | paste -sd ' ' - || true)"
		added "$f"
		is_new=0
		for l in $lines; do
			[[ ${added_of[$f]} != *" $l "* ]] || is_new=1
		done
		if [ "$is_new" -eq 1 ]; then echo "$line" >>"$2"; else echo "$line" >>"$3"; fi
	done < <(sed -E "s|^$(sa_re_escape "$SRC/")||; s|^$(sa_re_escape "$KTREE/")||; s|^\./||" "$1" |
		grep -E '^[^ :]+\.[ch]:[0-9]+:' | sort -u)
}

mkdir -p "$LOGS"
tap_open coccicheck
sa_summary_open coccicheck
sa_summary_meta tool "$(spatch --version | head -n 1), make coccicheck MODE=report"
[ ${#dirs[@]} -gt 0 ] || log "the series touches no built .c file: nothing to check"

# 1. The kernel's rules. First the directories checked with M=, one after
# the other (each uses every CPU), then the touched files of the others in
# one make (kbuild runs the checker of up to N files at once).
declare -A how_of=() time_of=() fail_of=()
one_file=() in_dir=()
# dir_log DIR: the log of the kernel's rules on DIR
dir_log() { printf '%s\n' "$LOGS/cocci-patched-$(sa_slug "$1").log"; }
for d in "${dirs[@]}"; do
	n=$(sa_dir_size "$d")
	sa_in_dir in_dir "$d" "${files[@]}"
	if [ "$n" -le "$max_files" ] && [ ${#in_dir[@]} -ge "$min_touched" ]; then
		how_of[$d]="M=$d (${#in_dir[@]} touched files)"
		log "$d: ${how_of[$d]}"
		start=$SECONDS
		# M= must be absolute: a relative one is taken from the object dir.
		sa_kmake patched coccicheck MODE=report J="$jobs" M="$SRC/${d%/}" >"$(dir_log "$d")" 2>&1 ||
			fail_of[$d]="make coccicheck M=$d failed"
		time_of[$d]=$((SECONDS - start))
	else
		how_of[$d]="touched files only (${in_dir[*]}): $n files below $d, ${#in_dir[@]} touched"
		log "$d: ${how_of[$d]}"
		one_file+=("${in_dir[@]}")
	fi
done
if [ ${#one_file[@]} -gt 0 ]; then
	onelog=$LOGS/cocci-patched-files.log
	objs=()
	for f in "${one_file[@]}"; do objs+=("${f%.c}.o"); done
	start=$SECONDS
	# Up to date first, so that C=2 runs only the checker, not gcc.
	onefail=
	if ! sa_kmake patched -j"$jobs" "${objs[@]}" >"$onelog" 2>&1; then
		onefail="make ${objs[*]} failed"
	elif ! sa_kmake patched -j"$jobs" C=2 CHECK="$SRC/scripts/coccicheck" MODE=report \
		"${objs[@]}" >>"$onelog" 2>&1; then
		onefail="coccicheck of ${one_file[*]} failed"
	fi
	t_files=$((SECONDS - start))
	log "one-file mode on ${one_file[*]}: ${t_files} s"
fi

for d in "${dirs[@]}"; do
	slug=$(sa_slug "$d")
	new=$LOGS/cocci-new-$slug.findings
	old=$LOGS/cocci-old-$slug.findings
	logf=$(dir_log "$d")
	if [ -n "${time_of[$d]:-}" ]; then
		t="${time_of[$d]} s"
		fail=${fail_of[$d]:-}
	else
		# This directory's reports from the one-file run.
		grep -E "^($(sa_re_escape "$SRC/"))?$(sa_re_escape "$d")[^/]+\.[ch]:" "$onelog" >"$logf" || true
		t="${t_files} s, shared with the other one-file directories"
		fail=${onefail:-}
	fi
	classify "$logf" "$new" "$old"
	nn=$(sa_count "$new")
	no=$(sa_count "$old")
	log "$d: $nn new, $no pre-existing reports (${t})"
	sa_show "$d: reports on unchanged lines (not counted)" "$old"
	note="${how_of[$d]}; $no on unchanged lines; time ${t}"
	if [ -n "$fail" ]; then
		tap_result 1 "coccicheck $d" "$fail (see ${logf#"$TOP"/})"
		sa_summary_row "$d" - "$((nn + no))" "$nn" fail "$fail; $note"
	elif [ "$nn" -eq 0 ]; then
		tap_result 0 "coccicheck $d ($no pre-existing reports)"
		sa_summary_row "$d" - "$((nn + no))" 0 ok "$note"
	else
		tap_result 1 "coccicheck $d" "$nn report(s) on lines the series adds: $(sa_first "$new") (all: ${new#"$TOP"/})"
		sa_show "$d: reports on lines the series adds" "$new"
		sa_summary_row "$d" - "$((nn + no))" "$nn" fail "$note"
	fi
done

# 2. The project's rules on the touched files of the patched tree.
shopt -s nullglob
rules=("$SA"/*.cocci)
shopt -u nullglob
[ ${#rules[@]} -gt 0 ] || log "no project rules (static-analysis/*.cocci)"
if [ ${#files[@]} -gt 0 ] && [ ${#rules[@]} -gt 0 ]; then
	for rule in "${rules[@]}"; do
		name=${rule##*/}
		logf=$LOGS/cocci-project-${name%.cocci}.log
		new=$LOGS/cocci-project-new-${name%.cocci}.findings
		old=$LOGS/cocci-project-old-${name%.cocci}.findings
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
		classify "$logf" "$new" "$old"
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
