#!/bin/sh
# Boot 1 (ima_appraise=fix evm=fix): load the EVM key and the IMA policy for
# the test disk, mount it and read every file so IMA/EVM label them; check
# every regular file got security.ima and security.evm.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
uuid=$(cmdline_value itest.uuid)
plan 5
evm_setup
result $? "EVM HMAC key loaded and EVM enabled"
ima_policy "appraise fsuuid=$uuid"
result $? "IMA policy 'appraise fsuuid=$uuid' loaded"
mount -t ext4 /dev/vda /mnt
result $? "test disk mounted"
find /mnt/tree -type f -exec cat {} + >/dev/null
missing=$(find /mnt/tree -type f | while read -r f; do
	itest getxattr "$f" security.ima >/dev/null 2>&1 &&
		itest getxattr "$f" security.evm >/dev/null 2>&1 ||
		printf ' %s' "$f"
done)
[ -z "$missing" ]
result $? "every regular file has security.ima and security.evm" "unlabelled:$missing"
umount /mnt
result $? "test disk unmounted"
