#!/usr/bin/env bash
# The shipped alert rules (deploy/prometheus): valid for Prometheus (`promtool check rules`),
# behaving as their unit tests say (`promtool test rules`), and every alert has a test.
set -euo pipefail
cd "$(dirname "$0")/../deploy/prometheus"

command -v promtool >/dev/null || { echo "promtool is missing: make setup (Debian: apt-get install prometheus)" >&2; exit 1; }
promtool check rules supplysite.rules.yml
promtool test rules supplysite.test.yml

untested=()
while read -r alert; do
    grep -q "alertname: $alert\$" supplysite.test.yml || untested+=("$alert")
done < <(sed -n 's/^ *- alert: *\([A-Za-z0-9_]*\).*/\1/p' supplysite.rules.yml)
if [ ${#untested[@]} -gt 0 ]; then
    echo "alerts without a unit test in supplysite.test.yml: ${untested[*]}" >&2
    exit 1
fi
