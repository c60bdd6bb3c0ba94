#!/usr/bin/env bash
# Download the pinned linux-source .deb of the selected base (BASE=...) with
# apt into the cache folder and extract its tarball next to it. A second run
# (from any clone) finds the tarball and does nothing.
#
# A base whose suite (BASE_SUITE) is one of the machine's apt sources is
# fetched with the machine's apt. Any other suite (unstable) gets a private
# apt state in $IMA_DIR_CACHE/apt/SUITE: nothing under /etc/apt or
# /var/lib/apt changes. Its archive is the machine's Debian mirror (the
# site of its main suite in /etc/apt), or BASE_APT_URI if set.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

need apt-get apt-cache dpkg-deb
tarball=$CACHE/$BASE_PKG-$BASE_VERSION.tar.xz
if [ -f "$tarball" ]; then
	log "cached: $tarball"
	exit 0
fi
mkdir -p "$CACHE"
# apt names a downloaded .deb PKG_VERSION_ARCH.deb, with ':' as %3a.
deb=$CACHE/${BASE_PKG}_${BASE_VERSION//:/%3a}_all.deb
tmp=$(mktemp -d "$CACHE/fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
envfile=ci/bases/$BASE.env

# The machine's apt, or a private state for a suite it does not have.
apt_opts=()
# shellcheck disable=SC2016 # $(...) are apt's format fields
if apt-get indextargets --format '$(RELEASE)' 2>/dev/null | grep -qxF -- "$BASE_SUITE"; then
	how="the machine's apt ($BASE_SUITE)"
	update_hint="run 'apt-get update' as root"
else
	need flock
	state=$IMA_DIR_CACHE/apt/$BASE_SUITE
	# shellcheck disable=SC2016 # $(...) are apt's format fields
	uri=${BASE_APT_URI:-$(apt-get indextargets --format '$(SITE) $(RELEASE)' 2>/dev/null |
		awk '$2 !~ /-/ { print $1; exit }')}
	uri=${uri:-http://deb.debian.org/debian}
	mkdir -p "$state"/{lists/partial,archives/partial,etc/apt.conf.d,etc/preferences.d,etc/sources.list.d}
	[ -e "$state/status" ] || : >"$state/status"
	cat >"$state/etc/sources.list.d/$BASE_SUITE.sources.new" <<EOF
Types: deb
URIs: $uri
Suites: $BASE_SUITE
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
	mv "$state/etc/sources.list.d/$BASE_SUITE.sources.new" "$state/etc/sources.list.d/$BASE_SUITE.sources"
	apt_opts=(-o "Dir::Etc=$state/etc" -o Dir::Etc::SourceList=/dev/null
		-o "Dir::Etc::SourceParts=$state/etc/sources.list.d"
		-o "Dir::State=$state" -o "Dir::State::Lists=$state/lists"
		-o "Dir::State::status=$state/status" -o "Dir::Cache=$state"
		-o "Dir::Cache::archives=$state/archives"
		-o "APT::Architecture=$(dpkg --print-architecture)" -o Acquire::Languages=none)
	how="a private apt state for $BASE_SUITE ($uri, in $state)"
	update_hint="the private lists were just updated"
fi

# try_download: apt-get download the pin into $tmp; 0 if it did
try_download() {
	(cd "$tmp" && apt-get "${apt_opts[@]}" download "$BASE_PKG=$BASE_VERSION") >"$tmp/apt.log" 2>&1
}

if [ -f "$deb" ]; then
	log "cached: $deb"
else
	log "downloading $BASE_PKG=$BASE_VERSION with $how"
	if ! try_download && [ ${#apt_opts[@]} -gt 0 ]; then
		# A private state is ours to refresh (under a lock: clones share it).
		log "updating the package lists of $BASE_SUITE"
		(
			flock 8
			apt-get "${apt_opts[@]}" -q update
		) 8>"$state/update.lock" >"$tmp/update.log" 2>&1 ||
			{ cat "$tmp/update.log" >&2; die "apt-get update of the private $BASE_SUITE lists failed (see above)"; }
		try_download || true
	fi
	got=$(find "$tmp" -maxdepth 1 -name '*.deb' -print -quit)
	if [ -z "$got" ]; then
		cat "$tmp/apt.log" >&2
		avail=$(apt-cache "${apt_opts[@]}" madison "$BASE_PKG" 2>/dev/null |
			awk -F'|' '{ gsub(/ /, "", $2); print $2 }' | paste -sd ' ')
		die "cannot download $BASE_PKG at the pinned version $BASE_VERSION" \
			"(apt offers: ${avail:-none; $update_hint})." \
			"Bump BASE_VERSION in $envfile if the pin is gone."
	fi
	mv "$got" "$deb.part"
	mv "$deb.part" "$deb"
fi
ver=$(dpkg-deb -f "$deb" Version)
[ "$ver" = "$BASE_VERSION" ] || die "$deb is $BASE_PKG $ver, expected $BASE_VERSION: delete it and run again"

dpkg-deb --fsys-tarfile "$deb" |
	tar -x -C "$tmp" --wildcards './usr/src/linux-source-*.tar.xz'
src=$(find "$tmp/usr/src" -maxdepth 1 -name 'linux-source-*.tar.xz' -print -quit)
[ -n "$src" ] || die "$deb holds no usr/src/linux-source-*.tar.xz"
mv "$src" "$tarball.part.$$"
mv "$tarball.part.$$" "$tarball"
log "cached: $tarball"
