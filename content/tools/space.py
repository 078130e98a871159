"""Collects the entries, assets and files of the demo space and writes them as an export."""

import json
import os
import shutil
from datetime import datetime, timezone
from pathlib import Path

import export
import model


PHOTO_SUFFIXES = (".jpg", ".png")


def is_photo_file(path):
    """Whether a file of the export is a generated photograph (git-ignored, made at build time)."""
    return Path(path).suffix in PHOTO_SUFFIXES


class Space:
    def __init__(self):
        self.entries = []
        self.assets = []
        self.files = {}
        # The paths (below the asset host) of the photographs: made at build time, not committed.
        self.photos = set()
        self._ids = set()

    def _claim(self, record_id):
        if record_id in self._ids:
            raise ValueError(f"duplicate id {record_id}")
        if len(record_id) > 64:
            raise ValueError(f"id longer than 64 characters: {record_id}")
        self._ids.add(record_id)

    def asset(self, asset_id, title, description, file_name, content_type, data, size=None, created=None, localised=None):
        self._claim(asset_id)
        created = created or datetime(2019, 2, 1, 0, 0, tzinfo=timezone.utc)
        record = export.make_asset(asset_id, created, title, description, file_name, content_type, data, size, localised)
        self.assets.append(record)
        self.files[export.asset_path(asset_id, data, file_name)] = data
        return asset_id

    def svg(self, asset_id, title, description, data, size, created=None):
        return self.asset(asset_id, title, description, f"{asset_id}.svg", "image/svg+xml", data, size, created)

    def photo(self, asset_id, title, description, data, size, created=None):
        """A photograph (JPEG, or PNG for a cut-out with transparency) of `size` (width, height)."""
        png = data.startswith(b"\x89PNG\r\n\x1a\n")
        file_name = f"{asset_id}.png" if png else f"{asset_id}.jpg"
        self.asset(asset_id, title, description, file_name, "image/png" if png else "image/jpeg", data, size, created)
        self.photos.add(export.asset_path(asset_id, data, file_name))
        return asset_id

    def pdf(self, asset_id, title, description, file_name, data, created=None):
        return self.asset(asset_id, title, description, file_name, "application/pdf", data, None, created)

    def entry(self, content_type, entry_id, fields, created, localised=None, edits=1, published=True):
        self._claim(entry_id)
        self.entries.append(export.make_entry(content_type, entry_id, created, fields, localised, edits, published))
        return entry_id

    def document(self):
        types = model.CONTENT_TYPES
        return {
            "contentTypes": [export.content_type_record(ct, i) for i, ct in enumerate(types)],
            "tags": [],
            "editorInterfaces": [
                export.editor_interface_record(ct, i, model.editor_controls(ct)) for i, ct in enumerate(types)
            ],
            "entries": self.entries,
            "assets": self.assets,
            "locales": export.locale_records(),
            "webhooks": [],
            "roles": [],
        }

    def write_photos(self, out_dir):
        """Writes the photographs only, leaving every other file and export.json as they are;
        removes photographs of earlier runs that the space no longer has. Returns how many
        files were written (a file already there with the same bytes is kept)."""
        files_root = Path(out_dir) / export.ASSET_HOST
        written = 0
        for rel in sorted(self.photos):
            path = files_root / rel
            data = self.files[rel]
            if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            tmp.write_bytes(data)
            tmp.replace(path)
            written += 1
        for path in sorted(files_root.rglob("*")) if files_root.exists() else []:
            if path.is_file() and is_photo_file(path) and path.relative_to(files_root).as_posix() not in self.photos:
                path.unlink()
        return written

    def write(self, out_dir):
        out_dir = Path(out_dir)
        files_root = out_dir / export.ASSET_HOST
        if files_root.exists():
            shutil.rmtree(files_root)
        out_dir.mkdir(parents=True, exist_ok=True)
        for rel, data in sorted(self.files.items()):
            path = files_root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        text = json.dumps(self.document(), indent=2, ensure_ascii=False) + "\n"
        (out_dir / "export.json").write_text(text, encoding="utf-8")
