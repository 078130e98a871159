#!/usr/bin/env bash
# The upgrade test (`make test-upgrade`): this build started on what each kept release leaves
# behind, first as recorded when the release was kept, then as that release's own binary leaves
# it now.
#
# tests/upgrade/VERSION/ holds, per release, the state recorded by scripts/record-release-state.sh
# and the release's binary (supplysite.xz, the archive's bin/supplysite). For each:
# 1. this build on the recorded state, and on states it cannot read (the cluster suite's
#    upgrade tests, as committed);
# 2. the release's binary, unpacked and checked against release.json's SHA-256, run again on a
#    fresh state folder and a fresh PostgreSQL database as when it was recorded (one enquiry
#    delivered, then Brevo refusing the account), and this build started on what it left:
#    ready at once with that content, each pending enquiry delivered exactly once under the key
#    the release was refused with.
# Run with the Makefile's LINTED environment and WORKSPACE, as scripts/ignored-tests.sh is.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ignored-tests.sh \
    this_build_on_a_release_s_state_serves_at_once_and_delivers_what_was_pending_once \
    a_state_this_build_cannot_read_is_refused_by_name_or_rebuilt_never_half_read

fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
for release in tests/upgrade/*/release.json; do
    dir=$(dirname "$release")
    version=$(basename "$dir")
    # The binary's file and SHA-256, and what identifies the release for the fresh state's
    # release.json, one per line.
    { read -r binary; read -r want; read -r identity; } < <(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
print(r.get("binary", ""))
print(r.get("binarySha256", ""))
print(json.dumps({k: r[k] for k in ("version", "tag", "commit", "archive", "archiveSha256", "binary", "binarySha256")}))
' "$release")
    [ -n "$binary" ] || { echo "test-upgrade: $release names no binary of the release" >&2; exit 1; }
    mkdir -p "$fresh/bin/$version" "$fresh/states/$version"
    bin=$fresh/bin/$version/supplysite
    xz -dc "$dir/$binary" >"$bin"
    chmod +x "$bin"
    got=$(sha256sum "$bin" | cut -d' ' -f1)
    [ "$got" = "$want" ] ||
        { echo "test-upgrade: $dir/$binary is not the binary release.json names ($got, not $want)" >&2; exit 1; }
    echo "test-upgrade: running release $version's own binary on a fresh state" >&2
    SUPPLYSITE_UPGRADE_FROM=$bin SUPPLYSITE_UPGRADE_OUT=$fresh/states/$version SUPPLYSITE_UPGRADE_RELEASE=$identity \
        bash scripts/ignored-tests.sh record_the_state_a_release_leaves
done
SUPPLYSITE_UPGRADE_RELEASES=$fresh/states bash scripts/ignored-tests.sh \
    this_build_on_a_release_s_state_serves_at_once_and_delivers_what_was_pending_once
