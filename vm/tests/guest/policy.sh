#!/bin/sh
# IMA policy parsing of the DIR_CHECK and SPECIAL_CHECK functions: on the
# patched kernel their appraise rules are accepted and read back, and rules
# with a condition or action they do not support are refused; on the base
# kernel (itest.expect=base) both are unknown and refused.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
uuid=3c6a9c84-0c59-4c4c-9e4b-6b3f5f0a00ff
drule="appraise func=DIR_CHECK fsuuid=$uuid"
srule="appraise func=SPECIAL_CHECK fsuuid=$uuid"
if [ "$(cmdline_value itest.expect)" = base ]; then
	plan 4
	refused_rule "$drule" "base kernel refuses func=DIR_CHECK"
	refused_rule "$srule" "base kernel refuses func=SPECIAL_CHECK"
	! grep -q DIR_CHECK /sys/kernel/security/ima/policy
	result $? "base kernel policy has no DIR_CHECK rule"
	ima_policy "appraise fsuuid=$uuid"
	result $? "base kernel still takes an ordinary appraise rule"
	exit 0
fi
plan 6
refused_rule "appraise func=DIR_CHECK mask=MAY_READ" "DIR_CHECK with an access mask is refused"
refused_rule "measure func=SPECIAL_CHECK" "SPECIAL_CHECK with the measure action is refused"
refused_rule "appraise func=SPECIAL_CHECK appraise_type=imasig" "SPECIAL_CHECK requiring a signature is refused"
ima_policy "$drule" "$srule"
result $? "'$drule' and '$srule' are accepted"
policy=$(cat /sys/kernel/security/ima/policy)
echo "$policy" | grep -qx "$drule *"
result $? "the DIR_CHECK rule is listed when the policy is read back" \
	"policy: $(echo "$policy" | tr '\n' ';')"
echo "$policy" | grep -qx "$srule *"
result $? "the SPECIAL_CHECK rule is listed when the policy is read back" \
	"policy: $(echo "$policy" | tr '\n' ';')"
