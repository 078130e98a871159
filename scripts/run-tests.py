#!/usr/bin/env python3
"""Runs the workspace's Rust test binaries that `cargo test` has built, without cargo.

    scripts/run-tests.py                  every test binary's tests (what `cargo test` runs)
    scripts/run-tests.py --ignored NAME…  the #[ignore]d tests named (the suites that need the web
                                          build, node, PostgreSQL or nginx); fails unless each ran
                                          and passed

`cargo test` holds the target folder's lock for as long as its tests run, so anything that asks
cargo for its binaries meanwhile (a suite run beside it, a second terminal) waits for the whole
run. Here cargo is asked only
for the list of binaries (`--no-run`, a moment when they are built), and each binary is then run
as cargo runs it: from its package's folder, named in CARGO_MANIFEST_DIR. The binaries
are the ones the Makefile's build made: the same command, features and compiler wrapper
(CARGO, WORKSPACE and the clippy wrapper from the environment), so nothing is built again.

The documentation tests, which need rustdoc rather than a binary, are left to `cargo test --doc`.
A name filter that matches nothing passes silently in the test harness, hence the check that each
named ignored test ran and passed.
"""

import json
import os
import re
import shlex
import subprocess
import sys


def test_binaries():
    """(executable, package folder) of every test binary, in cargo's order (benches left out:
    `cargo test` runs them only when asked)."""
    cargo = os.environ.get("CARGO", "cargo")
    workspace = shlex.split(os.environ.get("WORKSPACE", "--workspace --no-default-features"))
    out = subprocess.run(
        [cargo, "test", *workspace, "--no-run", "--message-format=json-render-diagnostics"],
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    found = []
    for line in out.splitlines():
        if not line.startswith("{"):
            continue
        msg = json.loads(line)
        if msg.get("reason") != "compiler-artifact" or not msg.get("executable"):
            continue
        if not msg["profile"]["test"] or "bench" in msg["target"]["kind"]:
            continue
        found.append((msg["executable"], os.path.dirname(msg["manifest_path"])))
    return found


def run(binary, args):
    """Runs one test binary as cargo would; returns its exit status and what it printed."""
    exe, package_dir = binary
    env = dict(os.environ, CARGO_MANIFEST_DIR=package_dir)
    print(f"     Running {os.path.relpath(exe)} (in {os.path.relpath(package_dir)})", flush=True)
    proc = subprocess.Popen([exe, *args], cwd=package_dir, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    lines = []
    for line in proc.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()
        lines.append(line)
    return proc.wait(), "".join(lines)


def main(argv):
    ignored = argv[:1] == ["--ignored"]
    names = argv[1:] if ignored else []
    if ignored and not names:
        print("usage: run-tests.py [--ignored TEST_NAME…]", file=sys.stderr)
        return 2
    failed = []
    seen = ""
    for binary in test_binaries():
        status, text = run(binary, ["--ignored", *names] if ignored else argv)
        seen += text
        if status != 0:
            failed.append(os.path.relpath(binary[0]))
    for name in names:
        if not re.search(rf"^test ([A-Za-z0-9_]+::)*{re.escape(name)} \.\.\. ok$", seen, re.M):
            failed.append(f"{name} (did not run and pass)")
    if failed:
        print("run-tests: failed: " + ", ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
