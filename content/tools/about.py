"""Adds the about-us timeline, the privacy policy page and the customer logos to the space."""

from datetime import datetime, timedelta, timezone

import photo
import richtext
import svg
from copy_about import PRIVACY_SECTIONS, PRIVACY_TITLE, TIMELINE
from copy_media import CUSTOMERS, logo_id
from export import asset_link

TIMELINE_CREATED = datetime(2019, 3, 4, 0, 0, tzinfo=timezone.utc)
PRIVACY_CREATED = datetime(2019, 1, 28, 0, 0, tzinfo=timezone.utc)
LOGOS_CREATED = datetime(2019, 2, 11, 0, 0, tzinfo=timezone.utc)
# Timeline entries (by icon text) whose picture is a photograph or a cut-out with transparency;
# the others keep their drawn scenes.
PHOTOGRAPHS = {"2007"}
CUTOUTS = {"Today"}


def build(space):
    for position, icon_text, title, body, caption, image_link, button_text, button_link in TIMELINE:
        created = TIMELINE_CREATED + timedelta(hours=position)
        image = None
        if caption:
            asset_id = f"timeline-image-{icon_text.lower()}"
            palette = "teal" if position % 2 else "navy"
            if icon_text in PHOTOGRAPHS:
                data = photo.jpeg(asset_id, palette)
                image = space.photo(asset_id, caption, caption, data, (photo.WIDTH, photo.HEIGHT), created)
            elif icon_text in CUTOUTS:
                image = space.photo(asset_id, caption, caption, photo.cutout(asset_id, palette), photo.CUTOUT, created)
            else:
                image = space.svg(asset_id, caption, caption, svg.scene(asset_id, caption, palette), (800, 500), created)
        fields = {
            "position": position,
            "title": richtext.document(title),
            "maincontent": richtext.document(body),
            "imagealttext": caption,
            "iconText": icon_text,
            "image": asset_link(image) if image else None,
            "imagehyperlink": image_link,
            "buttontext": button_text,
            "buttonlink": button_link,
        }
        space.entry("aboutUsTimeline", f"timeline-{icon_text.lower()}", fields, created)

    image1 = space.svg("privacy-image-1", "Protecting your information", "A padlock over a document, representing how we protect personal information", svg.scene("privacy-1", "Protecting your information", "navy"), (800, 500), PRIVACY_CREATED)
    image5 = space.svg("privacy-image-5", "Talk to our Privacy Officer", "An envelope and a speech bubble, representing how to contact our Privacy Officer", svg.scene("privacy-5", "Talk to our Privacy Officer", "teal"), (800, 500), PRIVACY_CREATED)
    fields = {"title": PRIVACY_TITLE, "image1": asset_link(image1), "image5": asset_link(image5)}
    for n, section in enumerate(PRIVACY_SECTIONS, start=1):
        fields[f"section{n}"] = richtext.document(section)
    space.entry("richTextPage", "page-privacy-policy", fields, PRIVACY_CREATED, edits=3)

    for order, (name, _palette) in enumerate(CUSTOMERS, start=1):
        space.entry("customerLogo", f"customer-{logo_id(name)[5:]}", {"name": name, "logo": asset_link(logo_id(name)), "order": order}, LOGOS_CREATED + timedelta(minutes=order))
