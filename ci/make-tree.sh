#!/usr/bin/env bash
# Unpack the cached base tarball into build/linux, make it a git repository
# whose first commit is the pristine base (tagged $BASE_TAG), and add a worktree
# of that tag in build/linux-base. A second run finds the tag and does nothing.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

need git tar xz
tarball=$CACHE/$BASE_PKG-$BASE_VERSION.tar.xz
[ -f "$tarball" ] || die "no cached base tarball: run 'make fetch' first"

kgit() { git -C "$KTREE" "$@"; }

if ! kgit rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null 2>&1; then
	[ ! -e "$KTREE" ] || die "$KTREE exists but has no tag $BASE_TAG: remove it and run again"
	tmp=$KTREE.unpack
	rm -rf "$tmp"
	mkdir -p "$tmp"
	log "unpacking $tarball"
	tar -xJf "$tarball" -C "$tmp" --strip-components=1
	if [ ! -f "$tmp/Makefile" ] || [ ! -d "$tmp/security/integrity" ]; then
		die "$tarball does not look like a kernel source tree"
	fi
	git -C "$tmp" init -q -b master
	git -C "$tmp" config user.name "$PATCH_NAME"
	git -C "$tmp" config user.email "$PATCH_EMAIL"
	git -C "$tmp" config core.abbrev 12
	# Debian's top-level .gitignore ends in '/*' (for its packaging), which
	# would hide every file: add all of them by force.
	log "committing the pristine base (every file of the tarball)"
	git -C "$tmp" add -A -f .
	# Fixed dates and identity make the base commit id the same on every
	# machine, so 'base-commit:' in the exported series means something.
	GIT_AUTHOR_DATE='2000-01-01T00:00:00Z' GIT_COMMITTER_DATE='2000-01-01T00:00:00Z' \
		git -C "$tmp" commit -q -m "Debian $BASE_PKG $BASE_VERSION (pristine)"
	git -C "$tmp" tag "$BASE_TAG"
	mv "$tmp" "$KTREE"
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
