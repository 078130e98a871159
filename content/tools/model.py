"""The demo space's content model: Contentful content type definitions and editor interfaces.

Field ids, types and validations follow content/MODEL.md; the shapes are those of the
`contentTypes` and `editorInterfaces` arrays that `contentful space export` writes.
"""

PRODUCT_TAGS = ["SPM", "eRFx", "SCM", "eAuction", "SSM", "SIM", "PIM"]
TEXT_LAYOUTS = ["Left Column", "Right Column", "Full Width"]
TEXT_JUSTIFICATIONS = ["Fully Justified", "Centre Justified", "Right Justified", "Left Justified"]
BUTTON_ACTIONS = ["View Video", "Go To URL", "Download Asset (Doc, Preso, Image)"]
ADD_COMPONENTS = ["Product Cards Panel", "Case Study Teaser", "Insights (Blog) Teasers"]

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
PAGE_PATH_PATTERN = r"^[a-z0-9]+(?:[-/][a-z0-9]+)*$"
SITE_PATH_PATTERN = r"^/(?![/\\])[^\s?#]*$"
TARGET_PATTERN = r"^(?:/(?![/\\])|https://[^/\s?#]+)[^\s]*$"

RICH_NODE_TYPES = [
    "heading-1", "heading-2", "heading-3", "heading-4", "heading-5", "heading-6",
    "ordered-list", "unordered-list", "hr", "blockquote", "table",
    "embedded-entry-block", "embedded-asset-block", "embedded-entry-inline",
    "hyperlink", "entry-hyperlink", "asset-hyperlink",
]
RICH_MARKS = ["bold", "italic", "underline", "code", "superscript", "subscript", "strikethrough"]


def _field(fid, name, ftype, required=False, localized=False, validations=None, **extra):
    field = {
        "id": fid,
        "name": name,
        "type": ftype,
        "localized": localized,
        "required": required,
        "validations": validations or [],
        "disabled": False,
        "omitted": False,
    }
    field.update(extra)
    return field


def symbol(fid, name, required=False, localized=False, unique=False, pattern=None, choices=None, max_len=None):
    validations = []
    if unique:
        validations.append({"unique": True})
    if pattern:
        validations.append({"regexp": {"pattern": pattern, "flags": None}})
    if choices:
        validations.append({"in": list(choices)})
    if max_len:
        validations.append({"size": {"max": max_len}})
    return _field(fid, name, "Symbol", required, localized, validations)


def text(fid, name, required=False, localized=False, max_len=None):
    validations = [{"size": {"max": max_len}}] if max_len else []
    return _field(fid, name, "Text", required, localized, validations)


def integer(fid, name, required=False, lo=None, hi=None):
    validations = [{"range": {"min": lo, "max": hi}}] if lo is not None else []
    return _field(fid, name, "Integer", required, False, validations)


def boolean(fid, name, required=False):
    return _field(fid, name, "Boolean", required)


def date(fid, name, required=False):
    return _field(fid, name, "Date", required)


def asset(fid, name, required=False, group=None):
    validations = [{"linkMimetypeGroup": group}] if group else []
    return _field(fid, name, "Link", required, False, validations, linkType="Asset")


def entry(fid, name, types, required=False):
    return _field(fid, name, "Link", required, False, [{"linkContentType": list(types)}], linkType="Entry")


def entries(fid, name, types, max_items=None):
    validations = [{"size": {"max": max_items}}] if max_items else []
    items = {"type": "Link", "validations": [{"linkContentType": list(types)}], "linkType": "Entry"}
    return _field(fid, name, "Array", False, False, validations, items=items)


def symbols(fid, name, choices=None):
    items = {"type": "Symbol", "validations": [{"in": list(choices)}] if choices else []}
    return _field(fid, name, "Array", False, False, [], items=items)


def rich(fid, name, required=False, links=("blogPost", "casestudy", "pageBuilder")):
    """A rich-text field allowing every node type and mark the site renders."""
    validations = [
        {"enabledMarks": list(RICH_MARKS), "message": "Only the marks the site renders are allowed"},
        {"enabledNodeTypes": list(RICH_NODE_TYPES), "message": "Only the blocks the site renders are allowed"},
        {
            "nodes": {
                "entry-hyperlink": [{"linkContentType": list(links)}],
                "embedded-entry-block": [{"linkContentType": list(links)}],
                "embedded-entry-inline": [{"linkContentType": list(links)}],
            }
        },
    ]
    return _field(fid, name, "RichText", required, False, validations)


def seo_fields():
    return [
        symbol("titleTag", "Title tag", max_len=120),
        text("metaDescription", "Meta description", max_len=320),
        symbol("canonical", "Canonical URL"),
    ]


CONTENT_TYPES = [
    {
        "id": "blogPost",
        "name": "Blog post",
        "displayField": "title",
        "description": "An insight article, shown at /insights/{slug}.",
        "fields": [
            symbol("slug", "Slug", required=True, unique=True, pattern=SLUG_PATTERN),
            symbol("title", "Title", required=True, localized=True),
            *seo_fields(),
            text("description", "Description", required=True, localized=True, max_len=400),
            date("publishDate", "Publish date", required=True),
            integer("estimatedreadtime", "Estimated read time (minutes)", lo=1, hi=60),
            asset("heroImage", "Hero image", group=["image"]),
            rich("bodyRichtext", "Body"),
            boolean("doesvideoexist", "Does a video exist?"),
            symbol("blogVideoLink", "Blog video link"),
            symbols("tags", "Tags"),
            symbols("blogPostProduct", "Products", PRODUCT_TAGS),
            boolean("seoIndex", "Index in search engines", required=True),
        ],
    },
    {
        "id": "casestudy",
        "name": "Case study",
        "displayField": "title",
        "description": "A customer story, shown at /case-study/{slug}.",
        "fields": [
            symbol("slug", "Slug", required=True, unique=True, pattern=SLUG_PATTERN),
            symbol("title", "Title", required=True),
            symbol("organisation", "Organisation", required=True),
            symbols("casestudyproduct", "Products", PRODUCT_TAGS),
            integer("casestudyorderpriority", "Order priority (1 shows first)", required=True, lo=1, hi=999),
            symbol("nameofquotedperson", "Name of quoted person"),
            symbol("quotedpersonjobtitle", "Quoted person's job title"),
            text("calloutquote", "Call-out quote", max_len=600),
            symbol("teaserheading", "Teaser heading"),
            text("extractforteaser", "Extract for teaser", max_len=600),
            asset("logo", "Customer logo", group=["image"]),
            asset("productlogo", "Product logo", group=["image"]),
            asset("mainimage", "Main image", group=["image"]),
            symbol("category", "Category"),
            symbol("location", "Location"),
            symbol("suppliers", "Suppliers"),
            symbol("strategy", "Strategy"),
            symbol("industry", "Industry"),
            rich("backgrounder", "Background"),
            rich("challenge", "The challenge"),
            rich("solution", "The solution"),
            rich("outcomes", "The outcomes"),
            asset("thechallengeimage", "Challenge image", group=["image"]),
            asset("thesolutionimage", "Solution image", group=["image"]),
            asset("theoutcomesimage", "Outcomes image", group=["image"]),
            boolean("doesPdFexist", "Does a PDF exist?"),
            asset("downloadablePdf", "Downloadable PDF", group=["pdfdocument"]),
            boolean("seoIndex", "Index in search engines", required=True),
            *seo_fields(),
        ],
    },
    {
        "id": "addOnFaqList",
        "name": "FAQ list (add-on)",
        "displayField": "addOnFaqListSlug",
        "description": "Ties a FAQ list to a page path (no leading slash), or serves as a page-builder slice.",
        "fields": [
            symbol("addOnFaqListSlug", "Page path", required=True, pattern=PAGE_PATH_PATTERN),
            entry("faqList", "FAQ list", ["faqList"], required=True),
        ],
    },
    {
        "id": "faqList",
        "name": "FAQ list",
        "displayField": "title",
        "description": "A titled list of questions and answers.",
        "fields": [
            symbol("title", "Title", required=True),
            entries("faqItems", "FAQ items", ["faqItem"]),
        ],
    },
    {
        "id": "faqItem",
        "name": "FAQ item",
        "displayField": "question",
        "description": "One question and its answer.",
        "fields": [
            symbol("question", "Question", required=True),
            text("answerText", "Answer", required=True, localized=True),
        ],
    },
    {
        "id": "pageBuilder",
        "name": "Page builder page",
        "displayField": "title",
        "description": "A page assembled from slices, shown at /page/{slug}.",
        "fields": [
            symbol("title", "Title", required=True),
            symbol("slug", "Slug", required=True, unique=True, pattern=SLUG_PATTERN),
            *seo_fields(),
            boolean("seoIndex", "Index in search engines", required=True),
            symbols("addComponents", "Add components", ADD_COMPONENTS),
            symbols("pageBuilderProduct", "Products", PRODUCT_TAGS),
            entry("pageBanner", "Page banner", ["pageBanner"]),
            entries("contentSlices", "Content slices", ["textAndMedia", "addOnFaqList", "dividerCta"]),
        ],
    },
    {
        "id": "pageBanner",
        "name": "Page banner",
        "displayField": "bannerText",
        "description": "The banner at the top of a page-builder page.",
        "fields": [
            asset("bannerImage", "Banner image", group=["image"]),
            symbol("bannerText", "Banner text", localized=True),
            asset("bannerLogo", "Banner logo", group=["image"]),
            rich("bannerTextBox", "Banner text box"),
            text("bannerBodyText", "Banner body text", max_len=600),
        ],
    },
    {
        "id": "textAndMedia",
        "name": "Text and media slice",
        "displayField": "textBlockTitle",
        "description": "A block of rich text beside (or above) an image, with an optional button.",
        "fields": [
            asset("sideImage", "Side image", group=["image"]),
            symbol("textBlockTitle", "Text block title"),
            rich("textContent", "Text content"),
            symbol("textLayout", "Text layout", required=True, choices=TEXT_LAYOUTS),
            symbol("textJustification", "Text justification", required=True, choices=TEXT_JUSTIFICATIONS),
            entry("button", "Button", ["button"]),
        ],
    },
    {
        "id": "dividerCta",
        "name": "Divider call to action",
        "displayField": "title",
        "description": "A full-width call to action with buttons (the site shows at most 4).",
        "fields": [
            symbol("title", "Title"),
            text("text", "Text", max_len=600),
            entries("buttons", "Buttons", ["button"]),
        ],
    },
    {
        "id": "button",
        "name": "Button",
        "displayField": "buttonLabel",
        "description": "A button that plays a video, opens a URL or downloads an asset.",
        "fields": [
            symbol("buttonAction", "Button action", required=True, choices=BUTTON_ACTIONS),
            symbol("buttonActionUrl", "Button action URL"),
            asset("buttonActionAsset", "Button action asset", group=["pdfdocument", "image", "presentation"]),
            boolean("buttonFill", "Filled (off = outline)"),
            symbol("buttonInternalId", "Internal id"),
            symbol("buttonLabel", "Button label", required=True),
        ],
    },
    {
        "id": "aboutUsTimeline",
        "name": "About-us timeline entry",
        "displayField": "iconText",
        "description": "One milestone of the About Us timeline, ordered by position.",
        "fields": [
            integer("position", "Position", required=True, lo=1, hi=999),
            rich("title", "Title"),
            rich("maincontent", "Main content"),
            symbol("imagealttext", "Image alt text"),
            symbol("iconText", "Icon text"),
            asset("image", "Image", group=["image"]),
            symbol("imagehyperlink", "Image hyperlink"),
            symbol("buttontext", "Button text"),
            symbol("buttonlink", "Button link"),
        ],
    },
    {
        "id": "richTextPage",
        "name": "Rich-text page",
        "displayField": "title",
        "description": "A long-form page found by its title (the privacy policy).",
        "fields": [
            symbol("title", "Title", required=True, unique=True),
            asset("image1", "Image 1", group=["image"]),
            rich("section1", "Section 1"),
            rich("section2", "Section 2"),
            rich("section3", "Section 3"),
            rich("section4", "Section 4"),
            rich("section5", "Section 5"),
            asset("image5", "Image 5", group=["image"]),
        ],
    },
    {
        "id": "customerLogo",
        "name": "Customer logo",
        "displayField": "name",
        "description": "A customer's logo for the home page carousel.",
        "fields": [
            symbol("name", "Name", required=True),
            asset("logo", "Logo", required=True, group=["image"]),
            integer("order", "Order", required=True, lo=1, hi=999),
        ],
    },
    {
        "id": "redirect",
        "name": "Redirect",
        "displayField": "from",
        "description": "Sends visitors from a retired path of the site to a page or another site.",
        "fields": [
            symbol("from", "From (a site path: /old-page)", required=True, unique=True, pattern=SITE_PATH_PATTERN),
            symbol("to", "To (a site path or an https:// address)", required=True, pattern=TARGET_PATTERN),
            _field("permanent", "Permanent", "Boolean", False, False, None, defaultValue={"en-AU": True}),
        ],
    },
]


def widget_for(field):
    """The built-in editor widget Contentful picks for a field."""
    ftype = field["type"]
    has_in = any("in" in v for v in field["validations"])
    if field["id"] == "slug":
        return "slugEditor"
    if ftype == "Symbol":
        return "dropdown" if has_in else "singleLine"
    if ftype == "Array":
        items = field["items"]
        if items["type"] == "Link":
            return "entryLinksEditor"
        return "checkbox" if items["validations"] else "tagEditor"
    return {
        "Text": "multipleLine",
        "Integer": "numberEditor",
        "Boolean": "boolean",
        "Date": "datePicker",
        "RichText": "richTextEditor",
        "Link": "assetLinkEditor" if field.get("linkType") == "Asset" else "entryLinkEditor",
    }[ftype]


def editor_controls(content_type):
    controls = []
    for field in content_type["fields"]:
        control = {"fieldId": field["id"], "widgetId": widget_for(field), "widgetNamespace": "builtin"}
        if field["type"] == "Date":
            control["settings"] = {"format": "timeZ", "ampm": "24"}
        controls.append(control)
    return controls
