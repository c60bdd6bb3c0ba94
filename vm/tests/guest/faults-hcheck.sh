#!/bin/sh
# Boot 2 of vm/tests/faults-hostile.sh (ima_appraise=enforce): each hostile
# case made by the host is refused (EACCES and an integrity audit record
# naming it) or handled (the result the case names, no audit record), and
# nothing crashes, hangs or leaks: the cases are used again itest.rounds
# times (default 20) with the inode cache dropped in between, and the
# unreclaimable slab must not grow by more than 512 kB (kmemleak, when the
# kernel has it, must report nothing).
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
kmemleak=0
if mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null && [ -w /sys/kernel/debug/kmemleak ]; then
	kmemleak=1
fi
rounds=$(cmdline_value itest.rounds)
rounds=${rounds:-20}
plan $((96 + kmemleak))
setup_disk 1
t=/mnt/tree/h
x254=$(printf '%0254d' 0 | tr 0 x)
odd=$(printf 'odd\nname\377\001end')
cases=/tmp/cases
: >"$cases"

# hostile DESC OP PATH WANT: use PATH with 'itest try OP'; WANT is refused
# (EACCES and an audit record naming PATH), ok (0 and no record) or an
# errno name (that error and no record naming PATH), or alternatives
# separated by '|' where v1 and v2 differ
hostile() {
	case $4 in
	*'|'*)
		_want=$4 _ok=1
		_rest=$_want
		while [ -n "$_rest" ]; do
			_alt=${_rest%%|*}
			[ "$_alt" = "$_rest" ] && _rest= || _rest=${_rest#*|}
			if hostile_one "$1" "$2" "$3" "$_alt"; then _ok=0; break; fi
		done
		result $_ok "hostile: $1 -> $got${cause:+ ($cause)}" "want $_want"
		printf '%s\t%s\n' "$2" "$3" >>"$cases"
		return
		;;
	esac
	hostile_one "$@"
	result $? "hostile: $1 -> $got${cause:+ ($cause)}" "want $4"
	printf '%s\t%s\n' "$2" "$3" >>"$cases"
}

# hostile_one DESC OP PATH WANT: one try; sets got and cause
hostile_one() {
	got=$(itest try "$2" "$3")
	# Directories and special files are named relative to their file
	# system, regular files by their full path.
	rec=$(dmesg | grep 'op=appraise_' | grep -F -e "name=\"${3#/mnt}\"" -e "name=\"$3\"" |
		tail -n 1)
	cause=$(echo "$rec" | sed -n 's/.*op=\(appraise_[a-z]*\) cause=\([^ ]*\).*/\1 \2/p')
	case $4 in
	refused) [ "$got" = EACCES ] && [ -n "$rec" ] ;;
	ok) [ "$got" = 0 ] && [ -z "$rec" ] ;;
	*) [ "$got" = "$4" ] && [ -z "$rec" ] ;;
	esac
}

# Legitimate but unusual: labelled in fix mode, must verify.
hostile "untouched directory lists" list "$t/keep" ok
hostile "untouched symlink is followed" follow "$t/keep/l" ok
hostile "directory of 255-byte names lists" list "$t/names" ok
hostile "file with a 255-byte name reads" read "$t/names/f$x254" ok
hostile "directory with a 255-byte name lists" list "$t/names/d$x254" ok
hostile "symlink with a 255-byte name reads" readlink "$t/names/l$x254" ok
hostile "FIFO with a 255-byte name opens" open "$t/names/p$x254" ok
hostile "file with a newline, 0xff and 0x01 in its name reads" read "$t/names/$odd" ok
hostile "symlink with a 4095-byte target reads" readlink "$t/longlink/l" ok
hostile "symlink with a 4095-byte target is followed (no such target)" follow "$t/longlink/l" ENOENT
hostile "char device 4095:1048575 opens (no driver)" open "$t/maxdev/cmax" ENXIO
hostile "block device 4095:1048575 opens (no driver)" open "$t/maxdev/bmax" ENXIO
[ "$(stat -c '%t:%T' "$t/maxdev/cmax")" = fff:fffff ]
result $? "the kernel reads 4095:1048575 from the new ext4 encoding" "got $(stat -c '%t:%T' "$t/maxdev/cmax")"
# v2 cannot look the loop entry up (ELOOP), so the subdirectory can
# neither be labelled nor verified: refused as a whole.
hostile "directory linked into its own subdirectory before labelling: the subdirectory lists" \
	list "$t/loop2/a/b" 'ok|refused'
hostile "directory linked into its own subdirectory before labelling: the VFS refuses the loop" \
	stat "$t/loop2/a/b/back" 'ELOOP|EACCES'

# Offline attacks on the unusual cases.
hostile "a 255-byte name renamed offline" list "$t/names-atk" refused
hostile "a 4095-byte symlink target rewritten offline" readlink "$t/longlink2/l" refused
if [ "$KEYED" = 1 ]; then
	# Keyed values bind a device node's number into its directory's
	# entry: the directory is refused, on the way to the node.
	hostile "device 4095:1048575 changed to 4095:1048574 offline: its directory" \
		list "$t/maxdev2" refused
else
	hostile "device 4095:1048575 changed to 4095:1048574 offline" open "$t/maxdev2/cmax" refused
fi
hostile "directory linked into its own subdirectory offline" list "$t/loop/a/b" refused
hostile "directory linked into its own subdirectory offline: the loop entry" \
	stat "$t/loop/a/b/back" EACCES

# An inode whose type disagrees with its directory entry (debugfs sif mode).
# v2's entry terms bind the inode's type: the directory is refused as a
# whole (EACCES for each file, the record naming the directory); v1 refuses
# each file by its own value.
hostile "a directory whose entries' inodes changed type" list "$t/type" 'ok|refused'
hostile "regular file's inode made a FIFO" open "$t/type/reg2fifo" 'refused|EACCES'
hostile "FIFO's inode made a regular file" read "$t/type/fifo2reg" 'refused|EACCES'
# ext4 reads the target as a block map and finds it corrupt.
# v2: the inode cannot be looked up for its generation, so its directory
# fails as a whole (the record names the directory).
hostile "fast symlink's inode made a regular file" read "$t/typel/lnk2reg" 'EUCLEAN|EACCES'
hostile "char device's inode made a FIFO" open "$t/type/dev2fifo" 'refused|EACCES'
hostile "regular file's inode made a symlink" readlink "$t/type/reg2lnk" 'refused|EACCES'
hostile "directory's inode made a regular file" read "$t/type/dir2reg" 'refused|EACCES'
hostile "regular file's inode made a directory" list "$t/type/reg2dir" 'refused|EACCES'

# Malformed security.ima and security.evm (names: see faults-hostile.sh).
for c in empty trunc unknown-type oversized huge signature verity-sig unknown-algo sha1-v1 \
	algo-len algo-other; do
	hostile "security.ima $c on a directory" list "$t/mal/ima-$c" refused
	hostile "security.ima $c on a symlink" readlink "$t/malsp/ima-$c-l" refused
	hostile "security.ima $c on a device node" open "$t/malsp/ima-$c-c" refused
done
for c in removed empty trunc unknown-type oversized forged digsig portable digsig-badalgo \
	ima-type; do
	hostile "security.evm $c on a directory" list "$t/mal/evm-$c" refused
	hostile "security.evm $c on a symlink" readlink "$t/malsp/evm-$c-l" refused
	hostile "security.evm $c on a device node" open "$t/malsp/evm-$c-c" refused
done

# Leaks: use every case again with the dentry and inode caches dropped, so
# that each is appraised again; the unreclaimable slab must not grow.
sunreclaim() { sed -n 's/^SUnreclaim: *\([0-9]*\) kB/\1/p' /proc/meminfo; }
sync
echo 3 >/proc/sys/vm/drop_caches
before=$(sunreclaim)
i=0
while [ "$i" -lt "$rounds" ]; do
	echo 2 >/proc/sys/vm/drop_caches
	while IFS='	' read -r op path; do
		itest try "$op" "$path" >/dev/null
	done <"$cases"
	i=$((i + 1))
done
echo 3 >/proc/sys/vm/drop_caches
after=$(sunreclaim)
echo "# leak: SUnreclaim ${before} kB before, ${after} kB after $rounds rounds of $(wc -l <"$cases") cases"
[ $((after - before)) -le 512 ]
result $? "no leak: unreclaimable slab grew by $((after - before)) kB over $rounds rounds" \
	"before $before kB, after $after kB"
if [ "$kmemleak" = 1 ]; then
	# kmemleak reports only objects older than 5 s, and not one whose
	# contents changed since the scan before: hence the wait and two scans.
	sleep 6
	echo scan >/sys/kernel/debug/kmemleak
	echo scan >/sys/kernel/debug/kmemleak
	leaks=$(grep -c 'unreferenced object' /sys/kernel/debug/kmemleak)
	echo "# kmemleak: $leaks unreferenced objects"
	sed 's/^/# /' /sys/kernel/debug/kmemleak | head -n 60
	[ "$leaks" -eq 0 ]
	result $? "kmemleak reports no unreferenced object" "$leaks reported"
else
	echo "# kmemleak: not in this kernel"
fi
umount /mnt
result $? "test disk unmounted"
