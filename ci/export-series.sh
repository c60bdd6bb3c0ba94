#!/usr/bin/env bash
# Export the kernel tree's commits since the base as series/vN/ (cover letter
# and patches) and series/vN.mbox, taking the cover letter's subject (first
# line) and text from cover-letter/vN; for BASE=stable-6.12 the folders are
# series/stable-6.12/ and cover-letter/stable-6.12/ (ci/bases/*.env).
#   usage: export-series.sh [N]   (default: newest cover-letter/vN)
#   env:   SERIES_OUT=DIR writes DIR/vN and DIR/vN.mbox instead of series/
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

need git awk
kgit() { git -C "$KTREE" "$@"; }
if [ $# -gt 0 ]; then
	n=${1#v}
else
	n=$(find "$COVER" -maxdepth 1 -name 'v[0-9]*' -printf '%f\n' 2>/dev/null |
		sed 's/^v//' | sort -n | tail -n1)
fi
[[ ${n:-} =~ ^[0-9]+$ ]] || die "no version for base $BASE: give N or write $BASE_COVER/vN"
cover=$COVER/v$n
[ -s "$cover" ] || die "no cover letter $BASE_COVER/v$n for base $BASE: write it first (subject on line 1, then the text)"
[ -n "$(kgit log --format=%H "$BASE_TAG..HEAD")" ] ||
	die "no commits on top of $BASE_TAG in $KTREE: nothing to export"
[ -z "$(kgit status --porcelain --untracked-files=no)" ] ||
	die "$KTREE has uncommitted changes: commit them first"

out=${SERIES_OUT:-$SERIES}/v$n
mbox=${SERIES_OUT:-$SERIES}/v$n.mbox
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
kgit format-patch -q -o "$tmp" -v "$n" --cover-letter --thread=shallow \
	--notes --no-signature --base="$BASE_TAG" "$BASE_TAG..HEAD"

# Fill in the cover letter.
subject=$(head -n1 "$cover")
tail -n +3 "$cover" >"$tmp/blurb"
cl=$(find "$tmp" -name 'v*-0000-cover-letter.patch')
awk -v subj="$subject" -v blurb="$tmp/blurb" '
	/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subj) }
	/^\*\*\* BLURB HERE \*\*\*$/ {
		while ((getline l < blurb) > 0) print l
		next
	}
	{ print }' "$cl" >"$cl.new"
mv "$cl.new" "$cl"

# Make the files reproducible: format-patch stamps message ids with the
# current time and dates the cover letter now; use the newest commit's date.
epoch=$(kgit log -1 --format=%ct HEAD)
date=$(kgit log -1 --format=%cD HEAD)
for f in "$tmp"/*.patch; do
	sed -i -E -e "/^(Message-I[dD]|In-Reply-To|References):/ s/\.[0-9]+\.git\./.$epoch.git./" "$f"
done
sed -i -e "0,/^Date: .*/ s//Date: $date/" "$cl"
# Drop the vN- prefix from the file names: the folder carries the version.
for f in "$tmp"/v"$n"-*.patch; do
	mv "$f" "$tmp/${f##*/v"$n"-}"
done

rm -rf "$out"
mkdir -p "$out"
cp "$tmp"/*.patch "$out/"
cat "$out"/*.patch >"$mbox"
log "exported $(find "$out" -name '*.patch' ! -name '0000-*' | wc -l) patches to $out and $mbox"

# Commit ids appear in the files. Commits made by hand carry their own
# committer and date; 'git am' as apply-series.sh does it gives every
# machine the same ids. Re-apply what was just written and export again so
# that 'make export' is a fixed point.
canonical() {
	kgit log --format='%at %ct %cn <%ce>' "$BASE_TAG..HEAD" |
		awk -v who="$PATCH_NAME <$PATCH_EMAIL>" '{ d = $1; c = $2; $1 = $2 = "" }
			d != c || substr($0, 3) != who { bad = 1 } END { exit bad }'
}
if [ -z "${SERIES_OUT:-}" ] && ! canonical; then
	log "re-applying $BASE_SERIES/v$n so that the commit ids are canonical"
	V=$n "$TOP/ci/apply-series.sh"
	exec "$0" "$n"
fi
