#!/usr/bin/env bash
# Build ima-dirtool and run its unit tests, the known-answer vectors read
# from the kernel tree ($KTREE, build/linux by default: v1's digest vectors
# where the series has them, else from ima-dirtool/ref/dirdigest.py; v2's
# keyed vectors where the series has them, and from ref/keyed.py). Each unit test
# becomes one result in build/results/tool-unit.tap (tool-unit-asan.tap
# with 'asan': tool and tests built with ASan + UBSan); the build checks
# (-Werror, static link, man page, make install/uninstall with DESTDIR and
# PREFIX) and the runner's own exit go to tool-build.tap (tool-asan.tap).
#   usage: run.sh [asan]
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../../ci/lib.sh"
# shellcheck source=ci/tap.sh
. "$TOP/ci/tap.sh"

variant=${1:-plain}
case $variant in
plain) name=tool-unit checks=tool-build target=test ;;
asan) name=tool-unit-asan checks=tool-asan target=test-asan ;;
*) die "usage: ${0##*/} [asan]" ;;
esac
need make cc
KTREE=$(realpath -m "$KTREE")
[ -d "$KTREE/security/integrity/ima" ] ||
	die "no kernel tree at $KTREE: run 'make tree' first (the known-answer vectors come from it)"
src=$TOP/ima-dirtool
bdir=$BUILD/ima-dirtool
mk() { make -s -C "$src" BUILDDIR="$bdir" KTREE="$KTREE" "$@"; }
mkdir -p "$LOGS"

# check DESC CMD...: one result, CMD's exit status; its output is the reason
check() {
	local desc=$1 out rc=0
	shift
	out=$("$@" 2>&1) || rc=$?
	tap_result "$rc" "$desc" "$(tail -n 3 <<<"$out" | tr '\n' ' ')"
}
build_static() {
	mk static 2>&1 | grep -v -e 'statically linked applications requires' -e 'in function'
	file -L "$bdir/static/ima-dirtool" | grep -q 'statically linked'
}
man_page() {
	need groff
	local out
	out=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$src/ima-dirtool.8" 2>&1)
	[ -z "$out" ] || { echo "$out"; return 1; }
}
install_uninstall() {
	local dest rc=0
	dest=$(mktemp -d)
	mk install DESTDIR="$dest" PREFIX=/opt/idt &&
		[ -x "$dest/opt/idt/sbin/ima-dirtool" ] &&
		[ -f "$dest/opt/idt/share/man/man8/ima-dirtool.8" ] &&
		"$dest/opt/idt/sbin/ima-dirtool" --version | grep '^ima-dirtool ' &&
		mk uninstall DESTDIR="$dest" PREFIX=/opt/idt &&
		[ ! -e "$dest/opt/idt/sbin/ima-dirtool" ] &&
		[ ! -e "$dest/opt/idt/share/man/man8/ima-dirtool.8" ] || rc=1
	rm -rf "$dest"
	return "$rc"
}

tap_open "$checks"
if [ "$variant" = plain ]; then
	check "ima-dirtool builds with -Wall -Wextra -Werror" mk all
	check "ima-dirtool links statically with libcrypto.a (for the guest)" build_static
	check "the man page formats without warnings (groff -ww)" man_page
	check "make install DESTDIR=D PREFIX=/opt/idt puts sbin/ima-dirtool and share/man/man8/ima-dirtool.8 there, make uninstall removes them" \
		install_uninstall
fi

# The unit tests: their ok/not ok lines are the results of $name.
log="$LOGS/$name.log"
rc=0
mk "$target" >"$log" 2>&1 || rc=$?
cat "$log"
{
	echo "KTAP version 1"
	echo "1..$(grep -cE '^(not )?ok [0-9]+ ' "$log" || true)"
	sed -nE "s/^(not )?ok ([0-9]+) /\\1ok \\2 $name: /p" "$log"
} >"$RESULTS/$name.tap.part"
mv "$RESULTS/$name.tap.part" "$RESULTS/$name.tap"
closing=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1 || true)
[ "$rc" -eq 0 ] && [ -n "$closing" ] && [ "${closing#* passed, }" = "0 failed" ]
tap_result $? "unit tests ($variant) ran to the end and passed: ${closing:-no closing line}" \
	"exit $rc, see $log"
tap_close
