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
#     node PATH c|b MAJ MIN, node PATH p   add a device node or a FIFO
#     devnum PATH MAJ MIN  change a device node's numbers in place (< 256)
#     retarget PATH TARGET change a fast symlink's target in place (< 60)
#     chown PATH UID       set a file's owner
#     dotdot DIR PARENT    point DIR's ".." entry at PARENT's inode
#     write PATH HOSTFILE  add a new file
#     hide DIR NAME TARGET  add NAME (a hard link to TARGET) to DIR's first
#                          block behind an entry made malformed, so that
#                          readdir stops before NAME and lookup finds it
#                          (vm/dirent-hide.py; DIR must be one block)
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"

[ $# -ge 3 ] || die "usage: ${0##*/} IMAGE OP ARGS..."
img=$1 op=$2
shift 2
need debugfs xxd
[ -f "$img" ] || die "no image $img"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# dfs REQUEST...: run debugfs requests, in order, on the image
dfs() {
	local out
	printf '%s\n' "$@" >"$tmp/requests"
	out=$(debugfs -w -f "$tmp/requests" "$img" 2>&1) ||
		die "debugfs '$*' failed: $out"
	# debugfs exits 0 even when a request fails; its errors name the request.
	if grep -vE '^(debugfs [0-9]|debugfs: |Allocated inode: [0-9]+$)' <<<"$out" |
		grep -q .; then
		die "debugfs '$*' on $img: $out"
	fi
}

# debugfs's mknod takes a name in the current directory, not a path.
parent() { local d=${1%/*}; echo "${d:-/}"; }
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
	dfs "rm $1" "cd $(parent "$1")" "mknod ${1##*/} b $2 $3" \
		"sif ${1##*/} mode 060644" ;;
node)
	case $2 in
	c | b) [ $# -eq 4 ] || die "usage: node PATH c|b MAJOR MINOR"
		dfs "cd $(parent "$1")" "mknod ${1##*/} $2 $3 $4" \
			"sif ${1##*/} mode 0$([ "$2" = c ] && echo 2 || echo 6)0644" ;;
	p) dfs "cd $(parent "$1")" "mknod ${1##*/} p" "sif ${1##*/} mode 010644" ;;
	*) die "node: type '$2' is not c, b or p" ;;
	esac ;;
devnum)
	if [ "$2" -ge 256 ] || [ "$3" -ge 256 ]; then
		die "devnum: numbers must be < 256"
	fi
	dfs "sif $1 block[0] $(($2 * 256 + $3))" ;;
retarget)
	[ ${#2} -lt 60 ] || die "retarget: '$2' does not fit a fast symlink"
	# The target lives in i_block[0..14], little-endian words.
	reqs=()
	hex=$(printf '%s' "$2" | xxd -p | tr -d '\n')
	hex=$hex$(printf '0%.0s' $(seq $((120 - ${#hex}))))
	i=0
	for f in 0 1 2 3 4 5 6 7 8 9 10 11 IND DIND TIND; do
		w=${hex:$((i * 8)):8}
		reqs+=("sif $1 block[$f] 0x${w:6:2}${w:4:2}${w:2:2}${w:0:2}")
		i=$((i + 1))
	done
	dfs "${reqs[@]}" "sif $1 size ${#2}" ;;
chown)
	dfs "sif $1 uid $2" ;;
dotdot)
	dfs "unlink $1/.." "ln $2 $1/.." ;;
write)
	dfs "write $2 $1" ;;
hide)
	[ $# -eq 3 ] || die "usage: hide DIR NAME TARGET"
	need python3 dumpe2fs
	decoy=zz-malformed
	dfs "ln $3 $1/$decoy" "ln $3 $1/$2" "sif $3 links_count 2"
	blk=$(debugfs -R "blocks $1" "$img" 2>/dev/null | awk '{ print $1 }')
	st=$(debugfs -R "stat $1" "$img" 2>/dev/null)
	ino=$(sed -n 's/^Inode: \([0-9]*\).*/\1/p' <<<"$st")
	gen=$(sed -n 's/.*Generation: \([0-9]*\).*/\1/p' <<<"$st")
	fsuuid=$(dumpe2fs -h "$img" 2>/dev/null | sed -n 's/^Filesystem UUID: *//p')
	if [ -z "$blk" ] || [ -z "$ino" ] || [ -z "$gen" ] || [ -z "$fsuuid" ]; then
		die "hide: cannot read the block, inode or UUID of $1 in $img"
	fi
	python3 "$TOP/vm/dirent-hide.py" "$img" "$blk" "$ino" "$gen" "$fsuuid" "$decoy" ||
		die "hide: vm/dirent-hide.py failed on $1" ;;
*)
	die "unknown operation '$op'" ;;
esac
