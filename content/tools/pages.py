"""Adds the page-builder pages with their banners, slices and buttons to the space."""

from datetime import datetime, timedelta, timezone

import photo
import richtext
import svg
from copy_pages import PAGES
from export import asset_link, entry_link
from faqs import add_on, faq_list

FIRST_CREATED = datetime(2023, 4, 3, 0, 0, tzinfo=timezone.utc)
PALETTES = ["teal", "navy", "green", "plum", "rust", "slate"]


def _image(space, page_slug, name, n, created):
    """Resolves a slice or banner image: an existing asset id, `scene:<caption>` drawn here as an
    SVG illustration, `photo:<caption>` as a photograph or `cutout:<caption>` as a product shot on
    a transparent background (PNG)."""
    if name is None:
        return None
    kind, _, caption = name.partition(":")
    if not caption:
        return asset_link(name)
    asset_id = f"page-{page_slug}-{n}"[:64]
    palette = PALETTES[n % len(PALETTES)]
    if kind == "photo":
        data = photo.jpeg(asset_id, palette)
        return asset_link(space.photo(asset_id, caption, f"Photograph: {caption}", data, (photo.WIDTH, photo.HEIGHT), created))
    if kind == "cutout":
        data = photo.cutout(asset_id, palette, photo.CUTOUT)
        return asset_link(space.photo(asset_id, caption, f"Product shot: {caption}", data, photo.CUTOUT, created))
    data = svg.scene(asset_id, caption, palette)
    return asset_link(space.svg(asset_id, caption, f"Illustration: {caption}", data, (800, 500), created))


def _button(space, page_slug, key, spec, created):
    fields = {
        "buttonAction": spec["action"],
        "buttonActionUrl": spec.get("url"),
        "buttonActionAsset": asset_link(spec["asset"]) if spec.get("asset") else None,
        "buttonFill": spec.get("fill", True),
        "buttonInternalId": spec.get("internal"),
        "buttonLabel": spec["label"],
    }
    return entry_link(space.entry("button", f"btn-{page_slug}-{key}"[:64], fields, created))


def build(space):
    space.svg("logo-supplysite", "Supplysite logo", "Supplysite logo", svg.logo("Supplysite", "teal"), (320, 120), FIRST_CREATED)
    for p, page in enumerate(PAGES):
        created = FIRST_CREATED + timedelta(days=61 * p)
        slug = page["slug"]
        slices = []
        for n, spec in enumerate(page["slices"], start=1):
            kind = spec[0]
            if kind == "text":
                s = spec[1]
                fields = {
                    "sideImage": _image(space, slug, s["image"], n, created),
                    "textBlockTitle": s["title"],
                    "textContent": richtext.document(s["body"]),
                    "textLayout": s["layout"],
                    "textJustification": s["just"],
                    "button": _button(space, slug, n, s["button"], created) if s.get("button") else None,
                }
                slices.append(entry_link(space.entry("textAndMedia", f"slice-{slug}-{n}"[:64], fields, created)))
            elif kind == "faq":
                _, title, items = spec
                key = f"page--{slug}"
                list_id = faq_list(space, key, title, items, created)
                slices.append(entry_link(add_on(space, f"page/{slug}", list_id, created)))
            else:
                _, title, text, buttons = spec
                links = [_button(space, slug, f"{n}-{b}", button, created) for b, button in enumerate(buttons, start=1)]
                fields = {"title": title, "text": text, "buttons": links}
                slices.append(entry_link(space.entry("dividerCta", f"divider-{slug}-{n}"[:64], fields, created)))
        b = page["banner"]
        banner_fields = {
            "bannerImage": _image(space, slug, b["image"], 0, created),
            "bannerText": b["text"],
            "bannerLogo": asset_link(b["logo"]) if b.get("logo") else None,
            "bannerTextBox": richtext.document(b["textbox"]) if b.get("textbox") else None,
            "bannerBodyText": b.get("body"),
        }
        localised = {"bannerText": b["text_us"]} if b.get("text_us") else None
        banner = space.entry("pageBanner", f"banner-{slug}"[:64], banner_fields, created, localised)
        fields = {
            "title": page["title"],
            "slug": slug,
            "titleTag": page.get("title_tag"),
            "metaDescription": page.get("meta"),
            "canonical": None,
            "seoIndex": page["seo"],
            "addComponents": page["add"] or None,
            "pageBuilderProduct": page["products"] or None,
            "pageBanner": entry_link(banner),
            "contentSlices": slices,
        }
        space.entry("pageBuilder", f"page-{slug}"[:64], fields, created, edits=2)
