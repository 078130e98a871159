#!/usr/bin/env bash
# Property-based tests of the HTTP API against its own OpenAPI description: starts the real
# server over the demo content (self-hosted robot check, a signing secret for the webhook, a
# throwaway outbox and mailbox, a rate limit high enough that 429 is not the only answer),
# points schemathesis at GET /api/openapi.json and fails on any 5xx or any response whose
# status, content type or body the description does not allow. Bounded in examples and time.
#
# Environment: SUPPLYSITE_BIN (default target/debug/supplysite, built when missing),
# SUPPLYSITE_WEB_DIR (default web/dist), API_FUZZ_EXAMPLES (default 60 per operation),
# API_FUZZ_MAX_SECONDS (default 45), API_FUZZ_SEED (default random).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "api-fuzz: $*" >&2; }

SCHEMATHESIS_VERSION=4.32.5
if ! python3 -m schemathesis.cli --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
    say "installing schemathesis $SCHEMATHESIS_VERSION"
    # A Debian-managed Python refuses installs outside a virtual environment (PEP 668) unless told.
    python3 -m pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" ||
        python3 -m pip install --quiet --disable-pip-version-check --break-system-packages \
            "schemathesis==$SCHEMATHESIS_VERSION"
fi

target_dir=${CARGO_TARGET_DIR:-target}
bin=${SUPPLYSITE_BIN:-$target_dir/debug/supplysite}
if [ -z "${SUPPLYSITE_BIN:-}" ]; then
    cargo build --quiet -p supplysite-cli
fi
web_dir=${SUPPLYSITE_WEB_DIR:-web/dist}
[ -f "$web_dir/index.html" ] || { say "no web build at $web_dir (run make web-build)"; exit 1; }

work=$(mktemp -d)
server_pid=
cleanup() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid"
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"

# Only what this run needs; nothing from a developer's .env reaches the server.
env -i PATH="$PATH" HOME="$HOME" RUST_LOG=warn \
    SUPPLYSITE_CONTENT=content/demo/export.json \
    SUPPLYSITE_OUTBOX="$work/outbox.sqlite3" \
    SUPPLYSITE_MAILBOX="$work/mailbox" \
    SUPPLYSITE_CONTACT_RATE_PER_MINUTE=100000 \
    SUPPLYSITE_ROBOT_SECRET=api-fuzz-robot-secret-of-at-least-32-bytes \
    CONTENTFUL_WEBHOOK_SECRET=apifuzzWebhookSecretapifuzzWebhookSecretapifuzzWebhookSecret0123 \
    "$bin" serve --bind "127.0.0.1:$port" --web-dir "$web_dir" --public-url "$base" \
    >"$work/server.log" 2>&1 &
server_pid=$!

deadline=$((SECONDS + 60))
until curl -fsS -o /dev/null "$base/readyz" 2>/dev/null; do
    if ! kill -0 "$server_pid" 2>/dev/null; then
        say "the server stopped before it was ready:"; cat "$work/server.log" >&2; exit 1
    fi
    [ $SECONDS -lt $deadline ] || { say "the server was not ready within 60 s"; exit 1; }
    sleep 0.2
done

seed_args=()
[ -n "${API_FUZZ_SEED:-}" ] && seed_args=(--seed "$API_FUZZ_SEED")
status=0
# From the scratch folder, so schemathesis's cache stays out of the checkout.
(cd "$work" && python3 -m schemathesis.cli run "$base/api/openapi.json" \
    --url "$base" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --max-examples "${API_FUZZ_EXAMPLES:-60}" \
    --max-time "${API_FUZZ_MAX_SECONDS:-45}" \
    --workers 2 \
    --request-timeout 10 \
    --no-color \
    "${seed_args[@]}") || status=$?

if [ "$status" -ne 0 ]; then
    say "the server's log (warnings and errors):"
    cat "$work/server.log" >&2
fi
exit "$status"
