#!/usr/bin/env bash
# Download the pinned linux-source .deb with apt and extract its tarball into
# the cache. A second run finds the tarball and does nothing.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

need apt-get dpkg-deb
tarball=$CACHE/$BASE_PKG-$BASE_VERSION.tar.xz
if [ -f "$tarball" ]; then
	log "cached: $tarball"
	exit 0
fi

mkdir -p "$CACHE"
tmp=$(mktemp -d "$CACHE/fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

log "downloading $BASE_PKG=$BASE_VERSION with apt"
if ! (cd "$tmp" && apt-get download "$BASE_PKG=$BASE_VERSION") >"$tmp/apt.log" 2>&1; then
	cat "$tmp/apt.log" >&2
	avail=$(apt-cache madison "$BASE_PKG" 2>/dev/null | awk -F'|' '{gsub(/ /,"",$2); print $2}' | tr '\n' ' ')
	die "cannot download $BASE_PKG at the pinned version $BASE_VERSION" \
		"(apt offers: ${avail:-none; run 'apt-get update'})." \
		"Bump BASE_VERSION in ci/base.env if the pin is gone."
fi
deb=$(find "$tmp" -maxdepth 1 -name '*.deb' -print -quit)
[ -n "$deb" ] || die "apt-get download produced no .deb for $BASE_PKG"
got=$(dpkg-deb -f "$deb" Version)
[ "$got" = "$BASE_VERSION" ] || die "downloaded $BASE_PKG $got, expected $BASE_VERSION"

dpkg-deb --fsys-tarfile "$deb" |
	tar -x -C "$tmp" --wildcards './usr/src/linux-source-*.tar.xz'
src=$(find "$tmp/usr/src" -maxdepth 1 -name 'linux-source-*.tar.xz' -print -quit)
[ -n "$src" ] || die "$deb holds no usr/src/linux-source-*.tar.xz"
mv "$src" "$tarball.part"
mv "$tarball.part" "$tarball"
log "cached: $tarball"
