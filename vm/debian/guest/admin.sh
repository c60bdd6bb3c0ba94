#!/bin/sh
# Stage 'admin' (enforce mode, policy loaded by itest-init): what an admin
# does to a Debian system, every step of which changes directories the
# policy appraises. /root/debs holds the .deb files (vm/debian/packages),
# /root/work.tar.gz a tree to unpack, /srv/old a tree to remove and
# /srv/from/moved a directory to move across parents (vm/tests/debian.sh).
# shellcheck source=vm/guest/lib.sh
. /usr/local/lib/itest/lib.sh
plan 16
appraisal_on "$(cmdline_value itest.uuid)"
export DEBIAN_FRONTEND=noninteractive
ok_run "dpkg -i of the workload's packages (maintainer scripts, triggers, alternatives)" \
	dpkg -i /root/debs/*.deb
ok_run "the installed programs run (jq, file, tree, less)" \
	sh -c 'jq -n 1+1 && file /usr/bin/dash && tree -d /usr/share/doc/jq && less --version'
ok_run "dpkg -r tree cpio" dpkg -r tree cpio
[ ! -e /usr/bin/tree ] && [ ! -e /usr/bin/cpio ]
result $? "the removed packages' programs are gone"
ok_run "useradd -m alice (passwd, shadow, group and their lock files, a home)" \
	useradd -m -s /bin/sh alice
ok_run "ldconfig" ldconfig
ok_run "tar -xzf of a tree of files, directories and symlinks into /srv/unpacked" \
	sh -c 'mkdir /srv/unpacked && tar -xzf /root/work.tar.gz -C /srv/unpacked'
ok_run "rm -rf of a tree (/srv/old)" rm -rf /srv/old
ok_run "a directory moved across parents (/srv/from/moved -> /var/tmp/moved)" \
	mv /srv/from/moved /var/tmp/moved
ok_run "mkfifo /srv/fifo" mkfifo /srv/fifo
ok_run "ln -s /usr/bin/jq /usr/local/bin/jq-link" ln -s /usr/bin/jq /usr/local/bin/jq-link
ok_run "mknod /srv/null c 1 3" mknod /srv/null c 1 3
ok_run "a unix socket /srv/sock" itest bind /srv/sock
ok_run "echo through the new device node and symlink" \
	sh -c 'echo x >/srv/null && /usr/local/bin/jq-link -n 1'
refusals_none "no integrity audit record of a refusal"
