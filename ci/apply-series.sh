#!/usr/bin/env bash
# Reset the kernel tree's branch series/vN to the pristine base and apply
# the selected base's series/vN/*.patch (series/stable-6.12/vN/ for
# BASE=stable-6.12) with git am (newest version unless V=N is given).
# env: SERIES_DIR (take the patches from there), APPLY_BRANCH (branch name).
# Per-patch changelogs (git notes, shown below '---') are restored as notes so
# that a re-export gives back the same files.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

need git
kgit() { git -C "$KTREE" "$@"; }
kgit rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null ||
	die "no kernel tree with tag $BASE_TAG at $KTREE: run 'make tree BASE=$BASE'"

if [ -n "${SERIES_DIR:-}" ]; then
	ver=${V:+v${V#v}}
	ver=${ver:-${SERIES_DIR##*/}}
else
	ver=$(series_version)
fi
dir=${SERIES_DIR:-$SERIES/$ver}
[ -d "$dir" ] || die "no folder $dir"
mapfile -t patches < <(find "$dir" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' ! -name '0000-*' | sort)
[ ${#patches[@]} -gt 0 ] || die "$dir holds no patches"

if [ -n "$(kgit status --porcelain --untracked-files=no)" ]; then
	die "$KTREE has uncommitted changes: commit (and 'make export') or stash them first"
fi
if [ -d "$KTREE/.git/rebase-apply" ]; then
	kgit am --abort || die "cannot abort the git am left in $KTREE"
fi
branch=${APPLY_BRANCH:-series/$ver}
old=$(kgit rev-parse -q --verify "refs/heads/$branch" || true)
kgit checkout -q -B "$branch" "$BASE_TAG"
[ -z "$old" ] || log "branch $branch was at $old (recover it with 'git reset --hard $old')"

# A fixed committer (the project identity, dates from the author) makes the
# commit ids, and so the exported files, the same on every run.
export GIT_COMMITTER_NAME=$PATCH_NAME GIT_COMMITTER_EMAIL=$PATCH_EMAIL
for p in "${patches[@]}"; do
	if ! kgit am -q --committer-date-is-author-date "$p" >"$BUILD/am.log" 2>&1; then
		cat "$BUILD/am.log" >&2
		kgit am --abort >/dev/null 2>&1 || true
		die "patch ${p#"$TOP"/} does not apply to $BASE_TAG (base $BASE; see above)"
	fi
	# Restore the changelog shown below '---' as a note.
	notes=$(awk '/^---$/ { s = 1; next } s && /^Notes:$/ { n = 1; next }
		n && /^    / { sub(/^    /, ""); print; next } n { exit }' "$p")
	[ -z "$notes" ] || kgit notes add -f -m "$notes" HEAD
done
log "applied ${#patches[@]} patches of $ver on $BASE_TAG (branch $branch)"
