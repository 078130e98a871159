#!/usr/bin/env python3
"""Checks the repository's top level against the layout the design card draws (README, Architecture).

- Every part the card names is there under its name: `Cargo.toml`, `README.md`, `web/`, `tests/`
  and the crates `core`, `content-adapter`, `mail-adapter`, `http`, `cli` and `wasm` under
  `crates/`. Crates may be added beside them, never in their place.
- Every crate's folder and package name agree: `crates/NAME` holds the package
  `supplysite-NAME`, and the fuzz workspace's `fuzz` holds `supplysite-fuzz`.
- Every workspace member is a folder of `crates/` and every folder of `crates/` is a member, so
  no crate is left behind by a rename.

Usage: check-layout.py [ROOT] (default: the repository this script is in). Prints every breach
and exits 1 when there is one.
"""
import pathlib
import sys
import tomllib

# The card's names, in the card's order: the people who asked for this layout hold it beside the tree.
CARD_FILES = ["Cargo.toml", "README.md"]
CARD_FOLDERS = ["web", "tests"]
CARD_CRATES = ["core", "content-adapter", "mail-adapter", "http", "cli", "wasm"]
PREFIX = "supplysite-"


def package_name(manifest: pathlib.Path):
    """The package's name in a Cargo manifest, or None when it has none (or cannot be read)."""
    try:
        with manifest.open("rb") as f:
            return tomllib.load(f).get("package", {}).get("name")
    except (OSError, tomllib.TOMLDecodeError):
        return None


def breaches(root: pathlib.Path):
    found = []
    for name in CARD_FILES:
        if not (root / name).is_file():
            found.append(f"{name} is missing: the design card names it")
    for name in CARD_FOLDERS:
        if not (root / name).is_dir():
            found.append(f"{name}/ is missing: the design card names it")
    for name in CARD_CRATES:
        if not (root / "crates" / name / "Cargo.toml").is_file():
            found.append(f"crates/{name} is missing: the design card names it (add crates beside it, never in its place)")

    crates = root / "crates"
    folders = sorted(p for p in crates.iterdir() if p.is_dir()) if crates.is_dir() else []
    for folder in folders:
        manifest = folder / "Cargo.toml"
        if not manifest.is_file():
            found.append(f"crates/{folder.name} holds no Cargo.toml")
            continue
        package = package_name(manifest)
        if package != PREFIX + folder.name:
            found.append(
                f"crates/{folder.name} holds the package {package!r}: its folder and package name disagree "
                f"(expected {PREFIX + folder.name!r})"
            )
    fuzz = root / "fuzz" / "Cargo.toml"
    if fuzz.is_file() and package_name(fuzz) != PREFIX + "fuzz":
        found.append(f"fuzz holds the package {package_name(fuzz)!r}: expected {PREFIX + 'fuzz'!r}")

    workspace = root / "Cargo.toml"
    if workspace.is_file():
        with workspace.open("rb") as f:
            members = tomllib.load(f).get("workspace", {}).get("members", [])
        listed = set(members)
        for member in members:
            if not member.startswith("crates/") or not (root / member).is_dir():
                found.append(f"the workspace member {member!r} is not a folder of crates/")
        for folder in folders:
            if f"crates/{folder.name}" not in listed:
                found.append(f"crates/{folder.name} is not a member of the workspace")
    return found


def main(argv):
    root = pathlib.Path(argv[1]) if len(argv) > 1 else pathlib.Path(__file__).resolve().parent.parent
    found = breaches(root)
    for breach in found:
        print(f"check-layout: {breach}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
