#!/bin/sh
# Trivial guest test: proves the guest boots, runs a test and reports.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
plan 1
[ -d /sys/kernel/security/ima ]
result $? "securityfs shows IMA"
