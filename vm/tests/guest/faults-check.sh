#!/bin/sh
# Enforce-mode check after a fault (vm/tests/faults-cuts.sh, faults-conc.sh):
# use everything on the test disk (vm/helpers/fstorm.c walk) and count what
# is refused. With itest.expect=ok (default), nothing may be refused and
# every one of the itest.keep stable files (keep-NAME, never changed by the
# storm) must be there with its contents. With itest.expect=lockout (the
# negative control: the host changed a directory offline), the walk must
# report the refused directory and the stable files behind it.
# Figures for the host: "# walk: ...", "# audit: ..." and "# recovered: ..."
# comment lines.
# shellcheck source=vm/guest/lib.sh
. /tests/lib.sh
expect=$(cmdline_value itest.expect)
keep=$(cmdline_value itest.keep)
plan 8
setup_disk 1
fstorm walk /mnt/tree >/tmp/walk
rc=$?
grep -v '^walk: \(refused\|bad\|note\) ' /tmp/walk | sed 's/^/# /'
grep '^walk: \(refused\|bad\|note\) ' /tmp/walk | head -n 50 | sed 's/^/# /'
# Every directory and special-file record (the host explains each refusal),
# then at most 100 of stock IMA's, which a cut leaves by the hundred.
dmesg | grep -E 'op=appraise_(dir|special)' | sed 's/^/# audit: /'
dmesg | grep -E 'op=appraise_(data|metadata)' | sed 's/^/# audit: /' | head -n 100
# fig NAME: a figure of the walk's summary line
fig() {
	sed -n "s/^walk: dirs=.* $1=\([0-9]*\).*/\1/p" /tmp/walk
}
[ "$(fig errors)" = 0 ]
result $? "walk: no error other than a refusal (rc $rc)" "$(grep '^walk: error' /tmp/walk | head -n 3)"
# Refusals are res=0; a change a cut interrupted, recovered from its
# pending record, is logged with res=1.
ndir=$(dmesg | grep 'op=appraise_dir' | grep -c 'res=0')
nspec=$(dmesg | grep 'op=appraise_special' | grep -c 'res=0')
echo "# recovered: $(dmesg | grep 'op=appraise_dir cause=interrupted-change' | grep -c 'res=1') directories"
specials=$(($(fig links_refused) + $(fig nodes_refused) + $(fig socks_refused)))
lost=$((keep - $(fig keep) + $(fig keep_bad)))
if [ "${expect:-ok}" = lockout ]; then
	[ "$(fig dirs_refused)" -gt 0 ] && [ "$ndir" -gt 0 ]
	result $? "negative control: the walk reports the directory changed offline" \
		"dirs_refused=$(fig dirs_refused), $ndir appraise_dir records"
	[ "$lost" -gt 0 ]
	result $? "negative control: the stable files behind it count as lost" "lost=$lost"
	[ "$specials" -eq 0 ] && [ "$nspec" -eq 0 ]
	result $? "negative control: no special file refused"
else
	[ "$(fig dirs_refused)" = 0 ] && [ "$ndir" -eq 0 ]
	result $? "no directory refused (false lockouts)" \
		"dirs_refused=$(fig dirs_refused), $ndir appraise_dir records"
	[ "$specials" -eq 0 ] && [ "$nspec" -eq 0 ]
	result $? "no symlink, device node, FIFO or socket refused" \
		"$specials refused, $nspec appraise_special records"
	[ "$lost" -eq 0 ]
	result $? "all $keep stable files are there with their contents (files lost)" \
		"lost=$lost: found $(fig keep), bad $(fig keep_bad)"
fi
echo "# info: regular files refused: $(fig files_refused) ($(dmesg | grep -c 'op=appraise_data') appraise_data records)"
umount /mnt
result $? "test disk unmounted"
