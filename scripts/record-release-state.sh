#!/usr/bin/env bash
# Records the state a release leaves behind, for the upgrade test (`make test-upgrade`):
#
#   make record-release-state ARCHIVE=supplysite-VERSION-TARGET.tar.gz
#
# ARCHIVE is the release's own `make dist` archive, made at its tag (vVERSION). Its binary is
# unpacked in a temporary folder and run, as one server with its SQLite outbox and as one replica
# with PostgreSQL, against the fake Contentful and a fake Brevo that delivers one enquiry and
# then refuses the account; what it leaves is written to tests/upgrade/VERSION/ (the state
# folder, a plain `pg_dump`, and release.json naming the archive, its SHA-256 and the commit),
# to be committed, with the release's binary itself (supplysite.xz, xz-compressed, about 10 MB),
# which `make test-upgrade` runs again on a fresh state (scripts/test-upgrade.sh). The recording
# is the test `record_the_state_a_release_leaves` of the cluster suite
# (crates/cli/tests/cluster/upgrade.rs). Needs PostgreSQL's server binaries, as `make
# test-cluster` does (scripts/setup.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
(($# == 1)) || { echo "usage: $0 ARCHIVE" >&2; exit 2; }
archive=$(realpath "$1")
[ -f "$archive" ] || { echo "record-release-state: no archive at $1" >&2; exit 1; }

unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
tar -xzf "$archive" -C "$unpacked"
bins=("$unpacked"/supplysite-*/bin/supplysite)
[ -x "${bins[0]}" ] || { echo "record-release-state: $1 holds no bin/supplysite" >&2; exit 1; }
bin=${bins[0]}
version=$("$bin" --version | awk '{print $2}')
commit=$(git rev-parse --verify --quiet "v$version^{commit}" || true)
[ -n "$commit" ] || { echo "record-release-state: no tag v$version (tag the release first)" >&2; exit 1; }
out=$PWD/tests/upgrade/$version

release=$(python3 - "$version" "$commit" "$(basename "$archive")" "$(sha256sum "$archive" | cut -d' ' -f1)" \
    "$(sha256sum "$bin" | cut -d' ' -f1)" <<'PY'
import json, sys, datetime
version, commit, archive, sha, binary_sha = sys.argv[1:]
print(json.dumps({
    "version": version,
    "tag": f"v{version}",
    "commit": commit,
    "archive": archive,
    "archiveSha256": sha,
    "binary": "supplysite.xz",
    "binarySha256": binary_sha,
    "recorded": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
}))
PY
)
mkdir -p "$out"
xz -9 -T0 -c "$bin" >"$out/supplysite.xz"
SUPPLYSITE_UPGRADE_FROM=$bin SUPPLYSITE_UPGRADE_OUT=$out SUPPLYSITE_UPGRADE_RELEASE=$release \
    bash scripts/ignored-tests.sh record_the_state_a_release_leaves
echo "recorded the state of $version in ${out#"$PWD"/}" >&2
