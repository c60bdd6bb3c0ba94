#!/bin/sh
# Finding B18 of the v1 review (vm/tests/findings.sh), in fix mode: the
# first use of a directory without security.ima writes it. On a frozen
# file system that write must wait for the thaw like any other (or not
# happen): it must not start a transaction the freeze forbids.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
plan 7
setup_disk 1
frozen_first_use B18 list /mnt/tree/b18 "the directory"
