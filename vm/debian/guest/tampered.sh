#!/bin/sh
# Stage 'tampered' (enforce mode): the root booted after an offline rename
# in /usr/bin, as a user would boot it. /usr/bin is refused, so nothing in
# it runs (this stage uses only the shell's builtins and
# /usr/local/sbin/itest); what lies elsewhere still works.
# shellcheck source=vm/guest/lib.sh
. /usr/local/lib/itest/lib.sh
plan 4
expect_err EACCES list /usr/bin "the tampered /usr/bin is refused"
expect_err EACCES stat /usr/bin/dash "nothing in /usr/bin can be found: /usr/bin/dash"
( /usr/bin/cat </dev/null >/dev/null 2>&1 )
[ $? -eq 126 ]
result $? "nothing in /usr/bin runs: /usr/bin/cat cannot be executed (126)"
expect_err 0 list /usr/local/sbin "the rest of the root is usable (/usr/local/sbin lists)"
