#!/usr/bin/env bash
# Write build/static-report-vN.md from what the static-analysis scripts left
# in build/logs/ and build/results/: what ran, on which files, findings base
# against patched, the exclusions used. It runs no check itself.
#   usage: report.sh [vN]
# SERIES_DIR=/path: as for the other scripts (the label is the folder's name).
# shellcheck disable=SC2016 # the backquotes in the formats are Markdown
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"
# shellcheck source=static-analysis/common.sh
. "$TOP/static-analysis/common.sh"

sa_series "$@"
out=$BUILD/static-report-$SA_VER.md
checks=(checkpatch sparse w1 coccicheck)
declare -A title=(
	[checkpatch]="checkpatch.pl --strict, every patch"
	[sparse]="sparse (C=2), touched .c files, base against patched"
	[w1]="W=1 build (gcc extra warnings and kernel-doc), touched directories, base against patched"
	[coccicheck]="coccicheck MODE=report (kernel rules) and the project rules, touched files of the patched tree; new means on a line the series adds or changes"
)
declare -A script=([checkpatch]=checkpatch.sh [sparse]=sparse.sh [w1]=w1.sh [coccicheck]=coccicheck.sh)

# meta CHECK KEY: a header value of build/logs/CHECK.summary
meta() { sed -n "s/^# $2\t//p" "$LOGS/$1.summary" | head -n 1; }
# tapcount CHECK: "passed/total" from build/results/CHECK.tap
tapcount() {
	local f=$RESULTS/$1.tap
	[ -f "$f" ] || {
		echo "no results"
		return
	}
	printf '%d passed, %d failed\n' "$(grep -c '^ok ' "$f" || true)" "$(grep -c '^not ok ' "$f" || true)"
}
# rel PATH: PATH relative to the repository
rel() { printf '%s' "${1#"$TOP"/}"; }

stale=()
{
	printf '# Static analysis of %s\n\n' "$SA_VER"
	printf -- '- Series: `%s` (%d patches)\n' "$(rel "$SA_DIR")" ${#SA_PATCHES[@]}
	printf -- '- Base: `%s` (%s %s)\n' "$BASE_TAG" "$BASE_PKG" "$BASE_VERSION"
	printf -- '- Patched tree: `%s` at `%s`\n' "$(rel "$KTREE")" \
		"$(git -C "$KTREE" log -1 --format='%h %s' 2>/dev/null || echo unknown)"
	printf -- '- Written: %s by `static-analysis/report.sh`\n\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"

	printf '## What ran\n\n'
	printf '| Check | Tool | Result | Run at |\n|---|---|---|---|\n'
	for c in "${checks[@]}"; do
		s=$LOGS/$c.summary
		if [ ! -f "$s" ]; then
			printf '| %s | not run (`static-analysis/%s`) | - | - |\n' "$c" "${script[$c]}"
		elif [ "$(meta "$c" version)" != "$SA_VER" ]; then
			stale+=("$c")
			printf '| %s | last run was for %s, not %s: run `static-analysis/%s %s` | - | %s |\n' \
				"$c" "$(meta "$c" version)" "$SA_VER" "${script[$c]}" "$SA_VER" "$(meta "$c" date)"
		else
			printf '| %s | %s | %s | %s |\n' "$c" "$(meta "$c" tool)" "$(tapcount "$c")" "$(meta "$c" date)"
		fi
	done
	printf '\n'
	# What the per-file and per-directory checks ran on (touched.sh's lists).
	for c in sparse w1; do
		if [ -f "$LOGS/$c.summary" ] && [ "$(meta "$c" version)" = "$SA_VER" ]; then
			printf -- '- %s: %s\n' \
				"$([ "$c" = sparse ] && echo 'Touched .c files (built in the patched config)' || echo 'Their directories')" \
				"$(awk -F'\t' '!/^#/ { printf "%s`%s`", sep, $1; sep = ", " }' "$LOGS/$c.summary")"
		fi
	done
	printf '\n'

	for c in "${checks[@]}"; do
		s=$LOGS/$c.summary
		if [ ! -f "$s" ] || [ "$(meta "$c" version)" != "$SA_VER" ]; then continue; fi
		printf '## %s\n\n%s.\n\n' "$c" "${title[$c]}"
		if [ "$c" = checkpatch ]; then
			printf '| Patch | Messages | Status | Note |\n|---|---|---|---|\n'
			awk -F'\t' '!/^#/ { gsub(/\|/, "\\|"); printf "| %s | %s | %s | %s |\n", $1, $3, $5, $6 }' "$s"
			printf '\nExclusions used (`%s`):\n\n' "$(meta checkpatch exclude-file)"
			if grep -q '^# exclusion' "$s"; then
				sed -n 's/^# exclusion\t/- /p' "$s"
			else
				printf -- '- none\n'
			fi
		else
			printf '| Item | Base | Patched | New | Status | Note |\n|---|---|---|---|---|---|\n'
			awk -F'\t' '!/^#/ { gsub(/\|/, "\\|"); printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6 }' "$s"
			# The new findings themselves.
			shopt -s nullglob
			case $c in
			sparse) news=("$LOGS"/sparse-new-*.findings) ;;
			w1) news=("$LOGS"/w1-new-*.findings) ;;
			coccicheck) news=("$LOGS"/cocci-new-*.findings "$LOGS"/cocci-project-new-*.findings) ;;
			esac
			shopt -u nullglob
			for f in "${news[@]}"; do
				[ -s "$f" ] || continue
				printf '\nNew in `%s`:\n\n```\n' "$(rel "$f")"
				head -n 30 "$f"
				[ "$(sa_count "$f")" -le 30 ] || printf '... (%d more)\n' $(($(sa_count "$f") - 30))
				printf '```\n'
			done
		fi
		printf '\n'
	done
} >"$out.part"
mv "$out.part" "$out"
[ ${#stale[@]} -eq 0 ] || log "warning: ${stale[*]} last ran for another version: rerun them for $SA_VER"
log "wrote $(rel "$out")"
