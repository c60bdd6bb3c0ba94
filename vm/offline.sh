#!/usr/bin/env bash
# Offline edits of a powered-off guest's ext4 image with debugfs, the way an
# attacker with the disk in hand would make them.
#   usage: offline.sh IMAGE OP ARGS...
#     modify PATH          overwrite the file's first data block
#     rename OLD NEW       ln NEW to OLD's inode, unlink OLD (no debugfs rename)
#     delete PATH          remove a file (frees the inode)
#     unlink PATH          drop a directory entry only
#     link PATH NEWPATH    add a hard link
#     rmxattr PATH NAME    remove an xattr
#     copyxattr SRC DST NAME  copy an xattr's value from SRC to DST
#     setxattr PATH NAME HEX  set an xattr to a binary value given in hex
#     symlink PATH TARGET  replace a symlink by one with a new target
#     mknod PATH MAJ MIN   replace a node by a block device with new numbers
#     write PATH HOSTFILE  add a new file
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"

[ $# -ge 3 ] || die "usage: ${0##*/} IMAGE OP ARGS..."
img=$1 op=$2
shift 2
need debugfs xxd
[ -f "$img" ] || die "no image $img"

dfs() {
	local out
	out=$(debugfs -w -R "$1" "$img" 2>&1) || die "debugfs '$1' failed: $out"
	# debugfs exits 0 even when a request fails; its errors name the request.
	if grep -vE '^(debugfs [0-9]|Allocated inode: [0-9]+$)' <<<"$out" | grep -q .; then
		die "debugfs '$1' on $img: $out"
	fi
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case $op in
modify)
	dfs "zap_block -f $1 -p 0x58 0" ;;
rename)
	dfs "ln $1 $2"
	dfs "unlink $1" ;;
delete)
	dfs "rm $1" ;;
unlink)
	dfs "unlink $1" ;;
link)
	dfs "ln $1 $2"
	dfs "sif $1 links_count 2" ;;
rmxattr)
	dfs "ea_rm $1 $2" ;;
copyxattr)
	debugfs -R "ea_get -f $tmp/val $1 $3" "$img" >/dev/null 2>&1 ||
		die "cannot read $3 of $1"
	[ -s "$tmp/val" ] || die "$1 has no $3"
	dfs "ea_set -f $tmp/val $2 $3" ;;
setxattr)
	printf '%s' "$3" | xxd -r -p >"$tmp/val"
	dfs "ea_set -f $tmp/val $1 $2" ;;
symlink)
	dfs "rm $1"
	dfs "symlink $1 $2" ;;
mknod)
	dfs "rm $1"
	dfs "mknod $1 b $2 $3" ;;
write)
	dfs "write $2 $1" ;;
*)
	die "unknown operation '$op'" ;;
esac
