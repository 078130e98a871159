#!/usr/bin/env bash
# Throughput while slow clients hold connections open: requests/s of `/` and `/etender` from
# 127.0.0.1, undisturbed and while HOLD (default 1,000) connections from 127.0.0.2 trickle a
# request head they never finish (bench/serve/holder.py: a header line a second, reopened a
# second after the server closes one), for our server and for nginx serving the same bytes.
#
# Paired and bounded like bench/serve/run.sh (whose servers and helpers it shares, see
# setup.sh): per route, REPEAT times (3), undisturbed then held, ours then nginx, wrk for
# DURATION (10s) with CONNECTIONS (32) over THREADS (2); the median by requests/s is reported.
# The holder starts a few seconds before each held run (HOLD_WARMUP, default 3s) so the
# connections are open when wrk starts, and is stopped after it. The figure that matters is
# "held/undisturbed" for ours: how much of its throughput the server keeps under the attack.
# Prints one line per route and server; the ratios come last on each line.
set -euo pipefail

HOLD="${HOLD:-1000}"
HOLD_WARMUP="${HOLD_WARMUP:-3}"

source "$(dirname "$0")/setup.sh"
need python3 python3

# hold URL: starts the holder against URL's host:port; sets HOLDER (its pid).
hold() {
  local target="${1#http://}"
  rm -f "$WORK/held"
  python3 "$ROOT/bench/serve/holder.py" "$target" "$HOLD" "$WORK/held" &
  HOLDER=$!
  PIDS+=("$HOLDER")
  sleep "$HOLD_WARMUP"
}
unhold() {
  kill "$HOLDER" 2>/dev/null || true
  wait "$HOLDER" 2>/dev/null || true
}
held_now() { cat "$WORK/held" 2>/dev/null || echo 0; }
# The connections our server holds, by its own count (/readyz), which includes wrk's.
server_open() {
  curl -fsS "$OURS/readyz" | python3 -c 'import json, sys; print(json.load(sys.stdin)["connections"]["open"])'
}

echo "machine: $(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), wrk -t$THREADS -c$CONNECTIONS -d$DURATION x$REPEAT (median), loopback, $HOLD trickling connections from 127.0.0.2, RUST_LOG=$LOG_LEVEL"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %-6s %14s %14s %9s %7s %7s %9s | %8s\n' \
  route server "undisturbed/s" "held/s" "held p99" holder server "held/undisturbed" "vs nginx"
for route in "home|/" "product|/etender"; do
  name="${route%%|*}"
  path="${route#*|}"
  ours_calm="" ours_held="" nginx_calm="" nginx_held="" ours_open=0 nginx_open=0
  for _ in $(seq "$REPEAT"); do
    ours_calm+="$(measure "$OURS$path" "${PIDS[0]}")"$'\n'
    nginx_calm+="$(measure "$NGINX_URL/$name" "${NGINX_PIDS[@]}")"$'\n'
    hold "$OURS"
    ours_held+="$(measure "$OURS$path" "${PIDS[0]}")"$'\n'
    ours_open="$(held_now)"
    ours_server="$(server_open)"
    unhold
    hold "$NGINX_URL"
    nginx_held+="$(measure "$NGINX_URL/$name" "${NGINX_PIDS[@]}")"$'\n'
    nginx_open="$(held_now)"
    unhold
  done
  read -r oc _ _ _ _ <<<"$(printf '%s' "$ours_calm" | median)"
  read -r oh _ _ oh99 _ <<<"$(printf '%s' "$ours_held" | median)"
  read -r nc _ _ _ _ <<<"$(printf '%s' "$nginx_calm" | median)"
  read -r nh _ _ nh99 _ <<<"$(printf '%s' "$nginx_held" | median)"
  o_ratio="$(awk -v h="$oh" -v c="$oc" 'BEGIN { printf "%.2f", h / c }')"
  n_ratio="$(awk -v h="$nh" -v c="$nc" 'BEGIN { printf "%.2f", h / c }')"
  vs="$(awk -v o="$oh" -v n="$nh" 'BEGIN { printf "%.2f", o / n }')"
  printf '%-8s %-6s %14s %14s %9s %7s %7s %9s | %8s\n' "$name" ours "$oc" "$oh" "$oh99" "$ours_open" "$ours_server" "$o_ratio" "$vs"
  printf '%-8s %-6s %14s %14s %9s %7s %7s %9s | %8s\n' "$name" nginx "$nc" "$nh" "$nh99" "$nginx_open" "-" "$n_ratio" "-"
done
echo "holder: connections the holder had open at the end of the last held run, as it sees them (one it has not yet noticed closed still counts); server: connections our server held then, by /readyz (one client is capped, wrk's count too)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
