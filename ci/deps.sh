#!/usr/bin/env bash
# Install every Debian package the project's scripts need (as root). Skips
# apt entirely when all of them are already installed.
set -euo pipefail

pkgs=(
	git git-email make gcc libc6-dev bc bison flex libelf-dev libssl-dev python3-ply python3-git
	ccache cpio xz-utils gzip file perl python3 xxd
	qemu-system-x86 busybox-static e2fsprogs mmdebstrap
	sparse coccinelle ocaml-nox shellcheck
	b4 ima-evm-utils keyutils libmailtools-perl groff-base
	gnuplot-nox
	openssl python3-cryptography
)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
	echo "deps.sh: all ${#pkgs[@]} packages installed"
	exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "deps.sh: error: missing packages: ${missing[*]}; run 'make deps' as root" >&2
	exit 1
fi
echo "deps.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q || { echo "deps.sh: error: apt-get update failed" >&2; exit 1; }
apt-get install -y -q --no-install-recommends "${missing[@]}" ||
	{ echo "deps.sh: error: cannot install ${missing[*]} with apt-get" >&2; exit 1; }
