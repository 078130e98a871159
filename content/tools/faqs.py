"""Adds FAQ lists, their items and the add-on entries that tie them to page paths."""

from datetime import datetime, timedelta, timezone

from copy_faqs import FAQS
from export import entry_link

FIRST_CREATED = datetime(2020, 2, 10, 0, 0, tzinfo=timezone.utc)


def faq_list(space, key, title, items, created):
    """Adds a `faqList` and its `faqItem`s; returns the list's id."""
    item_ids = []
    for n, (question, answer) in enumerate(items, start=1):
        localised = None
        if isinstance(answer, tuple):
            answer, localised = answer[0], {"answerText": answer[1]}
        item_ids.append(
            space.entry("faqItem", f"faq-{key}-{n}"[:64], {"question": question, "answerText": answer}, created, localised)
        )
    return space.entry(
        "faqList", f"faqlist-{key}"[:64], {"title": title, "faqItems": [entry_link(i) for i in item_ids]}, created
    )


def add_on(space, path, list_id, created):
    key = path.replace("/", "--")
    return space.entry(
        "addOnFaqList", f"faqaddon-{key}"[:64], {"addOnFaqListSlug": path, "faqList": entry_link(list_id)}, created
    )


def build(space):
    for n, (path, title, items) in enumerate(FAQS):
        created = FIRST_CREATED + timedelta(days=23 * n)
        key = path.replace("/", "--")
        add_on(space, path, faq_list(space, key, title, items, created), created)
