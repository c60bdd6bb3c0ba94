#!/bin/sh
# Finding B20 of the review of v2 (vm/tests/findings.sh): IMA verifies a
# directory's keyed value with evm_verifyxattr() during path walk, where
# it holds neither the directory's lock nor the file system's freeze
# protection. When EVM verifies a valid non-portable signature
# (EVM_IMA_XATTR_DIGSIG, what 'evmctl sign' writes) it replaces it with
# an HMAC: done from the walk, that write races with a setxattr or chmod
# of the directory and starts a transaction on a frozen file system.
# b20, b20/f.txt and the symbolic link b20/l were signed offline
# (vm/evm-sign.py) with the key whose certificate is
# /mnt/tree/keys/evm.der; b20bad with a key never loaded.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
plan 23
setup_disk 1
kr=$(itest newring _evm @u) &&
	itest add-key-file asymmetric "" /mnt/tree/keys/evm.der "$kr" >/dev/null
result $? "the signing key's certificate is on the _evm keyring"
# evm_type PATH: the type byte of PATH's security.evm, in hex
evm_type() { itest getxattr "$1" security.evm 2>/dev/null | cut -c1-2; }
[ "$(evm_type /mnt/tree/b20)" = 03 ] && [ "$(evm_type /mnt/tree/b20bad)" = 03 ]
result $? "b20 and b20bad carry non-portable EVM signatures (type 03)" \
	"got '$(evm_type /mnt/tree/b20)' and '$(evm_type /mnt/tree/b20bad)'"
expect_err EACCES list /mnt/tree/b20bad \
	"a directory signed with a key that is not loaded is refused"
frozen_first_use B20 list /mnt/tree/b20 "the signed directory"
[ "$(evm_type /mnt/tree/b20)" = 03 ]
result $? "B20: path walk leaves the directory's signature as it is (no write without the inode's lock)" \
	"security.evm is now type '$(evm_type /mnt/tree/b20)'"
frozen_first_use B20 follow /mnt/tree/b20/l "the signed symbolic link"
[ "$(evm_type /mnt/tree/b20/l)" = 03 ]
result $? "B20: following the link leaves its signature as it is" \
	"security.evm is now type '$(evm_type /mnt/tree/b20/l)'"
expect_err 0 list /mnt/tree/b20 "the signed directory lists again (its verdict kept)"
chmod 0750 /mnt/tree/b20
result $? "chmod of the signed directory is allowed"
[ "$(evm_type /mnt/tree/b20)" = 02 ]
result $? "the chmod, under the directory's lock, replaced the signature by an HMAC" \
	"security.evm is type '$(evm_type /mnt/tree/b20)'"
echo 2 >/proc/sys/vm/drop_caches
expect_err 0 list /mnt/tree/b20 "the directory lists after the chmod, its inode read again"
expect_err 0 read /mnt/tree/b20/f.txt "the signed regular file reads"
[ "$(evm_type /mnt/tree/b20/f.txt)" = 02 ]
result $? "a regular file's signature is still replaced by an HMAC when IMA appraises it (under the inode's lock)" \
	"security.evm is type '$(evm_type /mnt/tree/b20/f.txt)'"
umount /mnt
result $? "test disk unmounted"
