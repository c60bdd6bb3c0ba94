#!/usr/bin/env bash
# Build (once) the Debian bookworm root of 'make vm-debian' and fetch the
# .deb files of its admin workload, exactly as vm/debian/packages pins them,
# into the cache folder; print the folder that holds them:
#   DIR/root.tar   the root (mmdebstrap --variant=custom, as root)
#   DIR/debs/      the workload's .deb files
#   DIR/packages   the list they were made from
# A folder is reused for as long as vm/debian/packages is unchanged.
#   usage: mkroot.sh            build or reuse; print DIR
#          mkroot.sh --repin    rewrite vm/debian/packages from a fresh
#                               minbase root and the archive's candidates
#   env:   DEBIAN_MIRROR (default http://deb.debian.org/debian)
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/../../ci/lib.sh"

list=$TOP/vm/debian/packages
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=bookworm
[ $# -le 1 ] || die "usage: ${0##*/} [--repin]"
need mmdebstrap dpkg-deb sha256sum tar flock
[ "$(id -u)" -eq 0 ] || die "mmdebstrap needs root here (device nodes, ownership): run as root"

# pins KIND: print the PACKAGE=VERSION words of the list's KIND lines
pins() { awk -v k="$1" '$1 == k { print $2 "=" $3 }' "$list"; }

if [ "${1:-}" = --repin ]; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	mapfile -t names < <(awk '$1 == "deb" { print $2 }' "$list")
	# The candidates as the root's own apt sees them (the mirror's suite,
	# not the host's sources).
	mmdebstrap --quiet --variant=minbase --mode=root \
		--customize-hook="chroot \"\$1\" apt-cache policy ${names[*]} >$tmp/policy" \
		"$suite" "$tmp/minbase.tar" "$mirror" ||
		die "mmdebstrap of a $suite minbase root from $mirror failed"
	tar -xOf "$tmp/minbase.tar" ./var/lib/dpkg/status |
		awk '/^Package:/ { p = $2 } /^Version:/ { print "root", p, $2 }' | sort >"$tmp/root"
	awk '/^[^ ]/ { p = $1; sub(/:$/, "", p) } /^  Candidate:/ { print "deb", p, $2 }' \
		"$tmp/policy" >"$tmp/deb"
	for p in "${names[@]}"; do
		grep -q "^deb $p [^(]" "$tmp/deb" || die "the $suite archive has no package $p"
	done
	{ sed -n '/^#/p' "$list"; cat "$tmp/root" "$tmp/deb"; } >"$list.new"
	mv "$list.new" "$list"
	log "rewrote $list ($(wc -l <"$tmp/root") root packages); commit it"
	exit 0
fi
[ -z "${1:-}" ] || die "usage: ${0##*/} [--repin]"
[ -f "$list" ] || die "no package list $list"

key=$(sha256sum "$list" | cut -c1-16)
dir=$IMA_DIR_CACHE/debian/$suite-$key
if [ -f "$dir/root.tar" ] && [ -d "$dir/debs" ] && cmp -s "$list" "$dir/packages"; then
	printf '%s\n' "$dir"
	exit 0
fi

mkdir -p "$IMA_DIR_CACHE/debian"
# One build at a time: clones share the cache folder.
exec 8>>"$IMA_DIR_CACHE/debian/lock"
flock 8 || die "cannot lock $IMA_DIR_CACHE/debian/lock"
if [ -f "$dir/root.tar" ] && [ -d "$dir/debs" ] && cmp -s "$list" "$dir/packages"; then
	printf '%s\n' "$dir"
	exit 0
fi
part=$dir.part
rm -rf "$part"
mkdir -p "$part/debs"
mapfile -t roots < <(pins root)
mapfile -t debs < <(pins deb)
[ ${#roots[@]} -gt 0 ] || die "$list pins no root package"
log "building the $suite root (${#roots[@]} packages) with mmdebstrap from $mirror"
inc=$(IFS=,; echo "${roots[*]}")
# The workload's .deb files come from the same mirror and suite, through
# the root's own apt (not the host's sources), and are not installed.
if ! SOURCE_DATE_EPOCH=946684800 mmdebstrap --quiet --variant=custom --mode=root \
	--include="$inc" \
	--customize-hook="chroot \"\$1\" apt-get -q -y --no-install-recommends --download-only install ${debs[*]}" \
	--customize-hook="cp \"\$1\"/var/cache/apt/archives/*.deb $part/debs/" \
	--customize-hook="rm -f \"\$1\"/var/cache/apt/archives/*.deb" \
	"$suite" "$part/root.tar" "$mirror" >"$part/mmdebstrap.log" 2>&1; then
	die "mmdebstrap could not install the pinned root or download the pinned .debs (see $part/mmdebstrap.log): if the archive dropped a pinned version, run 'vm/debian/mkroot.sh --repin' and commit vm/debian/packages"
fi
# The list pins what is installed and fetched: nothing more (a dependency
# the list misses) and nothing else.
tar -xOf "$part/root.tar" ./var/lib/dpkg/status |
	awk '/^Package:/ { p = $2 } /^Version:/ { print p "=" $2 }' | sort >"$part/installed"
if ! diff <(printf '%s\n' "${roots[@]}" | sort) "$part/installed" >"$part/installed.diff"; then
	die "the root differs from the pinned list ($part/installed.diff): run 'vm/debian/mkroot.sh --repin'"
fi
for f in "$part"/debs/*.deb; do
	dpkg-deb -f "$f" Package Version | paste -sd= | sed 's/^Package: //; s/=Version: /=/'
done | sort >"$part/fetched"
if ! diff <(printf '%s\n' "${debs[@]}" | sort) "$part/fetched" >"$part/fetched.diff"; then
	die "the .debs fetched differ from the pinned list ($part/fetched.diff): run 'vm/debian/mkroot.sh --repin'"
fi
cp "$list" "$part/packages"
rm -rf "$dir"
mv "$part" "$dir"
log "built $dir"
printf '%s\n' "$dir"
