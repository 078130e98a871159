"""The layout check against the repository as it is and against copies with a part renamed or missing.

Run by `make lint-layers`: python3 -m unittest discover -s scripts -p 'test_*.py'
"""
import importlib.util
import pathlib
import shutil
import tempfile
import unittest

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = importlib.util.spec_from_file_location("check_layout", HERE / "check-layout.py")
check_layout = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(check_layout)


def copy_layout(into: pathlib.Path):
    """The parts of the tree the check reads: the manifests, the card's files and folders."""
    for name in ("Cargo.toml", "README.md"):
        shutil.copy(ROOT / name, into / name)
    for name in ("web", "tests"):
        (into / name).mkdir()
    for crate in (ROOT / "crates").iterdir():
        if (crate / "Cargo.toml").is_file():
            (into / "crates" / crate.name).mkdir(parents=True)
            shutil.copy(crate / "Cargo.toml", into / "crates" / crate.name / "Cargo.toml")
    (into / "fuzz").mkdir()
    shutil.copy(ROOT / "fuzz" / "Cargo.toml", into / "fuzz" / "Cargo.toml")


class LayoutTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.dir.name)
        copy_layout(self.root)

    def tearDown(self):
        self.dir.cleanup()

    def test_the_repository_keeps_the_cards_layout(self):
        self.assertEqual(check_layout.breaches(ROOT), [])
        self.assertEqual(check_layout.breaches(self.root), [])

    def test_a_renamed_card_crate_fails(self):
        # The rename this check exists for: the mail adapter moved to a folder of another name,
        # its package and the workspace following it.
        (self.root / "crates" / "mail-adapter").rename(self.root / "crates" / "enquiry-adapter")
        for manifest in (self.root / "Cargo.toml", self.root / "crates" / "enquiry-adapter" / "Cargo.toml"):
            text = manifest.read_text().replace("mail-adapter", "enquiry-adapter")
            manifest.write_text(text)
        found = check_layout.breaches(self.root)
        self.assertIn(
            "crates/mail-adapter is missing: the design card names it (add crates beside it, never in its place)",
            found,
        )
        self.assertEqual(len(found), 1, found)

    def test_a_folder_and_package_that_disagree_fail(self):
        manifest = self.root / "crates" / "http" / "Cargo.toml"
        manifest.write_text(manifest.read_text().replace('name = "supplysite-http"', 'name = "supplysite-server"', 1))
        found = check_layout.breaches(self.root)
        self.assertEqual(len(found), 1, found)
        self.assertIn("crates/http holds the package 'supplysite-server'", found[0])

    def test_a_missing_card_folder_fails(self):
        (self.root / "tests").rmdir()
        self.assertEqual(check_layout.breaches(self.root), ["tests/ is missing: the design card names it"])

    def test_a_crate_left_out_of_the_workspace_fails(self):
        (self.root / "crates" / "search").mkdir()
        (self.root / "crates" / "search" / "Cargo.toml").write_text('[package]\nname = "supplysite-search"\n')
        self.assertEqual(
            check_layout.breaches(self.root), ["crates/search is not a member of the workspace"]
        )

    def test_the_command_exits_1_on_a_breach(self):
        (self.root / "web").rmdir()
        self.assertEqual(check_layout.main(["check-layout.py", str(self.root)]), 1)
        self.assertEqual(check_layout.main(["check-layout.py", str(ROOT)]), 0)


if __name__ == "__main__":
    unittest.main()
