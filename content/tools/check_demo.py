#!/usr/bin/env python3
"""Validates a Contentful space export and the demo space's coverage promises.

Usage: python3 content/tools/check_demo.py [EXPORT_JSON]   (default: content/demo/export.json)

Checks that every link resolves to a published record, every required field is present, every
field value fits its type and validations (`in`, `unique`, `size`, `range`, `regexp`,
`linkContentType`, `linkMimetypeGroup`, rich-text node types, marks and link targets), that asset
files exist beside the export with the recorded size and dimensions (read from SVG, PNG and JPEG
headers), and that the demo holds what the site needs to show every rule (see `coverage`),
among them camera-sized photographs of every kind and PNG cut-outs with transparency. Prints counts and every problem; exits 1 on
any problem.
"""

import json
import re
import struct
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ALWAYS_ALLOWED_NODES = {"document", "paragraph", "text", "list-item", "table-row", "table-cell", "table-header-cell"}
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$")
MIME_GROUPS = {
    "image": lambda t: t.startswith("image/"),
    "pdfdocument": lambda t: t == "application/pdf",
    "presentation": lambda t: "presentation" in t or "powerpoint" in t,
}


# Image types a server can resize and re-encode (an SVG or a GIF is served as it is).
RESIZABLE = {"image/jpeg", "image/png", "image/webp", "image/avif"}
# The demo's photographs are git-ignored and made at build time (`make demo-photos`).
PHOTO_SUFFIXES = (".jpg", ".png")
# A camera-sized photograph: every width of the site's rendition list (up to 2048) exists.
CAMERA_WIDTH = 2048
# How many photographs of each kind the demo holds at least.
MIN_PHOTOS = {"insight hero": 20, "case-study banner": 7, "case-study story picture": 21, "page-builder banner": 5}
MIN_CUTOUTS = 3


def raster_size(data):
    """(width, height, has_alpha) from a PNG's header or a JPEG's start-of-frame; None if neither."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        idat = data.find(b"IDAT")
        alpha = data[25] in (4, 6) or b"tRNS" in data[: idat if idat > 0 else len(data)]
        return width, height, alpha
    if data[:2] != b"\xff\xd8":
        return None
    i = 2
    while i + 4 <= len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xFF:
            i += 1
            continue
        if marker == 0x01 or 0xD0 <= marker <= 0xD8:
            i += 2
            continue
        (length,) = struct.unpack(">H", data[i + 2 : i + 4])
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[i + 5 : i + 9])
            return width, height, False
        i += 2 + length
    return None


class Checker:
    def __init__(self, path, data=None):
        """Checks the export at `path`; `data`, when given, replaces the file's content (for tests)."""
        self.path = Path(path)
        self.root = self.path.parent
        self.data = data if data is not None else json.loads(self.path.read_text(encoding="utf-8"))
        self.problems = []
        self.types = {ct["sys"]["id"]: ct for ct in self.data.get("contentTypes", [])}
        self.entries = {e["sys"]["id"]: e for e in self.data.get("entries", [])}
        self.assets = {a["sys"]["id"]: a for a in self.data.get("assets", [])}
        defaults = [loc for loc in self.data.get("locales", []) if loc.get("default")]
        self.locale = defaults[0]["code"] if len(defaults) == 1 else None
        self.locales = {loc["code"]: loc for loc in self.data.get("locales", [])}

    def problem(self, where, message):
        self.problems.append(f"{where}: {message}")

    # --- helpers -------------------------------------------------------------------------

    @staticmethod
    def published(record):
        return "publishedVersion" in record["sys"]

    def value(self, record, field, locale=None):
        """A field's value in `locale`, following the locale fallback chain."""
        code = locale or self.locale
        values = record.get("fields", {}).get(field, {})
        seen = set()
        while code and code not in seen:
            if code in values:
                return values[code]
            seen.add(code)
            code = self.locales.get(code, {}).get("fallbackCode")
        return None

    def ctype(self, entry):
        return entry["sys"]["contentType"]["sys"]["id"]

    def published_entries(self, ctype):
        return [e for e in self.entries.values() if self.ctype(e) == ctype and self.published(e)]

    # --- structure -----------------------------------------------------------------------

    def check_top_level(self):
        for key in ["contentTypes", "editorInterfaces", "entries", "assets", "locales", "tags", "webhooks", "roles"]:
            if key not in self.data:
                self.problem("export", f"missing top-level key {key}")
        if not self.locale:
            self.problem("locales", "expected exactly one default locale")
        for code, loc in self.locales.items():
            fallback = loc.get("fallbackCode")
            if fallback and fallback not in self.locales:
                self.problem(f"locale {code}", f"fallback {fallback} is not a locale of the space")
        for ct_id, ct in self.types.items():
            ids = [f["id"] for f in ct["fields"]]
            if ct.get("displayField") not in ids:
                self.problem(f"content type {ct_id}", f"display field {ct.get('displayField')} is not a field")
            if len(ids) != len(set(ids)):
                self.problem(f"content type {ct_id}", "duplicate field ids")
        interfaces = {ei["sys"]["contentType"]["sys"]["id"] for ei in self.data.get("editorInterfaces", [])}
        for ct_id in self.types:
            if ct_id not in interfaces:
                self.problem(f"content type {ct_id}", "no editor interface")

    def check_link(self, where, link, expected_type, validations):
        sys_ = link.get("sys", {}) if isinstance(link, dict) else {}
        if sys_.get("type") != "Link" or sys_.get("linkType") != expected_type:
            self.problem(where, f"expected a link to an {expected_type}, found {json.dumps(link)[:80]}")
            return
        target_id = sys_.get("id")
        table = self.entries if expected_type == "Entry" else self.assets
        target = table.get(target_id)
        if target is None:
            self.problem(where, f"links to missing {expected_type.lower()} {target_id}")
            return
        if not self.published(target):
            self.problem(where, f"links to unpublished {expected_type.lower()} {target_id}")
        for v in validations:
            if "linkContentType" in v and expected_type == "Entry" and self.ctype(target) not in v["linkContentType"]:
                self.problem(where, f"links to {target_id} of type {self.ctype(target)}, allowed {v['linkContentType']}")
            if "linkMimetypeGroup" in v and expected_type == "Asset":
                mime = (self.value(target, "file") or {}).get("contentType", "")
                if not any(MIME_GROUPS.get(g, lambda t: False)(mime) for g in v["linkMimetypeGroup"]):
                    self.problem(where, f"links to asset {target_id} of type {mime}, allowed {v['linkMimetypeGroup']}")

    def check_scalar(self, where, ftype, value, validations):
        ok = {
            "Symbol": isinstance(value, str) and len(value) <= 256,
            "Text": isinstance(value, str) and len(value) <= 50000,
            "Integer": isinstance(value, int) and not isinstance(value, bool),
            "Number": isinstance(value, (int, float)) and not isinstance(value, bool),
            "Boolean": isinstance(value, bool),
            "Date": isinstance(value, str) and bool(DATE_RE.match(value)),
            "Object": isinstance(value, (dict, list)),
        }.get(ftype, True)
        if not ok:
            self.problem(where, f"value {json.dumps(value)[:60]} is not a valid {ftype}")
            return
        for v in validations:
            if "in" in v and value not in v["in"]:
                self.problem(where, f"value {value!r} is not one of {v['in']}")
            if "size" in v and isinstance(value, str):
                self.check_size(where, len(value), v["size"], "characters")
            if "range" in v:
                lo, hi = v["range"].get("min"), v["range"].get("max")
                if (lo is not None and value < lo) or (hi is not None and value > hi):
                    self.problem(where, f"value {value} is outside {lo}..{hi}")
            if "regexp" in v and not re.search(v["regexp"]["pattern"], value):
                self.problem(where, f"value {value!r} does not match {v['regexp']['pattern']}")

    def check_size(self, where, n, size, unit):
        lo, hi = size.get("min"), size.get("max")
        if (lo is not None and n < lo) or (hi is not None and n > hi):
            self.problem(where, f"{n} {unit}, allowed {lo}..{hi}")

    def check_rich(self, where, doc, validations):
        if not isinstance(doc, dict) or doc.get("nodeType") != "document":
            self.problem(where, "rich text root is not a document")
            return
        enabled_nodes, enabled_marks, node_rules = None, None, {}
        for v in validations:
            enabled_nodes = set(v["enabledNodeTypes"]) if "enabledNodeTypes" in v else enabled_nodes
            enabled_marks = set(v["enabledMarks"]) if "enabledMarks" in v else enabled_marks
            node_rules = v.get("nodes", node_rules)
        stack = [doc]
        while stack:
            node = stack.pop()
            kind = node.get("nodeType")
            if kind is None or "data" not in node:
                self.problem(where, f"rich-text node without nodeType or data: {json.dumps(node)[:80]}")
                continue
            if enabled_nodes is not None and kind not in enabled_nodes and kind not in ALWAYS_ALLOWED_NODES:
                self.problem(where, f"rich-text node type {kind} is not enabled")
            if kind == "text":
                if not isinstance(node.get("value"), str):
                    self.problem(where, "text node without a string value")
                for mark in node.get("marks", []):
                    if enabled_marks is not None and mark.get("type") not in enabled_marks:
                        self.problem(where, f"mark {mark.get('type')} is not enabled")
                continue
            if not isinstance(node.get("content"), list):
                self.problem(where, f"{kind} node without a content list")
                continue
            target = node["data"].get("target")
            if kind in ("entry-hyperlink", "embedded-entry-block", "embedded-entry-inline"):
                self.check_link(f"{where} ({kind})", target, "Entry", node_rules.get(kind, []))
            elif kind in ("asset-hyperlink", "embedded-asset-block"):
                self.check_link(f"{where} ({kind})", target, "Asset", node_rules.get(kind, []))
            elif kind == "hyperlink" and not node["data"].get("uri"):
                self.problem(where, "hyperlink without a uri")
            stack.extend(node["content"])

    def check_value(self, where, field, value):
        ftype = field["type"]
        validations = field.get("validations", [])
        if ftype == "Link":
            self.check_link(where, value, field["linkType"], validations)
        elif ftype == "RichText":
            self.check_rich(where, value, validations)
        elif ftype == "Array":
            if not isinstance(value, list):
                self.problem(where, "expected an array")
                return
            for v in validations:
                if "size" in v:
                    self.check_size(where, len(value), v["size"], "items")
            items = field["items"]
            for n, item in enumerate(value):
                if items["type"] == "Link":
                    self.check_link(f"{where}[{n}]", item, items["linkType"], items.get("validations", []))
                else:
                    self.check_scalar(f"{where}[{n}]", items["type"], item, items.get("validations", []))
        else:
            self.check_scalar(where, ftype, value, validations)

    def check_entries(self):
        unique = defaultdict(list)
        for entry_id, entry in self.entries.items():
            sys_ = entry["sys"]
            ct_id = sys_.get("contentType", {}).get("sys", {}).get("id")
            ct = self.types.get(ct_id)
            where = f"entry {entry_id} ({ct_id})"
            if ct is None:
                self.problem(where, "unknown content type")
                continue
            if self.published(entry) and sys_.get("version") != sys_["publishedVersion"] + 1:
                # Not an error in Contentful (it means 'changed since publishing'), but the demo never has one.
                self.problem(where, "version is not publishedVersion + 1")
            fields = {f["id"]: f for f in ct["fields"]}
            for field_id, by_locale in entry.get("fields", {}).items():
                field = fields.get(field_id)
                if field is None:
                    self.problem(where, f"field {field_id} is not in the content type")
                    continue
                for code, value in by_locale.items():
                    if code not in self.locales:
                        self.problem(f"{where}.{field_id}", f"unknown locale {code}")
                    elif code != self.locale and not field["localized"]:
                        self.problem(f"{where}.{field_id}", f"has a {code} value but is not localised")
                    self.check_value(f"{where}.{field_id}[{code}]", field, value)
            if not self.published(entry):
                continue
            for field in ct["fields"]:
                value = self.value(entry, field["id"])
                if field["required"] and value in (None, "", []):
                    self.problem(where, f"required field {field['id']} is missing")
                if value is not None and any(v.get("unique") for v in field.get("validations", [])):
                    unique[(ct_id, field["id"], json.dumps(value))].append(entry_id)
        for (ct_id, field_id, value), ids in unique.items():
            if len(ids) > 1:
                self.problem(f"{ct_id}.{field_id}", f"value {value} is not unique: {', '.join(ids)}")

    def check_assets(self):
        for asset_id, asset in self.assets.items():
            where = f"asset {asset_id}"
            file = self.value(asset, "file")
            if not file:
                self.problem(where, "no file")
                continue
            if not (self.value(asset, "description") or "").strip():
                self.problem(where, "no description (alt text)")
            url = file.get("url", "")
            m = re.match(r"^//([a-z.]+)/([^/]+)/([^/]+)/([0-9a-f]{32})/([^/]+)$", url)
            if not m or m.group(3) != asset_id or m.group(5) != file.get("fileName"):
                self.problem(where, f"url {url} is not //host/space/{asset_id}/token/fileName")
                continue
            path = self.root / url[2:]
            if not path.is_file():
                self.problem(where, f"file {path} is missing")
                continue
            data = path.read_bytes()
            if len(data) != file.get("details", {}).get("size"):
                self.problem(where, f"details.size {file.get('details', {}).get('size')} but the file has {len(data)} bytes")
            mime = file.get("contentType", "")
            if mime.startswith("image/"):
                image = file.get("details", {}).get("image", {})
                if not image.get("width") or not image.get("height"):
                    self.problem(where, "image without width and height")
                if mime in ("image/jpeg", "image/png"):
                    dims = raster_size(data)
                    expected_kind = b"\x89PNG" if mime == "image/png" else b"\xff\xd8"
                    if dims is None or not data.startswith(expected_kind):
                        self.problem(where, f"file is not a {mime} picture")
                    elif dims[:2] != (image.get("width"), image.get("height")):
                        self.problem(where, f"the picture is {dims[0]}x{dims[1]} but details.image says {image.get('width')}x{image.get('height')}")
                if mime == "image/svg+xml":
                    dims = re.search(rb'<svg[^>]* width="(\d+)" height="(\d+)"', data)
                    if not dims or (int(dims.group(1)), int(dims.group(2))) != (image.get("width"), image.get("height")):
                        self.problem(where, "svg width and height differ from details.image")
            if mime == "application/pdf":
                self.check_pdf(where, path, data)

    def check_pdf(self, where, path, data):
        if not data.startswith(b"%PDF-") or not data.rstrip().endswith(b"%%EOF"):
            self.problem(where, "not a complete PDF file")
            return
        start = int(data.rsplit(b"startxref", 1)[1].split()[0])
        if not data[start:].startswith(b"xref"):
            self.problem(where, "startxref does not point at the xref table")
            return
        rows = data[start:].split(b"\n")[3:]
        for n, row in enumerate(rows, start=1):
            if not row.endswith(b" n "):
                break
            offset = int(row[:10])
            if not data[offset:].startswith(f"{n} 0 obj".encode()):
                self.problem(where, f"xref entry for object {n} points to offset {offset}, not to the object")
        try:
            kind = subprocess.run(["file", "-b", str(path)], capture_output=True, text=True, check=False).stdout
        except FileNotFoundError:
            return
        if "PDF document" not in kind:
            self.problem(where, f"`file` reports {kind.strip()!r}, not a PDF document")

    # --- what the demo promises ----------------------------------------------------------

    def coverage(self):
        """The demo's content must exercise every rule of the site (see content/MODEL.md)."""
        req = []

        def need(ok, message):
            if not ok:
                req.append(message)

        v = self.value
        posts = self.published_entries("blogPost")
        need(len(posts) >= 24, f"only {len(posts)} published blog posts (need 24)")
        products = Counter(p for e in posts for p in (v(e, "blogPostProduct") or []))
        for tag in ["SPM", "eRFx", "SCM", "eAuction", "SSM", "SIM", "PIM"]:
            need(products[tag] > 0, f"no blog post tagged {tag}")
        need(1 <= products["SSM"] <= 2, f"{products['SSM']} posts tagged SSM (need 1 or 2 so the top-up shows)")
        need(sum(len(v(e, "blogPostProduct") or []) > 1 for e in posts) >= 3, "fewer than 3 posts with several products")
        need(sum(not v(e, "blogPostProduct") for e in posts) >= 2, "fewer than 2 posts without a product")
        need(sum(v(e, "estimatedreadtime") is None for e in posts) >= 2, "fewer than 2 posts without a read time")
        need(len({v(e, "estimatedreadtime") for e in posts}) >= 4, "read times are not varied")
        videos = [e for e in posts if v(e, "doesvideoexist")]
        need(3 <= len(videos) <= 4, f"{len(videos)} posts flag a video (need 3 or 4)")
        need(all(v(e, "blogVideoLink") for e in videos), "a post flags a video without a link")
        noindex = sum(v(e, "seoIndex") is False for e in posts)
        need(2 <= noindex <= 3, f"{noindex} posts are not indexable (need 2 or 3)")
        days = Counter(v(e, "publishDate")[:10] for e in posts)
        need(max(days.values()) >= 2, "no two posts share a publish date")
        years = {int(v(e, "publishDate")[:4]) for e in posts}
        need(min(years) <= 2019 and max(years) >= 2026, f"publish years {sorted(years)} do not span 2019 to 2026")
        need(any(not self.published(e) for e in self.entries.values() if self.ctype(e) == "blogPost"), "no draft blog post")
        used_nodes, used_marks = set(), set()
        for e in posts:
            body = v(e, "bodyRichtext")
            n_words = words(body) if body else 0
            need(300 <= n_words <= 900, f"post {e['sys']['id']} body has {n_words} words (need 300 to 900)")
            for node in walk(body or {}):
                used_nodes.add(node.get("nodeType"))
                used_marks.update(m["type"] for m in node.get("marks", []))
        all_nodes = {f"heading-{n}" for n in range(1, 7)} | {
            "paragraph", "ordered-list", "unordered-list", "list-item", "blockquote", "hr", "table", "table-row",
            "table-cell", "table-header-cell", "hyperlink", "entry-hyperlink", "asset-hyperlink",
            "embedded-asset-block", "embedded-entry-block", "embedded-entry-inline",
        }
        need(not all_nodes - used_nodes, f"post bodies never use {sorted(all_nodes - used_nodes)}")
        all_marks = {"bold", "italic", "underline", "code", "superscript", "subscript", "strikethrough"}
        need(not all_marks - used_marks, f"post bodies never use marks {sorted(all_marks - used_marks)}")
        need(any(n.get("nodeType") in ("ordered-list", "unordered-list") and any(
            c.get("nodeType") in ("ordered-list", "unordered-list") for item in n["content"] for c in item["content"])
            for e in posts for n in walk(v(e, "bodyRichtext") or {})), "no nested list in a post body")

        cases = self.published_entries("casestudy")
        need(len(cases) >= 6, f"only {len(cases)} case studies (need 6)")
        slugs = {v(e, "slug") for e in cases}
        need("manage-contractor-compliance" in slugs, "no case study manage-contractor-compliance")
        case_products = Counter(p for e in cases for p in (v(e, "casestudyproduct") or []))
        need(case_products["SSM"] == 0, "a case study is tagged SSM (the eRFx fall-back would not show)")
        need(case_products["PIM"] == 0, "a case study is tagged PIM (no product would be without one)")
        need(case_products["eRFx"] > 0, "no case study tagged eRFx for the sourcing fall-back")
        need(sum(bool(v(e, "doesPdFexist")) and v(e, "downloadablePdf") is not None for e in cases) >= 2, "fewer than 2 case studies with a PDF")
        # The shipped demo audits clean of errors; the audit's planted defects live in fixtures.
        need(not any(v(e, "doesPdFexist") and v(e, "downloadablePdf") is None for e in cases), "a case study flags a PDF it lacks")
        need(any(v(e, "seoIndex") is False for e in cases), "no case study is non-indexable")
        need(len({v(e, "casestudyorderpriority") for e in cases}) == len(cases), "case study priorities are not distinct")

        faq_paths = {v(e, "addOnFaqListSlug"): e for e in self.published_entries("addOnFaqList")}
        wanted = ["etender", "reverse-auction-eauction", "sourcing-management", "supplier-information-management",
                  "contract-management", "supplier-performance-management", "product-information-management",
                  "food-industry-software", "supplier-management-platform", "case-study/manage-contractor-compliance"]
        for path in wanted:
            need(path in faq_paths, f"no FAQ list for {path}")
        post_slugs = {v(e, "slug") for e in posts}
        insight_faqs = [p for p in faq_paths if p.startswith("insights/") and p[9:] in post_slugs]
        need(len(insight_faqs) >= 3, f"only {len(insight_faqs)} FAQ lists for insights (need 3)")
        for path in wanted + insight_faqs:
            if path in faq_paths:
                items = v(self.entries[v(faq_paths[path], "faqList")["sys"]["id"]], "faqItems") or []
                need(3 <= len(items) <= 8, f"FAQ list for {path} has {len(items)} items (need 3 to 8)")

        pages = self.published_entries("pageBuilder")
        need(len(pages) >= 4, f"only {len(pages)} page-builder pages (need 4)")
        need(any(v(e, "seoIndex") is False for e in pages), "no non-indexable page")
        comps = {c for e in pages for c in (v(e, "addComponents") or [])}
        need(len(comps) == 3, f"addComponents used: {sorted(comps)}")
        slices = [self.entries[s["sys"]["id"]] for e in pages for s in (v(e, "contentSlices") or [])]
        need({self.ctype(s) for s in slices} == {"textAndMedia", "addOnFaqList", "dividerCta"}, "not every slice kind is used")
        need(any(len(v(e, "contentSlices") or []) > 12 for e in pages), "no page with more than 12 slices")
        need(any(len(v(self.entries[v(s, "faqList")["sys"]["id"]], "faqItems") or []) > 8 for s in slices if self.ctype(s) == "addOnFaqList"), "no FAQ slice with more than 8 items")
        need(any(len(v(s, "buttons") or []) > 4 for s in slices if self.ctype(s) == "dividerCta"), "no divider with more than 4 buttons")
        text_slices = [s for s in slices if self.ctype(s) == "textAndMedia"]
        need({v(s, "textLayout") for s in text_slices} == {"Left Column", "Right Column", "Full Width"}, "not every text layout is used")
        need(len({v(s, "textJustification") for s in text_slices}) == 4, "not every justification is used")
        buttons = self.published_entries("button")
        actions = {v(b, "buttonAction") for b in buttons}
        need(len(actions) == 3, f"button actions used: {sorted(actions)}")
        urls = [v(b, "buttonActionUrl") or "" for b in buttons if v(b, "buttonAction") == "Go To URL"]
        need(any(u.startswith("/") for u in urls) and any(u.startswith("http") for u in urls), "Go To URL lacks an internal or an external URL")
        need(all(v(b, "buttonActionUrl") for b in buttons if v(b, "buttonAction") == "View Video"), "a View Video button has no URL")
        downloads = [v(b, "buttonActionAsset") for b in buttons if v(b, "buttonAction").startswith("Download")]
        mimes = {(v(self.assets[d["sys"]["id"]], "file") or {}).get("contentType") for d in downloads if d}
        need("application/pdf" in mimes and any(m and m.startswith("image/") for m in mimes), "downloads lack a PDF or an image")
        need({v(b, "buttonFill") for b in buttons} == {True, False}, "not both filled and outline buttons")
        banners = [self.entries[v(e, "pageBanner")["sys"]["id"]] for e in pages if v(e, "pageBanner")]
        for f in ["bannerImage", "bannerText", "bannerLogo", "bannerTextBox", "bannerBodyText"]:
            need(any(v(b, f) for b in banners), f"no banner has {f}")

        timeline = self.published_entries("aboutUsTimeline")
        need(len(timeline) >= 8, f"only {len(timeline)} timeline entries (need 8)")
        need(any(v(e, "image") for e in timeline) and any(not v(e, "image") for e in timeline), "timeline lacks entries with and without images")
        need(any(v(e, "imagehyperlink") for e in timeline), "no timeline image hyperlink")
        need(any(v(e, "buttontext") and v(e, "buttonlink") for e in timeline), "no timeline button")
        privacy = [e for e in self.published_entries("richTextPage") if v(e, "title") == "Privacy Policy"]
        need(len(privacy) == 1, "need exactly one rich-text page titled Privacy Policy")
        if privacy:
            need(all(v(privacy[0], f"section{n}") for n in range(1, 6)), "the privacy page lacks a section")
            need(v(privacy[0], "image1") and v(privacy[0], "image5"), "the privacy page lacks its two images")
        need(len(self.published_entries("customerLogo")) == 12, "need 12 customer logos")
        redirects = self.published_entries("redirect")
        need(len(redirects) >= 4, f"only {len(redirects)} redirects (need 4)")
        need(any(v(e, "permanent") is False for e in redirects), "no temporary redirect")
        need(any(v(e, "permanent") is None for e in redirects), "no redirect left to the default (permanent)")
        need(any(v(e, "to").startswith("https://") for e in redirects), "no redirect to another site")
        sources = {v(e, "from") for e in redirects}
        need(any(v(e, "to") in sources for e in redirects), "no chain of redirects")
        for segment in ["etender", "reverse-auction-eauction", "sourcing-management", "supplier-information-management",
                        "contract-management", "supplier-performance-management", "product-information-management",
                        "food-industry-software"]:
            need(f"factsheet-{segment}" in self.assets, f"no asset factsheet-{segment}")
        need(any(self.value(e, f, "en-US") != self.value(e, f) for e in self.entries.values() for f in e["fields"]),
             "no field has an en-US value that differs from en-AU")
        need_photos(self, posts, cases, pages, need)
        # What is committed stays small; the photographs are made at build time.
        total = sum(p.stat().st_size for p in self.root.rglob("*") if p.is_file() and p.suffix not in PHOTO_SUFFIXES)
        need(total < 3_000_000, f"the demo is {total} bytes without its photographs (keep it under 3 MB)")
        for message in req:
            self.problem("coverage", message)

    def run(self, coverage=True):
        self.check_top_level()
        self.check_entries()
        self.check_assets()
        if coverage:
            self.coverage()
        return self.problems


def need_photos(checker, posts, cases, pages, need):
    """Photographs of every kind, and every template's hero or banner a resizable raster picture."""
    v = checker.value

    def file_of(link):
        asset = checker.assets.get(link["sys"]["id"]) if link else None
        return (v(asset, "file") or {}) if asset else {}

    def camera_sized(file):
        image = file.get("details", {}).get("image", {})
        return file.get("contentType") in RESIZABLE and image.get("width", 0) >= CAMERA_WIDTH

    banners = [checker.entries[v(e, "pageBanner")["sys"]["id"]] for e in pages if v(e, "pageBanner")]
    kinds = {
        "insight hero": [(e, "heroImage") for e in posts],
        "case-study banner": [(e, "mainimage") for e in cases],
        "case-study story picture": [(e, f) for e in cases for f in ("thechallengeimage", "thesolutionimage", "theoutcomesimage")],
        "page-builder banner": [(b, "bannerImage") for b in banners],
    }
    for kind, fields in kinds.items():
        photos = sum(camera_sized(file_of(v(e, f))) for e, f in fields)
        need(photos >= MIN_PHOTOS[kind], f"{photos} camera-sized photographs as {kind} (need {MIN_PHOTOS[kind]})")
    for kind in ("insight hero", "case-study banner", "page-builder banner"):
        for e, f in kinds[kind]:
            mime = file_of(v(e, f)).get("contentType")
            need(mime is None or mime in RESIZABLE, f"{e['sys']['id']}.{f} is {mime}, not a resizable raster picture")
    cutouts = 0
    for asset in checker.assets.values():
        file = v(asset, "file") or {}
        path = checker.root / file.get("url", "")[2:]
        if file.get("contentType") == "image/png" and path.is_file():
            dims = raster_size(path.read_bytes()[:65536])
            cutouts += bool(dims and dims[2])
    need(cutouts >= MIN_CUTOUTS, f"{cutouts} PNG pictures with transparency (need {MIN_CUTOUTS})")


def walk(node):
    yield node
    for child in node.get("content", []):
        yield from walk(child)


def words(node):
    if node.get("nodeType") == "text":
        return len(node["value"].split())
    return sum(words(child) for child in node.get("content", []))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    default = Path(__file__).resolve().parent.parent / "demo" / "export.json"
    checker = Checker(args[0] if args else default)
    problems = checker.run(coverage="--no-coverage" not in sys.argv)
    counts = Counter(checker.ctype(e) for e in checker.entries.values())
    drafts = sum(not checker.published(e) for e in checker.entries.values())
    for ct_id in checker.types:
        print(f"{ct_id:16} {counts.get(ct_id, 0):4}")
    print(f"{'(assets)':16} {len(checker.assets):4}")
    print(f"{'(drafts)':16} {drafts:4}")
    for p in problems:
        print(f"problem: {p}")
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
