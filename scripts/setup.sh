#!/usr/bin/env bash
# Installs everything `make run` and `make test` need that a fresh machine lacks. Idempotent:
# each step checks first and does nothing when its tool is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

need_cargo() {
    command -v cargo >/dev/null || { echo "setup: cargo is required (install Rust with rustup)" >&2; exit 1; }
}

need_cargo
