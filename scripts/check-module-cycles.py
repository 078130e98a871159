#!/usr/bin/env python3
"""Finds import cycles between the top-level modules of every crate (crates/*/src), and holds
the server's folders to the layers their `//!` lines state (LAYERS).

A module `a` depends on `b` when code in a's files (tests and comments left out) names
`crate::b`. A cycle is a strongly connected group of two or more modules. Known cycles are
listed in KNOWN with the work that will remove them; any other cycle, or a known one that has
grown, fails the check. A known cycle that has shrunk or gone passes (then shrink its entry).
"""
import os
import re
import sys

# crate -> the modules of each cycle still being untangled (none today; an entry here is a debt
# with the work that will remove it).
KNOWN = {}

# crate -> top-level module -> the top-level modules it may use. Each module's `//!` doc says the
# same in words; a module missing here, or a use outside its row, fails the check.
LAYERS = {
    "http": {
        "cache": set(),
        "connections": set(),
        "heavy": set(),
        "metrics": set(),
        "preview": {"heavy"},
        "settings": {"cache"},
        "contact_desk": {"connections"},
        "content": {"cache", "metrics"},
        "front": {"metrics"},
        "render": {"cache", "heavy", "settings"},
        "state": {
            "cache", "connections", "contact_desk", "content", "heavy", "metrics", "preview",
            "render", "settings",
        },
        "handlers": {
            "cache", "connections", "contact_desk", "content", "front", "heavy", "metrics",
            "preview", "render", "settings", "state",
        },
    },
}


def modules(src):
    found = set()
    for name in os.listdir(src):
        path = os.path.join(src, name)
        if name.endswith(".rs") and name not in ("lib.rs", "main.rs"):
            found.add(name[:-3])
        elif os.path.isdir(path):
            found.add(name)
    return found


def files(src, module):
    paths = []
    if os.path.exists(os.path.join(src, module + ".rs")):
        paths.append(os.path.join(src, module + ".rs"))
    folder = os.path.join(src, module)
    for root, _, names in os.walk(folder):
        paths += [os.path.join(root, n) for n in names if n.endswith(".rs")]
    return paths


def code(path):
    text = open(path, encoding="utf-8").read()
    cut = text.find("#[cfg(test)]")
    if cut >= 0:
        text = text[:cut]
    return "\n".join(l for l in text.split("\n") if not l.strip().startswith("//"))


def graph(src):
    mods = modules(src)
    edges = {m: set() for m in mods}
    for m in mods:
        for path in files(src, m):
            text = code(path)
            names = re.findall(r"crate::([a-z_0-9]+)", text)
            for group in re.findall(r"crate::\{([^}]*)\}", text):
                names += re.findall(r"\b([a-z_0-9]+)", group)
            edges[m] |= {n for n in names if n in mods and n != m}
    return edges


def cycles(edges):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(group)

    sys.setrecursionlimit(10_000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crates")
    failed = False
    for crate in sorted(os.listdir(root)):
        src = os.path.join(root, crate, "src")
        if not os.path.isdir(src):
            continue
        edges = graph(src)
        layers = LAYERS.get(crate)
        if layers is not None:
            for module in sorted(edges):
                if module not in layers:
                    failed = True
                    print(f"crates/{crate}/src/{module}: not in LAYERS (scripts/check-module-cycles.py)")
                    continue
                for used in sorted(edges[module] - layers[module]):
                    failed = True
                    print(f"crates/{crate}/src/{module} uses {used}, outside its layer")
        for group in cycles(edges):
            if not any(group <= known for known in KNOWN.get(crate, [])):
                failed = True
                print(f"module cycle in crates/{crate}: {', '.join(sorted(group))}")
    if failed:
        sys.exit(1)
    print("module cycles: none beyond the known ones; the server's layers hold")


if __name__ == "__main__":
    main()
