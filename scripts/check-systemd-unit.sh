#!/usr/bin/env bash
# `systemd-analyze verify` on deploy/supplysite.service as shipped, and its hardening score.
#
# verify needs the unit's ExecStart binary and systemd's own units: both go into a throwaway
# root (--root), the unit file copied unchanged, an executable stub at its ExecStart path (the
# real binary is what `make test-dist` runs). verify exits 0 on unknown keys and bad values, so
# any line it prints fails the check. `systemd-analyze security` then rates the sandbox; the
# unit must stay at "OK" (exposure 2.0 or less out of 10).
set -euo pipefail
cd "$(dirname "$0")/.."
unit=deploy/supplysite.service
command -v systemd-analyze >/dev/null ||
    { echo "check-systemd-unit: systemd-analyze is missing (apt-get install systemd)" >&2; exit 1; }

units=
for dir in /usr/lib/systemd/system /lib/systemd/system; do
    [ -f "$dir/sysinit.target" ] && { units=$dir; break; }
done
[ -n "$units" ] || { echo "check-systemd-unit: no systemd units (sysinit.target) found" >&2; exit 1; }

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/usr/lib/systemd" "$root/etc/systemd/system"
cp -R "$units" "$root/usr/lib/systemd/system"
cp "$unit" "$root/etc/systemd/system/"
exec_start=$(sed -n 's/^ExecStart=\([^ ]*\).*/\1/p' "$unit")
[ "$(wc -l <<<"$exec_start")" = 1 ] && [[ "$exec_start" == /*/bin/supplysite ]] ||
    { echo "check-systemd-unit: expected one ExecStart=…/bin/supplysite, found: $exec_start" >&2; exit 1; }
mkdir -p "$root$(dirname "$exec_start")"
printf '#!/bin/sh\n' >"$root$exec_start"
chmod 0755 "$root$exec_start"

out=$(systemd-analyze verify --root="$root" --man=no "$(basename "$unit")" 2>&1) ||
    { echo "$out" >&2; echo "check-systemd-unit: verify failed" >&2; exit 1; }
[ -z "$out" ] || { echo "$out" >&2; echo "check-systemd-unit: verify complained" >&2; exit 1; }

score=$(systemd-analyze security --offline=true --threshold=20 "$unit" 2>&1) ||
    { echo "$score" >&2; echo "check-systemd-unit: exposure above 2.0" >&2; exit 1; }
echo "check-systemd-unit: $unit verified; $(grep -o 'Overall exposure level.*' <<<"$score")"
