"""Tests of make_photos.py's check: a photograph on disk counts only with the size and the MD5
its description in export.json records, so a stale or missing file is made again.

Run: python3 -m unittest discover -s content/tools -p 'test_*.py'
"""

import hashlib
import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True

TOOLS = Path(__file__).resolve().parent


def export_with_one_photo(root, data):
    token = hashlib.md5(data).hexdigest()
    rel = f"supplysitedemo/hero-x/{token}/hero-x.jpg"
    file = {"url": f"//images.ctfassets.net/{rel}", "contentType": "image/jpeg", "fileName": "hero-x.jpg",
            "details": {"size": len(data), "image": {"width": 2400, "height": 1600}}}
    svg = {"url": "//images.ctfassets.net/supplysitedemo/logo/abc/logo.svg", "contentType": "image/svg+xml",
           "details": {"size": 10}}
    assets = [{"sys": {"id": "hero-x"}, "fields": {"file": {"en-AU": file}}},
              {"sys": {"id": "logo"}, "fields": {"file": {"en-AU": svg}}}]
    (root / "export.json").write_text(json.dumps({"assets": assets}))
    return root / "images.ctfassets.net" / rel


def check(root):
    return subprocess.run([sys.executable, str(TOOLS / "make_photos.py"), "--check", str(root / "export.json")],
                          capture_output=True, text=True)


class MakePhotosCheck(unittest.TestCase):
    def test_a_photograph_with_its_recorded_size_and_digest_is_up_to_date(self):
        with tempfile.TemporaryDirectory() as d:
            path = export_with_one_photo(Path(d), b"\xff\xd8 a picture")
            path.parent.mkdir(parents=True)
            path.write_bytes(b"\xff\xd8 a picture")
            run = check(Path(d))
            self.assertEqual(run.returncode, 0, run.stderr)
            # The SVG is committed, not made: only the photograph is counted.
            self.assertEqual(run.stdout.strip(), "demo photographs: 1 up to date")

    def test_a_missing_or_changed_photograph_is_named(self):
        with tempfile.TemporaryDirectory() as d:
            path = export_with_one_photo(Path(d), b"\xff\xd8 a picture")
            run = check(Path(d))
            self.assertEqual(run.returncode, 1)
            self.assertIn("missing or different: supplysitedemo/hero-x/", run.stderr)
            path.parent.mkdir(parents=True)
            # Same size, other bytes: the digest in the URL tells them apart.
            path.write_bytes(b"\xff\xd8 a pictur!")
            run = check(Path(d))
            self.assertEqual(run.returncode, 1)
            self.assertIn("hero-x.jpg", run.stderr)


if __name__ == "__main__":
    unittest.main()
