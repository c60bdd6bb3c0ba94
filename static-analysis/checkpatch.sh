#!/usr/bin/env bash
# Run scripts/checkpatch.pl --strict (from the kernel tree, so that it can
# check against the tree) on every patch of the newest series, cover letter
# excluded. A patch passes with 0 errors, 0 warnings and 0 checks, apart from
# the exclusions in static-analysis/checkpatch.exclude.
#   usage: checkpatch.sh [vN]
# Results: build/results/checkpatch.tap, full output per patch in
# build/logs/checkpatch-<patch>.log, summary in build/logs/checkpatch.summary.
# SERIES_DIR=/path takes the patches from that folder instead of series/vN;
# CHECKPATCH_EXCLUDE=/path reads the exclusions from that file (for tests).
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"
# shellcheck source=static-analysis/common.sh
. "$TOP/static-analysis/common.sh"

need perl
sa_series "$@"
sa_cached checkpatch "$@"
cp=$KTREE/scripts/checkpatch.pl
[ -x "$cp" ] || die "no $cp: run 'make tree' first"
exclude_file=${CHECKPATCH_EXCLUDE:-$SA/checkpatch.exclude}

# Read the exclusions: TYPE GLOB # reason (reason mandatory, TYPE must exist).
known_types=$(cd "$KTREE" && "$cp" --list-types | awk 'NF == 2 { print $2 }')
ex_type=()
ex_glob=()
ex_reason=()
ex_uses=()
if [ -f "$exclude_file" ]; then
	n=0
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		[[ $line =~ ^[[:space:]]*(#|$) ]] && continue
		re='^[[:space:]]*([A-Z0-9_]+)[[:space:]]+([^[:space:]#]+)[[:space:]]*#[[:space:]]*(.*[^[:space:]])[[:space:]]*$'
		[[ $line =~ $re ]] ||
			die "${exclude_file#"$TOP"/}:$n: expected '<checkpatch TYPE> <patch-file-glob> # reason' (the reason is mandatory): $line"
		grep -qxF -- "${BASH_REMATCH[1]}" <<<"$known_types" ||
			die "${exclude_file#"$TOP"/}:$n: '${BASH_REMATCH[1]}' is not a checkpatch type (see scripts/checkpatch.pl --list-types)"
		ex_type+=("${BASH_REMATCH[1]}")
		ex_glob+=("${BASH_REMATCH[2]}")
		ex_reason+=("${BASH_REMATCH[3]}")
		ex_uses+=(0)
	done <"$exclude_file"
fi

mkdir -p "$LOGS"
rm -f "$LOGS"/checkpatch-*.log
tap_open checkpatch
sa_summary_open checkpatch
sa_summary_meta tool "$(cd "$KTREE" && "$cp" --version | sed -n 's/^Version: /checkpatch.pl /p') --strict"
sa_summary_meta exclude-file "${exclude_file#"$TOP"/}"

# checkpatch PATCH LOG [IGNORE]: run it; print "errors warnings checks" (empty
# if checkpatch did not get to its summary line).
checkpatch() {
	local args=(--strict --show-types --color=never)
	[ -z "${3:-}" ] || args+=(--ignore "$3")
	# Debian's python3 first: spdxcheck.py needs its python3-ply and python3-git.
	(cd "$KTREE" && PATH=/usr/bin:$PATH "$cp" "${args[@]}" "$1") >"$2" 2>&1 || true
	sed -En 's/^total: ([0-9]+) errors?, ([0-9]+) warnings?, ([0-9]+) checks?, .*/\1 \2 \3/p' "$2" | tail -n 1
}

for p in "${SA_PATCHES[@]}"; do
	name=${p##*/}
	logf=$LOGS/checkpatch-${name%.patch}.log
	ignore=()
	used=()
	for i in "${!ex_type[@]}"; do
		# shellcheck disable=SC2053 # the right side is a glob on purpose
		if [[ $name == ${ex_glob[$i]} ]]; then
			ignore+=("${ex_type[$i]}")
			used+=("$i")
		fi
	done
	ign=$(
		IFS=,
		echo "${ignore[*]}"
	)
	counts=$(checkpatch "$p" "$logf" "$ign")
	if [ -z "$counts" ]; then
		tap_result 1 "checkpatch $name" "checkpatch.pl did not finish, see ${logf#"$TOP"/}"
		tail -n 5 "$logf" >&2
		sa_summary_row "$name" - - - fail "checkpatch.pl did not finish"
		continue
	fi
	read -r e w c <<<"$counts"
	note=
	if [ ${#used[@]} -gt 0 ]; then
		# What the exclusions hid: the same run without them.
		raw=$(checkpatch "$p" "$logf.raw")
		for i in "${used[@]}"; do
			hits=$(grep -cE "^(ERROR|WARNING|CHECK):${ex_type[$i]}:" "$logf.raw" || true)
			ex_uses[i]=$((ex_uses[i] + 1))
			log "$name: exclusion ${ex_type[$i]} (${ex_glob[$i]}) used, hides $hits message(s): ${ex_reason[$i]}"
			note+="${note:+; }excluded ${ex_type[$i]} x$hits (${ex_reason[$i]})"
			sa_summary_meta exclusion "$name ${ex_type[$i]} x$hits: ${ex_reason[$i]}"
		done
		read -r re rw rc <<<"${raw:-? ? ?}"
		log "$name: without the exclusions: $re errors, $rw warnings, $rc checks"
		rm -f "$logf.raw"
	fi
	if [ "$e" -eq 0 ] && [ "$w" -eq 0 ] && [ "$c" -eq 0 ]; then
		tap_result 0 "checkpatch $name"
		sa_summary_row "$name" - "$((e + w + c))" 0 ok "$note"
	else
		# The messages with their location lines, for the reason and stderr.
		msgs=$(grep -E '^(ERROR|WARNING|CHECK):' "$logf" | sort | uniq -c | sort -rn |
			awk '{ $1 = $1 "x"; print }' | head -n 5 | paste -sd ';' -)
		tap_result 1 "checkpatch $name" "$e errors, $w warnings, $c checks: $msgs (log: ${logf#"$TOP"/})"
		printf '  %s:\n' "$name" >&2
		grep -E -A 3 '^(ERROR|WARNING|CHECK):' "$logf" | grep -vE '^(--|)$' | sed 's/^/    /' >&2
		sa_summary_row "$name" - "$((e + w + c))" "$((e + w + c))" fail "$e errors, $w warnings, $c checks: $msgs${note:+; $note}"
	fi
done

for i in "${!ex_type[@]}"; do
	[ "${ex_uses[$i]}" -gt 0 ] ||
		log "note: exclusion ${ex_type[$i]} ${ex_glob[$i]} matches no patch of $SA_VER (stale? remove it)"
done
sa_summary_close
tap_close
