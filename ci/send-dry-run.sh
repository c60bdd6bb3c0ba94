#!/usr/bin/env bash
# Produce the exact mails of the newest series version of the selected base
# without sending anything: To/Cc come from scripts/get_maintainer.pl on the
# patches, and git send-email hands each mail to a stand-in "sendmail" that
# writes it to build/send/vN/NNNN.eml. Also prints the command that would
# send for real.
#
# The mails carry the SENDER's identity, not the project's: the first of
# b4's sendemail identity (b4.sendemail-identity = ID: sendemail.ID.from),
# sendemail.from, or git's user.name and user.email. From: and the project
# identity's Signed-off-by (ci/identity.env) are rewritten to it in a copy
# of the patches (build/send/vN/patches/); series/ is never changed.
set -euo pipefail
# shellcheck source=ci/lib.sh
. "$(dirname "$0")/lib.sh"

need git perl
[ -x "$(git --exec-path)/git-send-email" ] ||
	die "git send-email is missing: install git-email ('make deps')"
ver=$(series_version)
[ -x "$KTREE/scripts/get_maintainer.pl" ] || die "no kernel tree: run 'make tree BASE=$BASE'"
mapfile -t series_patches < <(find "$SERIES/$ver" -name '[0-9][0-9][0-9][0-9]-*.patch' | sort)
[ ${#series_patches[@]} -gt 1 ] || die "$BASE_SERIES/$ver has no patches"
[ "$BASE" = mainline ] ||
	log "note: base $BASE is a backport for distributions, not for the list (see MAINTAINERS-notes)"

# The sender: b4's sendemail identity, sendemail.from, or user.name/email.
cfg() { git -C "$TOP" config --get "$1" || true; }
sender=
id=$(cfg b4.sendemail-identity)
[ -z "$id" ] || sender=$(cfg "sendemail.$id.from")
[ -n "$sender" ] || sender=$(cfg sendemail.from)
if [ -z "$sender" ]; then
	name=$(cfg user.name) email=$(cfg user.email)
	{ [ -n "$name" ] && [ -n "$email" ]; } ||
		die "no sender identity: the mails go out under your name, not the project's." \
			"Set it with 'git config --global user.name \"Your Name\"' and" \
			"'git config --global user.email you@example.org' (or sendemail.from)"
	sender="$name <$email>"
fi
[[ $sender =~ ^[^\<\>]+\ \<[^\<\>@\ ]+@[^\<\>\ ]+\>$ ]] ||
	die "sender identity '$sender' is not 'Name <user@host>': fix user.name/user.email or sendemail.from"
log "sender: $sender"

gm() { (cd "$KTREE" && ./scripts/get_maintainer.pl --nogit --nogit-fallback --norolestats "$@" "${series_patches[@]:1}"); }
mapfile -t to < <(gm --no-l)
mapfile -t cc < <(gm --no-m --no-r)
[ ${#to[@]} -gt 0 ] || die "get_maintainer.pl named no maintainer for $BASE_SERIES/$ver"

out=$BUILD/send/$ver
rm -rf "$out"
mkdir -p "$out/patches"
# The patches with the sender as From: (RFC 2047-encoded if need be) and
# in place of the project identity's Signed-off-by.
for p in "${series_patches[@]}"; do
	OLD="$PATCH_NAME <$PATCH_EMAIL>" NEW="$sender" perl -CS -MEncode -pe '
		BEGIN { $old = decode("UTF-8", $ENV{OLD}); $new = decode("UTF-8", $ENV{NEW});
			($n, $a) = $new =~ /^(.*) (<.*>)$/;
			$hdr = $n =~ /[^\x20-\x7e]/ ? encode("MIME-Q", $n) . " $a" : $new;
			$in = 1 }
		$in = 0 if /^$/;
		s/^From: \Q$old\E$/From: $hdr/ if $in;
		s/^Signed-off-by: \Q$old\E$/Signed-off-by: $new/;
	' "$p" >"$out/patches/${p##*/}"
done
mapfile -t patches < <(find "$out/patches" -name '*.patch' | sort)
# The stand-in sendmail: one file per mail, numbered in sending order.
fake=$out/sendmail
cat >"$fake" <<EOS
#!/bin/sh
n=\$(ls "$out"/*.eml 2>/dev/null | wc -l)
cat >"$out/\$(printf '%04d' "\$n").eml"
EOS
chmod +x "$fake"

args=(--from="$sender" --confirm=never --suppress-cc=all --no-chain-reply-to --8bit-encoding=UTF-8)
for a in "${to[@]}"; do args+=(--to="$a"); done
for a in "${cc[@]}"; do args+=(--cc="$a"); done
{
	echo "# Send $ver for real (after 'make test' passed) with:"
	printf 'git send-email'
	printf ' %q' "${args[@]}"
	printf ' %q/*.patch\n' "$out/patches"
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
