#!/usr/bin/env bash
# Produce the exact mails of the newest series version without sending
# anything: To/Cc come from scripts/get_maintainer.pl on the patches, and
# git send-email hands each mail to a stand-in "sendmail" that writes it to
# build/send/vN/NNNN.eml. Also prints the command that would send for real.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

need git perl
[ -x "$(git --exec-path)/git-send-email" ] ||
	die "git send-email is missing: install git-email ('make deps')"
ver=${V:+v${V#v}}
ver=${ver:-$(newest_version)}
[ -n "$ver" ] || die "no series/vN folder"
[ -x "$KTREE/scripts/get_maintainer.pl" ] || die "no kernel tree: run 'make tree'"
mapfile -t patches < <(find "$TOP/series/$ver" -name '[0-9][0-9][0-9][0-9]-*.patch' | sort)
[ ${#patches[@]} -gt 1 ] || die "series/$ver has no patches"

gm() { (cd "$KTREE" && ./scripts/get_maintainer.pl --nogit --nogit-fallback --norolestats "$@" "${patches[@]:1}"); }
mapfile -t to < <(gm --no-l)
mapfile -t cc < <(gm --no-m --no-r)
[ ${#to[@]} -gt 0 ] || die "get_maintainer.pl named no maintainer for series/$ver"

out=$BUILD/send/$ver
rm -rf "$out"
mkdir -p "$out"
# The stand-in sendmail: one file per mail, numbered in sending order.
fake=$out/sendmail
cat >"$fake" <<EOS
#!/bin/sh
n=\$(ls "$out"/*.eml 2>/dev/null | wc -l)
cat >"$out/\$(printf '%04d' "\$n").eml"
EOS
chmod +x "$fake"

args=(--from="$PATCH_NAME <$PATCH_EMAIL>" --confirm=never --suppress-cc=all --no-chain-reply-to --8bit-encoding=UTF-8)
for a in "${to[@]}"; do args+=(--to="$a"); done
for a in "${cc[@]}"; do args+=(--cc="$a"); done
{
	echo "# Send $ver for real (after 'make test' passed) with:"
	printf 'git send-email'
	printf ' %q' "${args[@]}"
	printf ' series/%s/*.patch\n' "$ver"
} >"$out/send-command"

git send-email --dry-run "${args[@]}" "${patches[@]}" >"$out/dry-run.log" 2>&1 ||
	{ cat "$out/dry-run.log" >&2; die "git send-email --dry-run failed"; }
git send-email --smtp-server="$fake" "${args[@]}" "${patches[@]}" >"$out/send.log" 2>&1 ||
	{ cat "$out/send.log" >&2; die "git send-email into $out failed"; }
n=$(find "$out" -name '*.eml' | wc -l)
[ "$n" -eq ${#patches[@]} ] || die "expected ${#patches[@]} mails in $out, got $n"
echo "To: ${to[*]}"
echo "Cc: ${cc[*]}"
log "wrote $n mails to $out (nothing sent); the real command is in $out/send-command"
