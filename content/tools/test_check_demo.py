"""Tests of the demo generator and its checker: the committed demo passes, is exactly what the
generator writes, and each kind of broken export is reported.

Run: python3 -m unittest discover -s content/tools -p 'test_*.py'
"""

import copy
import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True

from check_demo import Checker  # noqa: E402

TOOLS = Path(__file__).resolve().parent
EXPORT = TOOLS.parent / "demo" / "export.json"
DATA = json.loads(EXPORT.read_text(encoding="utf-8"))


def problems_after(mutate):
    data = copy.deepcopy(DATA)
    mutate(data)
    return Checker(EXPORT, data).run(coverage=False)


def entry(data, entry_id):
    return next(e for e in data["entries"] if e["sys"]["id"] == entry_id)


class CheckDemo(unittest.TestCase):
    def test_the_committed_demo_passes_every_check(self):
        self.assertEqual(Checker(EXPORT).run(), [])

    def test_the_committed_demo_is_exactly_what_the_generator_writes(self):
        with tempfile.TemporaryDirectory() as out:
            subprocess.run([sys.executable, str(TOOLS / "make_demo.py"), out], check=True, capture_output=True)
            self.assertEqual((Path(out) / "export.json").read_bytes(), EXPORT.read_bytes())
            written = sorted(p.relative_to(out) for p in Path(out).rglob("*") if p.is_file())
            committed = sorted(p.relative_to(EXPORT.parent) for p in EXPORT.parent.rglob("*") if p.is_file())
            self.assertEqual(written, committed)

    def test_a_link_to_a_missing_entry_is_reported(self):
        def mutate(data):
            entry(data, "page-security-and-trust")["fields"]["pageBanner"]["en-AU"]["sys"]["id"] = "banner-gone"

        self.assertIn("links to missing entry banner-gone", " ".join(problems_after(mutate)))

    def test_a_rich_text_link_to_a_missing_asset_is_reported(self):
        def mutate(data):
            body = entry(data, "post-reverse-auction-myths")["fields"]["bodyRichtext"]["en-AU"]
            block = next(n for n in body["content"] if n["nodeType"] == "embedded-asset-block")
            block["data"]["target"]["sys"]["id"] = "img-nowhere"

        self.assertIn("links to missing asset img-nowhere", " ".join(problems_after(mutate)))

    def test_a_link_to_a_draft_is_reported(self):
        def mutate(data):
            link = entry(data, "post-rfq-vs-rfp-vs-rft")["fields"]["bodyRichtext"]["en-AU"]["content"][-1]["content"][-2]
            link["data"]["target"]["sys"]["id"] = "post-eauction-planning-guide-2026"

        self.assertIn("links to unpublished entry post-eauction-planning-guide-2026", " ".join(problems_after(mutate)))

    def test_a_missing_required_field_is_reported(self):
        def mutate(data):
            del entry(data, "post-kpis-vs-slas")["fields"]["seoIndex"]

        self.assertIn("required field seoIndex is missing", " ".join(problems_after(mutate)))

    def test_a_value_outside_its_allowed_list_is_reported(self):
        def mutate(data):
            entry(data, "post-kpis-vs-slas")["fields"]["blogPostProduct"]["en-AU"].append("CRM")

        self.assertIn("value 'CRM' is not one of", " ".join(problems_after(mutate)))

    def test_a_duplicate_slug_is_reported(self):
        def mutate(data):
            entry(data, "post-kpis-vs-slas")["fields"]["slug"]["en-AU"] = "what-is-e-tendering"

        self.assertIn("is not unique", " ".join(problems_after(mutate)))

    def test_a_link_to_the_wrong_content_type_is_reported(self):
        def mutate(data):
            entry(data, "faqaddon-etender")["fields"]["faqList"]["en-AU"]["sys"]["id"] = "faq-etender-1"

        self.assertIn("of type faqItem, allowed ['faqList']", " ".join(problems_after(mutate)))

    def test_an_asset_whose_recorded_size_differs_from_its_file_is_reported(self):
        def mutate(data):
            asset = next(a for a in data["assets"] if a["sys"]["id"] == "factsheet-etender")
            asset["fields"]["file"]["en-AU"]["details"]["size"] += 1

        self.assertIn("details.size", " ".join(problems_after(mutate)))

    def test_a_photograph_whose_recorded_dimensions_differ_from_its_file_is_reported(self):
        def mutate(data):
            asset = next(a for a in data["assets"] if a["sys"]["id"] == "hero-kpis-vs-slas")
            asset["fields"]["file"]["en-AU"]["details"]["image"]["width"] = 1200

        self.assertIn("the picture is 2400x1600 but details.image says 1200x1600", " ".join(problems_after(mutate)))

    def test_a_photograph_whose_file_is_missing_is_reported(self):
        def mutate(data):
            asset = next(a for a in data["assets"] if a["sys"]["id"] == "case-main-energy-retailer-etender")
            file = asset["fields"]["file"]["en-AU"]
            file["url"] = file["url"].replace(file["url"].split("/")[-2], "0" * 32)

        self.assertIn("case-main-energy-retailer-etender.jpg is missing", " ".join(problems_after(mutate)))

    def test_a_png_cut_out_recorded_as_a_jpeg_is_reported(self):
        def mutate(data):
            asset = next(a for a in data["assets"] if a["sys"]["id"] == "timeline-image-today")
            asset["fields"]["file"]["en-AU"]["contentType"] = "image/jpeg"

        self.assertIn("file is not a image/jpeg picture", " ".join(problems_after(mutate)))

    def test_coverage_reports_an_svg_hero_and_too_few_photographs(self):
        data = copy.deepcopy(DATA)
        logo = next(a for a in data["assets"] if a["sys"]["id"] == "logo-supplysite")
        for e in data["entries"]:
            if e["sys"]["contentType"]["sys"]["id"] == "blogPost" and "heroImage" in e["fields"]:
                e["fields"]["heroImage"]["en-AU"]["sys"]["id"] = logo["sys"]["id"]
        text = " ".join(Checker(EXPORT, data).run())
        self.assertIn("coverage: 0 camera-sized photographs as insight hero (need 20)", text)
        self.assertIn("post-kpis-vs-slas.heroImage is image/svg+xml, not a resizable raster picture", text)

    def test_the_photographs_are_the_generator_s_and_described_in_the_export(self):
        # make_photos.py --check: every photograph export.json describes is on disk with its
        # size and the MD5 its URL carries (what `make demo-photos` wrote).
        run = subprocess.run([sys.executable, str(TOOLS / "make_photos.py"), "--check"], capture_output=True, text=True)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertRegex(run.stdout, r"demo photographs: \d+ up to date")

    def test_a_localised_value_on_a_field_that_is_not_localised_is_reported(self):
        def mutate(data):
            entry(data, "post-kpis-vs-slas")["fields"]["slug"]["en-US"] = "kpis-and-slas"

        self.assertIn("has a en-US value but is not localised", " ".join(problems_after(mutate)))

    def test_coverage_reports_a_case_study_tagged_ssm(self):
        data = copy.deepcopy(DATA)
        entry(data, "case-energy-retailer-etender")["fields"]["casestudyproduct"]["en-AU"].append("SSM")
        self.assertIn("coverage: a case study is tagged SSM", " ".join(Checker(EXPORT, data).run()))


if __name__ == "__main__":
    unittest.main()
