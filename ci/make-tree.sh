#!/usr/bin/env bash
# Make the selected base's kernel tree (build/linux; build/BASE/linux for
# other bases): a git repository whose first commit is the pristine base
# (tagged $BASE_TAG), and a worktree of that tag in linux-base. A second run
# finds the tag and does nothing.
#
# The pristine commit lives in the cache folder ($IMA_DIR_CACHE/pristine.git,
# one tagged commit per base), made once from the cached tarball with fixed
# dates and identity, so its id is the same on every machine. The kernel
# tree is a local clone of it (hardlinked objects: deleting the cache later
# is safe).
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

need git tar xz flock
kgit() { git -C "$KTREE" "$@"; }

# pristine_pack: pack the loose objects of $PRISTINE (a new base's, some
# 90 000) once, so that the clones hardlink packs: loose, they would make
# git's automatic gc repack them in every clone, beside the kernel builds.
pristine_pack() {
	local loose
	loose=$(git --git-dir="$PRISTINE" count-objects | cut -d' ' -f1)
	[ "$loose" -gt 6700 ] || return 0
	log "packing $loose loose objects in $PRISTINE (once)"
	git --git-dir="$PRISTINE" repack -d -q
}

# pristine_commit: make sure $PRISTINE holds tag $BASE_TAG
pristine_commit() {
	local tarball=$CACHE/$BASE_PKG-$BASE_VERSION.tar.xz tmp want tree commit
	want="Debian $BASE_PKG $BASE_VERSION (pristine)"
	mkdir -p "$IMA_DIR_CACHE"
	# Clones share the cache: one of them makes a base at a time.
	exec 8>>"$IMA_DIR_CACHE/pristine.lock"
	flock 8 || die "cannot lock $IMA_DIR_CACHE/pristine.lock"
	[ -d "$PRISTINE" ] || git init -q --bare "$PRISTINE"
	if git -C "$PRISTINE" rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null; then
		[ "$(git -C "$PRISTINE" log -1 --format=%s "refs/tags/$BASE_TAG")" = "$want" ] ||
			die "$PRISTINE has a tag $BASE_TAG of another pin than $BASE_PKG $BASE_VERSION:" \
				"delete the tag ('git -C $PRISTINE tag -d $BASE_TAG') or the cache folder and run again"
		pristine_pack
		exec 8>&-
		return 0
	fi
	[ -f "$tarball" ] || die "no cached base tarball $tarball: run 'make fetch BASE=$BASE' first"
	tmp=$(mktemp -d "$IMA_DIR_CACHE/unpack.XXXXXX")
	# shellcheck disable=SC2064 # expand now: tmp is local
	trap "rm -rf '$tmp' '$tmp.index'" EXIT
	log "unpacking $tarball"
	tar -xJf "$tarball" -C "$tmp" --strip-components=1
	if [ ! -f "$tmp/Makefile" ] || [ ! -d "$tmp/security/integrity" ]; then
		die "$tarball does not look like a kernel source tree"
	fi
	# The commit is made straight into the cache repository (a private
	# index, no branch), as 'git commit' of a fresh repo would make it.
	pgit() { git --git-dir="$PRISTINE" --work-tree="$tmp" "$@"; }
	# Debian's top-level .gitignore ends in '/*' (for its packaging), which
	# would hide every file: add all of them by force.
	log "committing the pristine base (every file of the tarball)"
	GIT_INDEX_FILE=$tmp.index pgit add -A -f .
	tree=$(GIT_INDEX_FILE=$tmp.index pgit write-tree)
	rm -f "$tmp.index"
	# Fixed dates and identity make the base commit id the same on every
	# machine, so 'base-commit:' in the exported series means something.
	commit=$(GIT_AUTHOR_DATE='2000-01-01T00:00:00Z' GIT_COMMITTER_DATE='2000-01-01T00:00:00Z' \
		GIT_AUTHOR_NAME=$PATCH_NAME GIT_AUTHOR_EMAIL=$PATCH_EMAIL \
		GIT_COMMITTER_NAME=$PATCH_NAME GIT_COMMITTER_EMAIL=$PATCH_EMAIL \
		git --git-dir="$PRISTINE" commit-tree -m "$want" "$tree")
	git --git-dir="$PRISTINE" tag "$BASE_TAG" "$commit"
	rm -rf "$tmp"
	trap - EXIT
	pristine_pack
	exec 8>&-
}

if ! kgit rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null 2>&1; then
	[ ! -e "$KTREE" ] ||
		die "$KTREE exists but has no tag $BASE_TAG (a tree of another base, e.g. a 6.12 tree made" \
			"before the bases existed): remove it and its worktrees ($KBASE, $SCRATCH) and run again"
	pristine_commit
	log "cloning $BASE_TAG from $PRISTINE into $KTREE"
	rm -rf "$KTREE.clone"
	mkdir -p "$(dirname "$KTREE")"
	# (It has tags only, so git calls it empty: say nothing unless it fails.)
	out=$(git clone -q --local --no-checkout --no-tags "$PRISTINE" "$KTREE.clone" 2>&1) ||
		die "cannot clone $PRISTINE: $out"
	git -C "$KTREE.clone" fetch -q origin "refs/tags/$BASE_TAG:refs/tags/$BASE_TAG"
	# The tree stands on its own: no remote pointing into the cache.
	git -C "$KTREE.clone" remote remove origin
	git -C "$KTREE.clone" config user.name "$PATCH_NAME"
	git -C "$KTREE.clone" config user.email "$PATCH_EMAIL"
	git -C "$KTREE.clone" config core.abbrev 12
	git -C "$KTREE.clone" checkout -q -B master "$BASE_TAG"
	mv "$KTREE.clone" "$KTREE"
fi

# Let files the series adds show up in 'git status': drop Debian's '/*' from
# the working copy of .gitignore and tell git to leave that edit alone.
if grep -qx '/\*' "$KTREE/.gitignore"; then
	kgit update-index --skip-worktree .gitignore
	sed -i -e '/^\/\*$/d' -e '/^!\/debian\/$/d' "$KTREE/.gitignore"
fi

if [ ! -d "$KBASE" ]; then
	log "adding base worktree $KBASE"
	kgit worktree prune
	kgit worktree add -q --detach "$KBASE" "$BASE_TAG"
fi
[ "$(git -C "$KBASE" rev-parse HEAD)" = "$(kgit rev-parse "$BASE_TAG^{commit}")" ] ||
	die "$KBASE is not at $BASE_TAG: run 'git -C $KBASE checkout --detach $BASE_TAG'"
log "base $BASE_TAG = $(kgit rev-parse --short "$BASE_TAG^{commit}")"
