#!/usr/bin/env bash
# Throughput of `supplysite serve` against nginx serving the same bytes as static files.
#
# Loopback only, bounded: wrk runs DURATION (default 10s) per route with CONNECTIONS (32) over
# THREADS (2), REPEAT times (3) per server, alternating ours and nginx so both see the same
# background load; the run with the median requests/s is reported. Routes: /, a product page,
# an insight and /api/page. Prints requests/s, latency percentiles and the ratio ours/nginx per
# route, and the load average before and after. Every process it starts is stopped by pid.
# Our server logs at RUST_LOG (default warn: nginx's access log is off too).
#
# Needs wrk, nginx and curl (Debian packages wrk, nginx, curl; installed when run as root and
# missing). Uses target/release/supplysite (built unless SUPPLYSITE_BIN points at a binary),
# the demo content, and web/dist when it exists (else a minimal shell).
set -euo pipefail

source "$(dirname "$0")/setup.sh"

echo "machine: $(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), wrk -t$THREADS -c$CONNECTIONS -d$DURATION x$REPEAT (median), loopback, RUST_LOG=$LOG_LEVEL"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %-28s %12s %9s %9s %9s %7s | %12s %9s %9s %9s %7s | %6s %6s\n' \
  route path "ours req/s" p50 p90 p99 "us/req" "nginx req/s" p50 p90 p99 "us/req" ratio "cpu"
for route in "${ROUTES[@]}"; do
  name="${route%%|*}"
  path="${route#*|}"
  ours_runs="" nginx_runs=""
  for _ in $(seq "$REPEAT"); do
    ours_runs+="$(measure "$OURS$path" "${PIDS[0]}")"$'\n'
    nginx_runs+="$(measure "$NGINX_URL/$name" "${NGINX_PIDS[@]}")"$'\n'
  done
  read -r o_rps o50 o90 o99 o_cpu <<<"$(printf '%s' "$ours_runs" | median)"
  read -r n_rps n50 n90 n99 n_cpu <<<"$(printf '%s' "$nginx_runs" | median)"
  ratio="$(awk -v o="$o_rps" -v n="$n_rps" 'BEGIN { printf "%.2f", o / n }')"
  # nginx's CPU per request over ours: the throughput ratio the two would reach on idle cores.
  cpu_ratio="$(awk -v o="$o_cpu" -v n="$n_cpu" 'BEGIN { printf "%.2f", n / o }')"
  printf '%-8s %-28s %12s %9s %9s %9s %7s | %12s %9s %9s %9s %7s | %6s %6s\n' \
    "$name" "${path:0:28}" "$o_rps" "$o50" "$o90" "$o99" "$o_cpu" "$n_rps" "$n50" "$n90" "$n99" "$n_cpu" "$ratio" "$cpu_ratio"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
