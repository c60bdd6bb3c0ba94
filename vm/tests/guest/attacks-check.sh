#!/bin/sh
# Boot 2 (ima_appraise=enforce) after the host's offline attacks (see
# vm/tests/attacks.sh). Each attack is checked by what using the attacked
# directory gives: EACCES with an audit record when directories are
# appraised (itest.expect=refused), success on the base kernel
# (itest.expect=unnoticed). Untouched directories must stay usable.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
expect=$(cmdline_value itest.expect)
# 16 attacks, each with an audit check when refused, + 6 other results
if [ "$expect" = refused ]; then plan 38; else plan 22; fi
setup_disk "$([ "$expect" = refused ] && echo 1 || echo 0)"
t=/mnt/tree

# attack NAME OP PATH CAUSE: the outcome of OP on PATH after attack NAME
attack() {
	got=$(itest try "$2" "$3")
	if [ "$expect" = refused ]; then
		[ "$got" = EACCES ]
	else
		[ "$got" = 0 ]
	fi
	result $? "attack: $1 -> $got" "want ${expect:-?}"
	[ "$expect" = refused ] || return 0
	audit_has "$4" "${3#/mnt}" "attack: $1: audit record (cause=$4)"
}

attack "delete a file" list "$t/del" invalid-hash
attack "rename a file in place" list "$t/ren" invalid-hash
attack "move a file to another directory (source)" list "$t/mvsrc" invalid-hash
attack "move a file to another directory (target)" list "$t/mvdst" invalid-hash
attack "add a new file" list "$t/add" invalid-hash
attack "add a hard link" list "$t/hl" invalid-hash
attack "remove a directory's security.ima" list "$t/rmx" missing-hash
attack "copy security.ima/.evm from another directory" list "$t/cpx" invalid-HMAC
attack "rename a directory" list "$t/rend" invalid-hash
attack "malformed security.ima: empty" list "$t/mal-empty" missing-hash
attack "malformed security.ima: truncated digest" list "$t/mal-truncated" invalid-xattr
attack "malformed security.ima: unknown type byte" list "$t/mal-unknown-type" unknown-ima-data
attack "malformed security.ima: oversized" list "$t/mal-oversized" invalid-xattr
attack "malformed security.ima: signature type" list "$t/mal-signature" unknown-ima-data
attack "malformed security.ima: unknown hash algorithm" list "$t/mal-unknown-algo" invalid-xattr
attack "malformed security.ima: old sha1 digest type" list "$t/mal-sha1-v1" unknown-ima-data

expect_err 0 list "$t/keep" "untouched directory lists"
expect_err 0 read "$t/keep/a.txt" "file in an untouched directory reads"
[ "$(cat "$t/keep/a.txt")" = "keep" ]
result $? "file in an untouched directory has its contents"
umount /mnt
