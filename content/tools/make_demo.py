#!/usr/bin/env python3
"""Writes the demo space (content/demo/) in the format `contentful space export --download-assets` writes.

Usage: python3 content/tools/make_demo.py [OUT_DIR]   (default: content/demo beside this folder)

Deterministic: the same inputs always write the same bytes. The photographs need the Pillow and
numpy versions pinned in photo.py (scripts/python-deps.sh installs them).
"""

import sys
from pathlib import Path

# Keep the source folder free of __pycache__ (the repository ignores no Python artefacts).
sys.dont_write_bytecode = True

import about  # noqa: E402
import cases  # noqa: E402
import copy_media  # noqa: E402
import faqs  # noqa: E402
import pages  # noqa: E402
import photo  # noqa: E402
import posts  # noqa: E402
import redirects  # noqa: E402
from space import Space  # noqa: E402

# Media first: later builders link to icons, diagrams, logos and factsheets by id.
BUILDERS = [copy_media.build, posts.build, cases.build, faqs.build, pages.build, about.build, redirects.build]


DEMO = Path(__file__).resolve().parent.parent / "demo"


def build_space():
    """The whole demo space, in memory (its photographs made one process per core)."""
    return photo.made_ahead(_build)


def _build():
    space = Space()
    for build in BUILDERS:
        build(space)
    return space


def main():
    out_dir = Path(sys.argv[1]) if len(sys.argv) > 1 else DEMO
    space = build_space()
    space.write(out_dir)
    print(f"wrote {out_dir}/export.json: {len(space.entries)} entries, {len(space.assets)} assets")


if __name__ == "__main__":
    main()
