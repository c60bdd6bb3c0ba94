#!/bin/sh
# Finding B18 of the v1 review (vm/tests/findings.sh), in fix mode: the
# first use of a directory without security.ima writes it. On a frozen
# file system that write must wait for the thaw like any other (or not
# happen): it must not start a transaction the freeze forbids.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
if [ "$KEYED" = 1 ]; then plan 8; else plan 7; fi
setup_disk 1
frozen_first_use B18 list /mnt/tree/b18 "the directory"
# v2: the use on the frozen disk could not write the value, which is no
# verdict: nothing is cached, and the next use, thawed, writes it (a
# cached failure would leave the directory unlabelled until its inode is
# evicted).
if [ "$KEYED" = 1 ]; then
	itest try list /mnt/tree/b18 >/dev/null 2>&1
	itest getxattr /mnt/tree/b18 security.ima >/dev/null 2>&1
	result $? "B18: the directory first used while frozen is labelled at its next use"
fi
