#!/usr/bin/env bash
# List what a powered-off ext4 image holds below a directory, read with
# debugfs on the host (no mount, no kernel involved): one line per entry,
# "TYPE PATH", TYPE one of d f l c b p s ("?" for an unknown mode), the
# directory itself first. Directories are listed one level at a time, every
# directory of a level in one debugfs run; hard-linked directories and
# loops are followed once (by inode number). With -i: "TYPE INO PATH".
#   usage: ls-image.sh [-i] IMAGE DIR
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../ci/lib.sh"

inos=0
if [ "${1:-}" = -i ]; then
	inos=1
	shift
fi
[ $# -eq 2 ] || die "usage: ${0##*/} [-i] IMAGE DIR"
img=$1 root=${2%/}
root=${root:-/}
need debugfs
[ -f "$img" ] || die "no image $img"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ino=$(debugfs -R "stat $root" "$img" 2>/dev/null | sed -n 's/^Inode: \([0-9]*\).*/\1/p')
[ -n "$ino" ] || die "no directory $root in $img"
declare -A seen=([$ino]=1)
if [ "$inos" = 1 ]; then echo "d $ino $root"; else echo "d $root"; fi
level=("$root")
while [ ${#level[@]} -gt 0 ]; do
	printf 'ls -p "%s"\n' "${level[@]}" >"$tmp/req"
	debugfs -f "$tmp/req" "$img" >"$tmp/out" 2>&1 || die "debugfs failed on $img"
	next=()
	dir=
	while IFS= read -r line; do
		if [[ $line == 'debugfs: ls -p "'*'"' ]]; then
			dir=${line#'debugfs: ls -p "'}
			dir=${dir%'"'}
			continue
		fi
		# /INO/MODE/UID/GID/NAME/SIZE/ (NAME has no '/')
		[[ $line =~ ^/([0-9]+)/([0-7]+)/[0-9]+/[0-9]+/(.*)/[0-9]*/$ ]] || continue
		i=${BASH_REMATCH[1]} mode=${BASH_REMATCH[2]} name=${BASH_REMATCH[3]}
		case $i/$name in
		0/* | */ | */. | */..) continue ;;
		esac
		case $((8#$mode & 8#170000)) in
		$((8#040000))) t=d ;;
		$((8#100000))) t=f ;;
		$((8#120000))) t=l ;;
		$((8#020000))) t=c ;;
		$((8#060000))) t=b ;;
		$((8#010000))) t=p ;;
		$((8#140000))) t=s ;;
		*) t='?' ;;
		esac
		if [ "$inos" = 1 ]; then
			echo "$t $i ${dir%/}/$name"
		else
			echo "$t ${dir%/}/$name"
		fi
		if [ "$t" = d ] && [ -z "${seen[$i]:-}" ]; then
			seen[$i]=1
			next+=("${dir%/}/$name")
		fi
	done <"$tmp/out"
	level=("${next[@]}")
done
