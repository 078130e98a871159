#!/usr/bin/env python3
"""Writes the demo space's photographs (git-ignored) beside content/demo/export.json.

Usage: python3 content/tools/make_photos.py [--check] [EXPORT_JSON]

The committed export describes every photograph (file name, size, width, height, and a URL whose
token is the MD5 of the file's bytes). When every described photograph is on disk with that size
and digest, nothing is done (a second or so for tens of MB). Otherwise the generator makes them
again and writes them; photographs of earlier runs that the export no longer describes are
removed. The run fails when the photographs the generator makes are not the ones the export
describes (a different Pillow or numpy than photo.py pins, or a generator change without
`make demo`). With --check nothing is written: exit 1 when a photograph is missing or differs.
"""

import hashlib
import json
import sys
from pathlib import Path

sys.dont_write_bytecode = True

import export  # noqa: E402
from space import is_photo_file  # noqa: E402

DEFAULT = Path(__file__).resolve().parent.parent / "demo" / "export.json"


def described(export_path):
    """The photographs the export describes: {path below the asset host: size in bytes}."""
    data = json.loads(Path(export_path).read_text(encoding="utf-8"))
    out = {}
    for asset in data.get("assets", []):
        for file in asset.get("fields", {}).get("file", {}).values():
            url = file.get("url", "")
            prefix = f"//{export.ASSET_HOST}/"
            if url.startswith(prefix) and is_photo_file(url):
                out[url[len(prefix):]] = file.get("details", {}).get("size")
    return out


def stale(root, photos):
    """The described photographs that are missing on disk or differ from their description."""
    out = []
    for rel, size in sorted(photos.items()):
        path = root / export.ASSET_HOST / rel
        token = rel.split("/")[-2]
        if not path.is_file() or path.stat().st_size != size or hashlib.md5(path.read_bytes()).hexdigest() != token:
            out.append(rel)
    return out


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    export_path = Path(args[0]) if args else DEFAULT
    root = export_path.parent
    photos = described(export_path)
    missing = stale(root, photos)
    if not missing:
        print(f"demo photographs: {len(photos)} up to date")
        return 0
    if "--check" in sys.argv:
        for rel in missing:
            print(f"demo photograph missing or different: {rel}", file=sys.stderr)
        return 1

    import photo
    from make_demo import build_space

    if not photo.versions_ok():
        import numpy
        import PIL

        print(
            f"demo photographs: Pillow {PIL.__version__} and numpy {numpy.__version__} installed, "
            f"{photo.PILLOW} and {photo.NUMPY} pinned (run: bash scripts/python-deps.sh)",
            file=sys.stderr,
        )
        return 1
    print(f"demo photographs: making {len(missing)} of {len(photos)}", file=sys.stderr)
    space = build_space()
    made = {rel: len(space.files[rel]) for rel in space.photos}
    if made != photos:
        differ = sorted(set(made.items()) ^ set(photos.items()))
        print(
            f"demo photographs: the generator's photographs differ from {export_path} "
            f"(first: {differ[0][0]}); run `make demo` after changing the generator",
            file=sys.stderr,
        )
        return 1
    written = space.write_photos(root)
    print(f"demo photographs: wrote {written}, {len(photos)} up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
