#!/bin/sh
# Boot 2 (ima_appraise=enforce) after the host's offline attacks (see
# vm/tests/attacks.sh). Each attack is checked by what using the attacked
# directory or special file gives: EACCES with an audit record when they
# are appraised (itest.expect=refused), success on the base kernel
# (itest.expect=unnoticed). Untouched files must stay usable.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
expect=$(cmdline_value itest.expect)
root=$(cmdline_value itest.root)
if [ "$root" = 1 ]; then
	# 1 attack with its audit check when refused, + 4 other results
	if [ "$expect" = refused ]; then plan 6; else plan 5; fi
else
	# 35 attacks, each with an audit check when refused, + 14 other results
	if [ "$expect" = refused ]; then plan 84; else plan 49; fi
fi
setup_disk "$([ "$expect" = refused ] && echo 1 || echo 0)"
t=/mnt/tree

# attack NAME OP PATH CAUSE [OK]: the outcome of OP on PATH after attack
# NAME; OK is what OP gives when nothing refuses it (default 0). The audit
# record names PATH, or $audit_name when set.
attack() {
	got=$(itest try "$2" "$3")
	if [ "$expect" = refused ]; then
		[ "$got" = EACCES ]
	else
		[ "$got" = "${5:-0}" ]
	fi
	result $? "attack: $1 -> $got" "want ${expect:-?}"
	[ "$expect" = refused ] || return 0
	audit_has "$4" "${audit_name:-${3#/mnt}}" "attack: $1: audit record (cause=$4)"
}

# itest.root=1: the second disk of attacks.sh, labelled like the first
# and attacked once only: a file added to the file system's root
# directory. Every path on the disk goes through the root, so on the
# patched kernel all of it is refused, untouched parts included.
if [ "$root" = 1 ]; then
	attack "add a file to the file system's root directory" list /mnt/ invalid-hash
	if [ "$expect" = refused ]; then
		expect_err EACCES read "$t/keep/a.txt" "a file below the attacked root is refused too"
	else
		expect_err 0 read "$t/keep/a.txt" "a file below the attacked root reads"
	fi
	umount /mnt
	exit 0
fi

attack "delete a file" list "$t/del" invalid-hash
attack "rename a file in place" list "$t/ren" invalid-hash
attack "move a file to another directory (source)" list "$t/mvsrc" invalid-hash
attack "move a file to another directory (target)" list "$t/mvdst" invalid-hash
attack "add a new file" list "$t/add" invalid-hash
attack "add a hard link" list "$t/hl" invalid-hash
attack "remove a directory's security.ima" list "$t/rmx" missing-hash
attack "copy security.ima/.evm from another directory" list "$t/cpx" invalid-HMAC
attack "rename a directory" list "$t/rend" invalid-hash
attack "point a directory's '..' at another directory" list "$t/dotdot/sub" 'invalid-hash|invalid-entries'
# v1 checks a record whose HMAC fails against the digest it replaced
# (invalid-hash; a WIP v2 with no such fallback, finding B3: invalid-HMAC).
# v2 has no pending records: their type is its keyed values', and a v1
# record is not a well-formed keyed value (invalid-xattr).
pendcause='invalid-hash|invalid-HMAC|unknown-ima-data'
[ "$KEYED" != 1 ] || pendcause=invalid-xattr
attack "delete a file and forge a pending record of its removal" list "$t/pend" "$pendcause"
attack "malformed security.ima: empty" list "$t/mal-empty" missing-hash
attack "malformed security.ima: truncated digest" list "$t/mal-truncated" 'invalid-xattr|unknown-ima-data'
attack "malformed security.ima: unknown type byte" list "$t/mal-unknown-type" unknown-ima-data
attack "malformed security.ima: oversized" list "$t/mal-oversized" \
	'invalid-xattr|unknown-ima-data'
attack "malformed security.ima: signature type" list "$t/mal-signature" unknown-ima-data
attack "malformed security.ima: unknown hash algorithm" list "$t/mal-unknown-algo" 'invalid-xattr|unknown-ima-data'
attack "malformed security.ima: old sha1 digest type" list "$t/mal-sha1-v1" unknown-ima-data
attack "malformed security.ima: pending record of 3 changes" list "$t/mal-pending" 'invalid-xattr|unknown-ima-data'
# Keyed values (v2's format): malformed, and well-formed but with a MAC
# made without the key (EVM covers only a keyed value's type byte, so
# IMA's MAC refuses it: invalid-hash). v1 knows no such type.
attack "malformed keyed value: truncated" list "$t/mal-keyed-short" 'invalid-xattr|unknown-ima-data'
attack "malformed keyed value: reserved byte set" list "$t/mal-keyed-reserved" \
	'invalid-xattr|unknown-ima-data'
attack "forged keyed value" list "$t/mal-keyed-forged" \
	'invalid-HMAC|invalid-hash|unknown-ima-data'
# Root at run time writes a malformed keyed value (the type byte, version
# 1 and nothing else): refused with EINVAL. v2 checks a keyed value's form
# when it is set (ima_inode_setxattr()); a kernel that does not know the
# type (v1, base) refuses it as an unknown type (IMA_XATTR_LAST), so only
# v2 without its check would accept it.
err=$(itest setxattr "$t/rootforge" security.ima "${KT}01" 2>&1)
case $err in *"Invalid argument"*) r=0 ;; *) r=1 ;; esac
result $r "root's write of a malformed keyed value is refused with EINVAL" \
	"got '${err:-success}'"
# Root at run time writes a well-formed keyed value: EVM signs it, as it
# signs any value root sets; without IMA's key its MAC cannot match.
# A kernel that does not know the type (v1, base) refuses the write: then
# there is no attack, and the directory must still list.
if itest setxattr "$t/rootforge" security.ima \
	"${KT}010000$(printf '99%.0s' $(seq 32))$(printf '00%.0s' $(seq 40))"; then
	attack "root writes a forged keyed value at run time" list \
		"$t/rootforge" 'invalid-hash|unknown-ima-data'
else
	result 0 "attack: root writes a forged keyed value at run time -> write refused"
	if [ "$expect" = refused ]; then
		got=$(itest try list "$t/rootforge")
		[ "$got" = 0 ]
		result $? "root's refused write left $t/rootforge usable -> $got" "want 0"
	fi
fi
# A socket bound at run time (its value written when it was made), whose
# value root then replaces by a well-formed keyed value made without the
# key: EVM signs it, the verdict is forgotten, and the next connect to the
# listening socket is refused. A kernel that does not know the type (v1,
# base) refuses the write.
itest listen "$t/run.sock" &
lpid=$!
i=0
while [ ! -S "$t/run.sock" ] && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
expect_err 0 connect "$t/run.sock" "a socket bound at run time can be connected to"
if itest setxattr "$t/run.sock" security.ima \
	"${KT}010000$(printf '99%.0s' $(seq 32))$(printf '00%.0s' $(seq 40))"; then
	attack "root writes a forged keyed value on a listening socket" connect \
		"$t/run.sock" 'invalid-hash|unknown-ima-data'
else
	result 0 "attack: root writes a forged keyed value on a listening socket -> write refused"
fi
kill $lpid
wait $lpid 2>/dev/null
attack "retarget a symlink in place (follow)" follow "$t/lnk/l" invalid-hash
attack "retarget a symlink in place (readlink)" readlink "$t/lnk/l" invalid-hash
# debugfs gives the new link the inode number it freed, so the entry and
# the directory's digest are unchanged: the link's own digest is missing.
attack "replace a symlink by one with a new target" follow "$t/lnk2/l" missing-hash
# Keyed values (v2) bind a device node's number into its directory's
# entry: the directory is refused on the way to the node, and audited.
[ "$KEYED" = 1 ] && audit_name=/tree/dev
attack "change a device node's numbers in place" open "$t/dev/null" invalid-hash
audit_name=
attack "replace a device node by one with new numbers" list "$t/dev2" invalid-hash
attack "copy security.ima/.evm from another symlink" follow "$t/lcp/b" invalid-HMAC
attack "remove a FIFO's security.ima" open "$t/spec/fifo" missing-hash
# A socket on the disk is never used: after a boot nobody listens on it
# (a server binds a new inode), so v2 never checks its value, forged or
# not: a connect fails as for an untouched socket. v2 appraises sockets
# when a task connects to a listening one (below). v1 (and its 6.12
# backport) checked them in inode_permission(), before the listener is
# looked for.
if [ "$KEYED" = 1 ] || [ "$expect" != refused ]; then
	expect_err ECONNREFUSED connect "$t/spec/sock" \
		"a socket whose security.ima was forged offline cannot be connected to (nobody listens)"
else
	attack "forge a socket's security.ima" connect "$t/spec/sock" \
		'invalid-HMAC|unknown-ima-data' ECONNREFUSED
fi
attack "malformed security.ima on a symlink: empty" follow "$t/malsp/l-empty" missing-hash
attack "malformed security.ima on a symlink: truncated" readlink "$t/malsp/l-trunc" 'invalid-xattr|unknown-ima-data'
attack "malformed security.ima on a device: unknown type byte" open "$t/malsp/dev-type" \
	unknown-ima-data
attack "malformed security.ima on a FIFO: signature type" open "$t/malsp/fifo-sig" \
	unknown-ima-data

expect_err 0 list "$t/keep" "untouched directory lists"
expect_err 0 read "$t/keep/a.txt" "file in an untouched directory reads"
[ "$(cat "$t/keep/a.txt")" = "keep" ]
result $? "file in an untouched directory has its contents"
expect_err 0 follow "$t/keep/l" "untouched symlink can be followed"
expect_err 0 readlink "$t/keep/l" "untouched symlink can be read"
expect_err 0 open "$t/keep/null" "untouched device node opens"
expect_err 0 open "$t/keep/fifo" "untouched FIFO opens"
expect_err ECONNREFUSED connect "$t/keep/sock" "untouched socket can be connected to (nobody listens)"
umount /mnt
