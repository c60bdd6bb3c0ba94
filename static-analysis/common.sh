# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are used by the scripts that source this
# Helpers shared by the static-analysis scripts. Sourced after ci/lib.sh and
# ci/tap.sh, never run.
#
# Environment:
#   SERIES_DIR=/path   take the patches from this folder instead of series/vN
#                      (the version label is then the folder's name unless a
#                      vN argument is given)

SA=$TOP/static-analysis
# Same build identity as ci/build-kernel.sh, so that our make runs do not
# make the next kernel build relink for nothing.
export KBUILD_BUILD_TIMESTAMP='2000-01-01'
export KBUILD_BUILD_USER=ci KBUILD_BUILD_HOST=ci
# Messages must not depend on the locale (kbuild unexports LC_ALL, so LANG
# too: gcc quotes with ‘’ under a UTF-8 LANG).
export LANG=C LC_ALL=C

# sa_series [vN]: set SA_VER (label), SA_DIR (patch folder) and SA_PATCHES
# (the patches without the cover letter, in order).
sa_series() {
	[ $# -le 1 ] || die "usage: ${0##*/} [vN]"
	SA_VER=${1:-}
	if [ -n "${SERIES_DIR:-}" ]; then
		[ -d "$SERIES_DIR" ] || die "SERIES_DIR=$SERIES_DIR is not a folder"
		SA_DIR=$(cd "$SERIES_DIR" && pwd)
		SA_VER=${SA_VER:-${SA_DIR##*/}}
	else
		SA_VER=${SA_VER:-$(newest_version)}
		[ -n "$SA_VER" ] ||
			die "no series for base $BASE: no vN folder under ${SERIES#"$TOP"/}/: export the series first ('make export BASE=$BASE'), or set SERIES_DIR=/path/to/patches"
		SA_VER=v${SA_VER#v}
		SA_DIR=$SERIES/$SA_VER
		[ -d "$SA_DIR" ] || die "no folder $SA_DIR (versions: $(cd "$SERIES" && echo v*))"
	fi
	[[ $SA_VER =~ ^[A-Za-z0-9._-]+$ ]] || die "bad version label '$SA_VER' (letters, digits, . _ - only)"
	mapfile -t SA_PATCHES < <(find "$SA_DIR" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' ! -name '0000-*' | sort)
	[ ${#SA_PATCHES[@]} -gt 0 ] ||
		die "$SA_DIR holds no patches (NNNN-*.patch other than the 0000 cover letter)"
}

# sa_tree base|patched: set SRC (source tree) and OBJ (object dir) and check
# that the object dir is configured.
sa_tree() {
	case $1 in
	base) SRC=$KBASE ;;
	patched) SRC=$KTREE ;;
	*) die "internal: unknown tree '$1'" ;;
	esac
	OBJ=$BUILD/obj/$1
	[ -f "$SRC/Makefile" ] || die "no kernel tree at $SRC: run 'make tree' first"
	[ -f "$OBJ/.config" ] || die "$OBJ is not configured: run 'make kernels' first"
	# kbuild prints physical paths (it resolves symlinks): so do we, so
	# that sa_normalise strips them.
	SRC=$(cd -P "$SRC" && pwd)
	OBJ=$(cd -P "$OBJ" && pwd)
}

# sa_built base|patched: like sa_tree, and the tree must have been built once.
sa_built() {
	sa_tree "$1"
	[ -f "$OBJ/vmlinux" ] || die "$OBJ has never been built (no vmlinux): run 'make kernels' first"
}

# sa_lock base|patched: take the object dir for this script; refuse to run
# beside a kernel build (ci/build-kernel.sh) or another of these scripts in
# the same object dir, since two makes in one object dir corrupt it; waits
# for the machine-wide kernel-build lock (ci/lib.sh kernel_build_lock).
sa_lock() {
	local obj pids
	sa_tree "$1"
	obj=$OBJ
	# These makes are kernel builds too: one at a time on the machine.
	kernel_build_lock
	pids=$(pgrep -f -- "O=($(sa_re_escape "$BUILD/obj/$1")|$(sa_re_escape "$obj"))( |\$)" || true)
	[ -z "$pids" ] ||
		die "a make is running in $obj (pid $(paste -sd ' ' - <<<"$pids")): wait for it to finish"
	mkdir -p "$BUILD/obj"
	local fd
	exec {fd}>"$BUILD/obj/.$1.static-analysis.lock"
	flock -n "$fd" || die "another static-analysis script is using $obj: wait for it to finish"
}

# sa_kmake base|patched ARGS...: make in that tree's object dir (needs sa_tree
# or sa_built first for the same tree, which sets SRC and OBJ).
sa_kmake() {
	local tree=$1
	shift
	sa_tree "$tree"
	make -C "$SRC" O="$OBJ" CC="ccache gcc" "$@"
}

# sa_check_applied: the patched tree must hold every patch of the series (by
# patch id, so rebased or re-exported patches still count).
sa_check_applied() {
	local have id p missing=()
	git -C "$KTREE" rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null ||
		die "no kernel tree with tag $BASE_TAG at $KTREE: run 'make tree'"
	have=$(git -C "$KTREE" log -p --no-merges "$BASE_TAG..HEAD" | git -C "$KTREE" patch-id --stable | cut -d' ' -f1)
	for p in "${SA_PATCHES[@]}"; do
		id=$(git -C "$KTREE" patch-id --stable <"$p" | cut -d' ' -f1)
		[ -n "$id" ] || die "${p##*/} holds no diff"
		grep -qxF -- "$id" <<<"$have" || missing+=("${p##*/}")
	done
	[ ${#missing[@]} -eq 0 ] ||
		die "$KTREE (at $(git -C "$KTREE" rev-parse --abbrev-ref HEAD)) does not hold ${missing[*]}: apply the series first (ci/apply-series.sh)"
	if [ -n "$(git -C "$KTREE" status --porcelain --untracked-files=no)" ]; then
		log "warning: $KTREE has uncommitted changes; they are checked too"
	fi
}

# sa_touched ARRAY MODE: set the array named ARRAY to what touched.sh MODE
# (--files or --dirs) prints for the current series; dies if it fails.
sa_touched() {
	local -n _sa_list=$1
	local out
	out=$(SERIES_DIR=$SA_DIR "$SA/touched.sh" "$2" "$SA_VER") || die "touched.sh failed (see above)"
	_sa_list=()
	[ -z "$out" ] || mapfile -t _sa_list <<<"$out"
}

# sa_dir_size DIR: the number of .c and .h files below DIR in the patched tree
sa_dir_size() {
	find "$KTREE/$1" -type f \( -name '*.c' -o -name '*.h' \) | wc -l
}

# sa_in_dir ARRAY DIR FILE...: set the array named ARRAY to the FILEs that
# lie directly in DIR (DIR ends with /).
sa_in_dir() {
	local -n _sa_in=$1
	local d=$2 f
	shift 2
	_sa_in=()
	for f; do
		[ "${f%/*}/" != "$d" ] || _sa_in+=("$f")
	done
}

# sa_slug PATH: a file name for logs made from a source path.
sa_slug() {
	local s=${1%/}
	printf '%s\n' "${s//\//_}"
}

# sa_re_escape STRING: STRING as a literal in a sed -E pattern (| delimiter)
sa_re_escape() {
	printf '%s' "$1" | sed -E 's/[][\\.*^$|+?(){}]/\\&/g'
}

# sa_normalise SRC OBJ < tool output: one line per finding (gcc, sparse,
# kernel-doc, objtool, coccinelle), with the tree and object-dir prefixes,
# line and column numbers and code offsets removed, so that moved code does not
# count as new. Continuation lines (sparse's "expected/got", gcc's notes) are
# joined to their finding; gcc's "In function 'f':" is put in front of the
# findings it introduces.
sa_normalise() {
	local src obj
	src=$(sa_re_escape "$1/")
	obj=$(sa_re_escape "$2/")
	# 1. strip the tree prefixes (absolute, then ./), 2. keep diagnostics only,
	# 3. drop positions and offsets, 4. join continuations (awk).
	sed -E -e "s|$src||g; s|$obj||g; s|^\\./||" |
		{ grep -E '^[^ :]+\.(c|h|S|o|lds)(:[0-9]+)*(-[0-9]+)?: ' || true; } |
		sed -E -e 's/\.(c|h|S|o|lds):[0-9]+(:[0-9]+)?(-[0-9]+)?/.\1/g' \
			-e 's/\b(lines?|line:) [0-9]+(, ?[0-9]+)*/\1 N/g' \
			-e 's/\+0x[0-9a-f]+(\/0x[0-9a-f]+)?/+0xN/g' \
			-e 's/[[:space:]]+$//' |
		awk '
		function flush() { if (cur != "") print cur; cur = "" }
		/: In function / {
			flush(); fn = $0; sub(/^.*: In function /, "", fn); sub(/:$/, "", fn)
			file = $0; sub(/: In function .*/, "", file); next
		}
		/^[^ ]+: At top level:$/ { flush(); fn = ""; next }
		{
			f = $0; sub(/: .*/, "", f); msg = substr($0, length(f) + 3)
			if (msg ~ /^[ \t]/ || msg ~ /^note: /) {
				# sparse continuation or gcc note: belongs to the last finding
				gsub(/^[ \t]+/, "", msg)
				if (cur != "") { cur = cur " | " msg; next }
			}
			flush()
			cur = f ": " ((fn != "" && f == file) ? "in " fn ": " : "") msg
		}
		END { flush() }'
}

# sa_compare BASE PATCHED NEW: NEW gets the findings of PATCHED that BASE does
# not have (as multisets: one more copy of a base finding counts as new).
sa_compare() {
	comm -13 <(sort "$1") <(sort "$2") >"$3"
}

# sa_count FILE: number of lines
sa_count() {
	if [ -f "$1" ]; then wc -l <"$1" | tr -d ' '; else echo 0; fi
}

# Per-tool summary for report.sh: build/logs/TOOL.summary, tab-separated
#   # version<TAB>LABEL ... header lines, then
#   ITEM<TAB>BASE<TAB>PATCHED<TAB>NEW<TAB>STATUS<TAB>NOTE
sa_summary_open() {
	SA_SUMMARY=$LOGS/$1.summary
	mkdir -p "$LOGS"
	{
		printf '# version\t%s\n' "$SA_VER"
		printf '# series\t%s\n' "$SA_DIR"
		printf '# date\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	} >"$SA_SUMMARY.part"
}

sa_summary_meta() {
	printf '# %s\t%s\n' "$1" "$2" >>"$SA_SUMMARY.part"
}

sa_summary_row() {
	local IFS=$'\t'
	printf '%s\n' "$*" >>"$SA_SUMMARY.part"
}

sa_summary_close() {
	mv "$SA_SUMMARY.part" "$SA_SUMMARY"
}

# sa_show TITLE FILE [MAX]: print the first MAX lines of FILE to stderr.
sa_show() {
	local max=${3:-20} n
	n=$(sa_count "$2")
	[ "$n" -gt 0 ] || return 0
	printf '  %s (%d):\n' "$1" "$n" >&2
	head -n "$max" "$2" | sed 's/^/    /' >&2
	[ "$n" -le "$max" ] || printf '    ... (%d more)\n' $((n - max)) >&2
}

# sa_first FILE: the first line of FILE, shortened for a TAP reason.
sa_first() {
	local l
	l=$(head -n 1 "$1")
	[ ${#l} -le 160 ] || l=${l:0:157}...
	printf '%s' "$l"
}

# sa_cached NAME ARGS...: the result of check NAME (run as "$0 ARGS...")
# for exactly these inputs, kept in the cache folder. Called after
# sa_series. Its result is a function of its inputs alone: the patched and
# base trees (their git tree ids), the series' patches, the base and
# patched kernel configs, static-analysis/ (with ci/lib.sh and ci/tap.sh),
# the Debian packages of the tools, the arguments and the settings below.
# The files checked (touched.sh) are in the key too. When a run with the
# same inputs passed, print its output, restore its results and logs
# (build/results/NAME.tap, build/logs/NAME.summary and
# build/logs/PREFIX-*) and exit 0; otherwise run the check, keep what it
# made if it passed, and exit with its status. A failure is never kept
# (it may be transient). A tree with uncommitted changes, or SA_CACHE=0,
# always runs the check.
#   NAME: checkpatch, sparse, w1 or coccicheck; PREFIX of its logs: NAME,
#   but cocci for coccicheck
sa_cached() {
	local name=$1 prefix key dir tmp rc f made
	shift
	prefix=$name
	[ "$name" != coccicheck ] || prefix=cocci
	[ -z "${SA_CACHE_RUN:-}" ] || return 0
	case ${SA_CACHE:-1} in
	0) return 0 ;;
	1) ;;
	*) die "SA_CACHE must be 0 (always run the check) or 1 (reuse a result of the same inputs)" ;;
	esac
	# No tree yet: the check says what to do.
	git -C "$KTREE" rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null 2>&1 || return 0
	if [ -n "$(git -C "$KTREE" status --porcelain --untracked-files=no)" ]; then
		log "$KTREE has uncommitted changes: not using or saving a cached result"
		return 0
	fi
	key=$(
		{
			printf '%s\n' "$name" "$@" "BASE=$BASE" "SA_VER=$SA_VER" "SERIES_DIR=${SERIES_DIR:-}" \
				"CHECKPATCH_EXCLUDE=${CHECKPATCH_EXCLUDE:-}" \
				"COCCI_DIR_MAX_FILES=${COCCI_DIR_MAX_FILES:-}" \
				"COCCI_DIR_MIN_TOUCHED=${COCCI_DIR_MIN_TOUCHED:-}" \
				"W1_DIR_MAX_FILES=${W1_DIR_MAX_FILES:-}"
			[ ! -f "${CHECKPATCH_EXCLUDE:-}" ] || sha256sum <"$CHECKPATCH_EXCLUDE"
			git -C "$KTREE" rev-parse "HEAD^{tree}" "$BASE_TAG^{tree}"
			for f in "${SA_PATCHES[@]}"; do
				printf '%s %s\n' "${f##*/}" "$(sha256sum <"$f")"
			done
			for f in "$BUILD/obj/base/.config" "$BUILD/obj/patched/.config"; do
				if [ -f "$f" ]; then sha256sum <"$f"; else echo "no ${f#"$BUILD"/}"; fi
			done
			# The files checked depend on the objects built (touched.sh).
			SERIES_DIR=$SA_DIR "$SA/touched.sh" --files "$SA_VER" 2>/dev/null || echo "touched.sh failed"
			{
				find "$SA" -type f ! -name '*.md' -print0 | sort -z
				printf '%s\0' "$TOP/ci/lib.sh" "$TOP/ci/tap.sh"
			} | xargs -0 sha256sum | sed "s|  $(sa_re_escape "$TOP")/|  |"
			dpkg-query -W -f '${Package}=${Version}\n' gcc make sparse coccinelle \
				ocaml-nox perl python3 codespell 2>/dev/null || true
			gcc --version 2>&1 | head -n 1
			spatch --version 2>&1 | head -n 1 || true
			sparse --version 2>&1 || true
		} | sha256sum | cut -c1-24
	) || die "cannot compute the cache key of $name"
	dir=$IMA_DIR_CACHE/static-results/$name-$key
	mkdir -p "$RESULTS" "$LOGS"
	# What the check makes: its TAP results, its summary and its logs.
	sa_cached_clear() {
		(cd "$LOGS" && rm -f "$name.summary" "$prefix"-*) && rm -f "$RESULTS/$name.tap"
	}
	sa_cached_clear
	if [ -f "$dir/rc" ]; then
		if tar -xf "$dir/results.tar" -C "$RESULTS" && tar -xf "$dir/logs.tar" -C "$LOGS"; then
			log "the same inputs passed this check on $(cat "$dir/date"): its output follows (SA_CACHE=0 checks again; $dir)"
			touch "$dir"
			cat "$dir/output"
			exit 0
		fi
		log "cannot restore $dir: checking again"
		sa_cached_clear
	fi
	mkdir -p "$IMA_DIR_CACHE/static-results"
	# Left by interrupted runs.
	find "$IMA_DIR_CACHE/static-results" -maxdepth 1 -name '.new.*' -mmin +1440 -exec rm -rf {} + 2>/dev/null || true
	tmp=$(mktemp -d "$IMA_DIR_CACHE/static-results/.new.XXXXXX")
	rc=0
	SA_CACHE_RUN=1 "$0" "$@" 2>&1 | tee "$tmp/output" || rc=${PIPESTATUS[0]}
	mapfile -t made < <(cd "$LOGS" && compgen -G "$prefix-*"; [ ! -f "$LOGS/$name.summary" ] || echo "$name.summary")
	# Only a pass is kept: a failure may be transient (a full disk, a
	# killed compiler), and a real one costs nothing to find again.
	if [ "$rc" -eq 0 ] && [ -f "$RESULTS/$name.tap" ] &&
		tar -cf "$tmp/results.tar" -C "$RESULTS" "$name.tap" &&
		tar -cf "$tmp/logs.tar" -C "$LOGS" "${made[@]}"; then
		date -u '+%F %T UTC' >"$tmp/date"
		echo 0 >"$tmp/rc"
		# Another clone may have saved the same result meanwhile.
		mv -T "$tmp" "$dir" 2>/dev/null || rm -rf "$tmp"
		# Keep the 10 most recently used results of each check.
		find "$IMA_DIR_CACHE/static-results" -maxdepth 1 -name "$name-*" -printf '%T@ %p\n' |
			sort -rn | tail -n +11 | cut -d' ' -f2- | xargs -r -d '\n' rm -rf
	else
		rm -rf "$tmp"
	fi
	exit "$rc"
}
