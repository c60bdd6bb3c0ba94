#!/usr/bin/env bash
# Make sure the scratch worktree (build/linux-scratch) exists: a second
# checkout of the kernel repo used by the round-trip check and the harness
# self-tests, so they never touch the developer's tree.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

git -C "$KTREE" rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null ||
	die "no kernel tree at $KTREE: run 'make tree BASE=$BASE'"
if [ ! -d "$SCRATCH" ]; then
	git -C "$KTREE" worktree prune
	git -C "$KTREE" worktree add -q --detach "$SCRATCH" "$BASE_TAG"
fi
