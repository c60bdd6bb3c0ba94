#!/usr/bin/env bash
# Make an ext4 disk image from a directory on the host (mke2fs -d; nothing
# is mounted on the host). The UUID is fixed so IMA policies can name it.
#   usage: mkdisk.sh OUT.img UUID SRCDIR [SIZE_MB]
#   env:   MKDISK_INODES (number of inodes; default: mke2fs's ratio),
#          MKDISK_OPTS (more mke2fs options, words, after the defaults:
#          e.g. '-I 512' or '-O ^filetype')
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"

if [ $# -lt 3 ] || [ $# -gt 4 ]; then die "usage: ${0##*/} OUT.img UUID SRCDIR [SIZE_MB]"; fi
out=$1 uuid=$2 src=$3 size=${4:-64}
need mke2fs
[ -d "$src" ] || die "no source directory $src"
read -ra opts <<<"${MKDISK_OPTS:-}"
rm -f "$out"
mkdir -p "$(dirname "$out")"
# 256-byte inodes keep small xattrs in the inode; a fixed hash seed and
# timestamps make the image the same on every run.
E2FSPROGS_FAKE_TIME=946684800 mke2fs -q -F -t ext4 -I 256 -b 4096 -U "$uuid" \
	-E root_owner=0:0,hash_seed=6e0a1a43-4b1c-4e8a-9a6d-2f2b3c9d0e11 \
	${MKDISK_INODES:+-N "$MKDISK_INODES"} "${opts[@]}" -L itest -d "$src" "$out" "${size}M" ||
	die "mke2fs failed to make $out from $src"
