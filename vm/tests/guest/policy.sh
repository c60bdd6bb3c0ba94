#!/bin/sh
# IMA policy parsing of the DIR_CHECK function: on the patched kernel a
# DIR_CHECK appraise rule is accepted and read back, and a DIR_CHECK rule
# with a condition it does not support is refused; on the base kernel
# (itest.expect=base) DIR_CHECK is unknown and refused.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
uuid=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0a00ff
rule="appraise func=DIR_CHECK fsuuid=$uuid"
plan 3
if [ "$(cmdline_value itest.expect)" = base ]; then
	! ima_policy "$rule" 2>/dev/null
	result $? "base kernel refuses func=DIR_CHECK"
	! grep -q DIR_CHECK /sys/kernel/security/ima/policy
	result $? "base kernel policy has no DIR_CHECK rule"
	ima_policy "appraise fsuuid=$uuid"
	result $? "base kernel still takes an ordinary appraise rule"
	exit 0
fi
ima_policy "$rule"
result $? "'$rule' is accepted"
grep -qx "$rule *" /sys/kernel/security/ima/policy
result $? "the rule is listed when the policy is read back" \
	"policy: $(tr '\n' ';' </sys/kernel/security/ima/policy)"
! ima_policy "appraise func=DIR_CHECK mask=MAY_READ" 2>/dev/null
result $? "DIR_CHECK with an access mask is refused"
