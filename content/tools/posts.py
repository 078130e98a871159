"""Adds the insight articles (content type `blogPost`) and their hero photographs to the space."""

from datetime import datetime, timedelta

import photo
import richtext
from copy_posts_a import POSTS as POSTS_A
from copy_posts_b import POSTS as POSTS_B

POSTS = POSTS_A + POSTS_B


def post_id(slug):
    return f"post-{slug}"


def _moment(iso):
    return datetime.fromisoformat(iso)


def build(space):
    for post in POSTS:
        published = post.get("published", True)
        day = _moment(post["date"])
        created = day - timedelta(days=3, hours=2)
        hero = None
        if post.get("hero", True):
            asset_id = f"hero-{post['slug']}"[:64]
            hero = space.photo(
                asset_id,
                post["title"],
                f"Photograph for the article: {post['title']}",
                photo.jpeg(asset_id, post["palette"]),
                (photo.WIDTH, photo.HEIGHT),
                created,
            )
        fields = {
            "slug": post["slug"],
            "title": post["title"],
            "titleTag": post.get("title_tag"),
            "metaDescription": post.get("meta"),
            "canonical": post.get("canonical"),
            "description": post["description"],
            "publishDate": post["date"],
            "estimatedreadtime": post.get("read"),
            "heroImage": {"sys": {"type": "Link", "linkType": "Asset", "id": hero}} if hero else None,
            "bodyRichtext": richtext.document(post["body"]),
            "doesvideoexist": bool(post.get("video")),
            "blogVideoLink": post.get("video"),
            "tags": post.get("tags") or None,
            "blogPostProduct": post.get("products") or None,
            "seoIndex": post.get("seo", True),
        }
        localised = {}
        if post.get("title_us"):
            localised["title"] = post["title_us"]
        if post.get("description_us"):
            localised["description"] = post["description_us"]
        # Older posts were edited after publishing (typos, links), so their counters differ.
        edits = 2 if day.year < 2022 else 1
        space.entry("blogPost", post_id(post["slug"]), fields, created, localised, edits, published)
