"""Adds the redirects: a renamed post, a renamed page, a retired campaign (temporary), an old
blog path that reaches the insights through another redirect (a chain the site answers in one
hop) and a path sent to another site."""

from datetime import datetime, timedelta, timezone

CREATED = datetime(2025, 6, 2, 0, 0, tzinfo=timezone.utc)

# (entry id, from, to, permanent; None leaves the field to its default, permanent)
REDIRECTS = [
    ("redirect-e-tendering-guide", "/insights/e-tendering-guide", "/insights/what-is-e-tendering", None),
    ("redirect-webinar-2024", "/page/procurement-webinar-2024", "/page/procurement-webinar-2025", True),
    ("redirect-spring-offer", "/spring-offer", "/contact-us", False),
    ("redirect-blog", "/blog", "/news", True),
    ("redirect-news", "/news", "/insights", True),
    ("redirect-careers", "/careers", "https://example.com/careers", True),
]


def build(space):
    for n, (entry_id, source, target, permanent) in enumerate(REDIRECTS):
        fields = {"from": source, "to": target}
        if permanent is not None:
            fields["permanent"] = permanent
        space.entry("redirect", entry_id, fields, CREATED + timedelta(hours=n))
