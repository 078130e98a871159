"""Adds the customer stories (content type `casestudy`), their photographs and PDFs to the space."""

import re
from datetime import datetime, timedelta, timezone

import pdf
import photo
import richtext
from copy_cases import CASES
from copy_media import FOOTER, logo_id
from export import asset_link

ICONS = {"SPM": "icon-spm", "eRFx": "icon-erfx", "SCM": "icon-scm", "eAuction": "icon-eauction", "SSM": "icon-ssm", "SIM": "icon-sim", "PIM": "icon-pim"}

FIRST_CREATED = datetime(2019, 6, 3, 0, 0, tzinfo=timezone.utc)


def case_id(slug):
    return f"case-{slug}"


def plain(markup):
    """The markup as plain paragraphs and bullets, for the PDF version of a story."""
    out = []
    for line in markup.strip().splitlines():
        line = line.strip()
        if not line or line.startswith(("|", "![", "[[", "---")):
            continue
        line = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", line)
        line = re.sub(r"[*_~^`]", "", line)
        line = re.sub(r"^\d+\. ", "- ", line)
        out.append(line[2:] if line.startswith("> ") else line)
    return out


def build(space):
    for n, case in enumerate(CASES):
        created = FIRST_CREATED + timedelta(days=97 * n)
        slug = case["slug"]
        org = case["organisation"]
        images = {}
        # The banner and the story's pictures are photographs, as editors upload them.
        for key, caption, palette in [
            ("main", f"{org}", case["palette"]),
            ("challenge", "The challenge", "slate"),
            ("solution", "The solution", case["palette"]),
            ("outcomes", "The outcomes", "green"),
        ]:
            asset_id = f"case-{key}-{slug}"[:64]
            alt = f"{caption}: {case['teaser_heading']}" if key != "main" else f"{org}: {case['title']}"
            data = photo.jpeg(asset_id, palette)
            images[key] = space.photo(asset_id, f"{org}: {caption}", alt, data, (photo.WIDTH, photo.HEIGHT), created)
        pdf_link = None
        if isinstance(case["pdf"], str):
            data = pdf.build(
                case["title"],
                f"Customer story: {org}",
                [
                    ("At a glance", [case["extract"], f'"{case["quote"]}" - {case["person"]}, {case["job"]}']),
                    ("The challenge", plain(case["challenge"])),
                    ("The solution", plain(case["solution"])),
                    ("The outcomes", plain(case["outcomes"]) or [case["teaser_heading"]]),
                ],
                FOOTER,
            )
            pdf_link = asset_link(space.pdf(f"story-{slug}"[:64], case["pdf"], f"Customer story PDF: {case['title']}", f"{slug}.pdf", data, created))
        fields = {
            "slug": slug,
            "title": case["title"],
            "organisation": org,
            "casestudyproduct": case["products"],
            "casestudyorderpriority": case["priority"],
            "nameofquotedperson": case["person"],
            "quotedpersonjobtitle": case["job"],
            "calloutquote": case["quote"],
            "teaserheading": case["teaser_heading"],
            "extractforteaser": case["extract"],
            "logo": asset_link(logo_id(org)),
            "productlogo": asset_link(ICONS[case["products"][0]]),
            "mainimage": asset_link(images["main"]),
            "category": case["category"],
            "location": case["location"],
            "suppliers": case["suppliers"],
            "strategy": case["strategy"],
            "industry": case["industry"],
            "backgrounder": richtext.document(case["background"]),
            "challenge": richtext.document(case["challenge"]),
            "solution": richtext.document(case["solution"]),
            "outcomes": richtext.document(case["outcomes"]),
            "thechallengeimage": asset_link(images["challenge"]),
            "thesolutionimage": asset_link(images["solution"]),
            "theoutcomesimage": asset_link(images["outcomes"]),
            "doesPdFexist": case["pdf"] is not None,
            "downloadablePdf": pdf_link,
            "seoIndex": case.get("seo", True),
            "titleTag": f"{org} customer story | Supplysite",
            "metaDescription": case["extract"],
            "canonical": None,
        }
        space.entry("casestudy", case_id(slug), fields, created, edits=2 if n < 3 else 1)
