#!/usr/bin/env python3
"""Checks the workspace's crate graph against the architecture (README, Architecture).

- Core depends on no other crate of the workspace.
- An adapter depends on core alone; its tests may add the test kit, never another adapter.
- The HTTP server depends on core's ports, never on the adapters behind them (content, mail,
  shared store, search): the CLI, the composition root, builds those and hands them in. Its
  tests may use them.
- The test kit depends on core alone and is never a dependency of shipped code.
- No cycle between the workspace's crates, counting dev-dependencies: a test-only cycle still
  ties two crates' builds together.

Reads `cargo metadata`; prints every breach and exits 1 when there is one.
"""
import json
import subprocess
import sys

CORE = "supplysite-core"
TESTKIT = "supplysite-testkit"
HTTP = "supplysite-http"
# The adapters of core's ports, which only the composition root (the CLI) names.
WIRED_BY_CLI = {
    "supplysite-content-adapter",
    "supplysite-mail-adapter",
    "supplysite-store-postgres",
    "supplysite-search-adapter",
}
ADAPTERS = {
    "supplysite-content-adapter",
    "supplysite-mail-adapter",
    "supplysite-store-postgres",
    "supplysite-images",
    "supplysite-ssr",
    "supplysite-search-adapter",
}


def main():
    meta = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--no-deps", "--offline"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    ours = {p["name"] for p in meta["packages"]}
    missing = (ADAPTERS | WIRED_BY_CLI | {CORE, TESTKIT, HTTP}) - ours
    if missing:
        print(f"check-crate-deps: the workspace has no crate named {sorted(missing)}: update ADAPTERS")
        return 1
    edges = {}  # name -> {dependency: kinds}
    for package in meta["packages"]:
        deps = edges.setdefault(package["name"], {})
        for dep in package["dependencies"]:
            if dep["name"] in ours and dep["name"] != package["name"]:
                deps.setdefault(dep["name"], set()).add(dep["kind"] or "normal")

    breaches = []
    for name, deps in sorted(edges.items()):
        shipped = {d for d, kinds in deps.items() if kinds - {"dev"}}
        tests = {d for d, kinds in deps.items() if "dev" in kinds}
        if TESTKIT in shipped:
            breaches.append(f"{name} depends on the test kit outside its tests")
        if name == CORE and deps:
            breaches.append(f"core depends on {sorted(deps)}: core depends on no other crate")
        if name == HTTP:
            for dep in sorted(shipped & WIRED_BY_CLI):
                breaches.append(f"{name} depends on {dep}: the server uses core's port, the CLI wires the adapter")
        if name in ADAPTERS | {TESTKIT}:
            for dep in sorted(shipped - {CORE}):
                breaches.append(f"{name} depends on {dep}: an adapter depends on core alone")
            for dep in sorted(tests - {CORE, TESTKIT}):
                breaches.append(f"{name}'s tests depend on {dep}: an adapter's tests use core and the test kit only")

    # Cycles, dev-dependencies included (depth-first search for a back edge).
    state = {}
    stack = []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for dep in sorted(edges.get(node, {})):
            if state.get(dep) == "open":
                cycle = stack[stack.index(dep):] + [dep]
                breaches.append("crate cycle: " + " -> ".join(cycle))
            elif dep not in state:
                visit(dep)
        stack.pop()
        state[node] = "done"

    for node in sorted(edges):
        if node not in state:
            visit(node)

    for breach in breaches:
        print(f"check-crate-deps: {breach}")
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
