#!/usr/bin/env bash
# The benchmark's source material: a tree of FILES entries of the pristine
# kernel tree (build/linux-base, in path order: regular files of at most
# MAXKB KiB and symbolic links; keeps the tree's size sane under TCG), a tar
# archive of it, and a COPYMB MiB file of random bytes.
#   usage: mktree.sh OUTDIR FILES MAXKB COPYMB
# Result: OUTDIR/src/{tree,big.bin} (the disk's contents), OUTDIR/tree.tar
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"

[ $# -eq 4 ] || die "usage: ${0##*/} OUTDIR FILES MAXKB COPYMB"
out=$1 files=$2 maxkb=$3 copymb=$4
for n in "$files" "$maxkb" "$copymb"; do
	[[ $n =~ ^[1-9][0-9]*$ ]] || die "FILES, MAXKB and COPYMB must be positive numbers, not '$n'"
done
need git tar head
[ -d "$KBASE/.git" ] || [ -f "$KBASE/.git" ] || die "no pristine tree $KBASE: run 'make tree' first"
rm -rf "$out/src" "$out/tree.tar"
mkdir -p "$out/src/tree"
# mode, size and path of every file of the base, in path order
git -C "$KBASE" ls-files -s >"$out/index"
awk '{ print $2 }' "$out/index" |
	git -C "$KBASE" cat-file --batch-check='%(objectsize)' >"$out/sizes"
paste -d' ' "$out/sizes" "$out/index" |
	awk -v max=$((maxkb * 1024)) -v n="$files" '
		($2 == "100644" || $2 == "100755") && $1 > max { next }
		$2 == "160000" { next }
		k < n { sub(/^[^\t]*\t/, ""); print; k++ }' >"$out/list"
got=$(wc -l <"$out/list")
[ "$got" -eq "$files" ] || die "only $got files of at most $maxkb KiB in $KBASE, not $files"
tar -C "$KBASE" -cf - --verbatim-files-from -T "$out/list" | tar -C "$out/src/tree" -xf -
# The archive of the same tree, reproducible.
tar -C "$out/src" --sort=name --owner=0 --group=0 --numeric-owner --mtime=@946684800 \
	-cf "$out/tree.tar" tree
head -c $((copymb << 20)) /dev/urandom >"$out/src/big.bin"
log "tree of $files files ($(du -sm "$out/src/tree" | cut -f1) MiB on disk), $out/tree.tar, a $copymb MiB file"
