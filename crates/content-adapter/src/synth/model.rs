//! The content model of `content/MODEL.md` as Contentful content-type definitions, so a
//! synthesised export carries its `contentTypes` like a real one and can be imported.

use serde_json::{Value, json};

/// A field's Contentful type and validations.
enum Kind {
    Symbol,
    UniqueSymbol,
    Text,
    Integer,
    Boolean,
    Date,
    RichText,
    Asset,
    Entry(&'static [&'static str]),
    Entries(&'static [&'static str]),
    Symbols,
    OneOf(&'static [&'static str]),
    SomeOf(&'static [&'static str]),
}
use Kind::*;

const PRODUCTS: &[&str] = &["SPM", "eRFx", "SCM", "eAuction", "SSM", "SIM", "PIM"];

/// (content type id, name, display field, fields as (id, kind, required)).
type ContentType = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, Kind, bool)],
);

const MODEL: &[ContentType] = &[
    (
        "blogPost",
        "Blog post",
        "title",
        &[
            ("slug", UniqueSymbol, true),
            ("title", Symbol, true),
            ("titleTag", Symbol, false),
            ("metaDescription", Text, false),
            ("canonical", Symbol, false),
            ("description", Text, true),
            ("publishDate", Date, true),
            ("estimatedreadtime", Integer, false),
            ("heroImage", Asset, false),
            ("bodyRichtext", RichText, false),
            ("doesvideoexist", Boolean, false),
            ("blogVideoLink", Symbol, false),
            ("tags", Symbols, false),
            ("blogPostProduct", SomeOf(PRODUCTS), false),
            ("seoIndex", Boolean, true),
        ],
    ),
    (
        "casestudy",
        "Case study",
        "title",
        &[
            ("slug", UniqueSymbol, true),
            ("title", Symbol, true),
            ("organisation", Symbol, true),
            ("casestudyproduct", SomeOf(PRODUCTS), false),
            ("casestudyorderpriority", Integer, true),
            ("nameofquotedperson", Symbol, false),
            ("quotedpersonjobtitle", Symbol, false),
            ("calloutquote", Text, false),
            ("teaserheading", Symbol, false),
            ("extractforteaser", Text, false),
            ("logo", Asset, false),
            ("productlogo", Asset, false),
            ("mainimage", Asset, false),
            ("category", Symbol, false),
            ("location", Symbol, false),
            ("suppliers", Symbol, false),
            ("strategy", Symbol, false),
            ("industry", Symbol, false),
            ("backgrounder", RichText, false),
            ("challenge", RichText, false),
            ("solution", RichText, false),
            ("outcomes", RichText, false),
            ("thechallengeimage", Asset, false),
            ("thesolutionimage", Asset, false),
            ("theoutcomesimage", Asset, false),
            ("doesPdFexist", Boolean, false),
            ("downloadablePdf", Asset, false),
            ("seoIndex", Boolean, true),
            ("titleTag", Symbol, false),
            ("metaDescription", Text, false),
            ("canonical", Symbol, false),
        ],
    ),
    (
        "addOnFaqList",
        "FAQ list (add-on)",
        "addOnFaqListSlug",
        &[
            ("addOnFaqListSlug", Symbol, true),
            ("faqList", Entry(&["faqList"]), true),
        ],
    ),
    (
        "faqList",
        "FAQ list",
        "title",
        &[
            ("title", Symbol, true),
            ("faqItems", Entries(&["faqItem"]), false),
        ],
    ),
    (
        "faqItem",
        "FAQ item",
        "question",
        &[("question", Symbol, true), ("answerText", Text, true)],
    ),
    (
        "pageBuilder",
        "Page builder page",
        "title",
        &[
            ("title", Symbol, true),
            ("slug", UniqueSymbol, true),
            ("titleTag", Symbol, false),
            ("metaDescription", Text, false),
            ("canonical", Symbol, false),
            ("seoIndex", Boolean, true),
            (
                "addComponents",
                SomeOf(&[
                    "Product Cards Panel",
                    "Case Study Teaser",
                    "Insights (Blog) Teasers",
                ]),
                false,
            ),
            ("pageBuilderProduct", SomeOf(PRODUCTS), false),
            ("pageBanner", Entry(&["pageBanner"]), false),
            (
                "contentSlices",
                Entries(&["textAndMedia", "addOnFaqList", "dividerCta"]),
                false,
            ),
        ],
    ),
    (
        "pageBanner",
        "Page banner",
        "bannerText",
        &[
            ("bannerImage", Asset, false),
            ("bannerText", Symbol, false),
            ("bannerLogo", Asset, false),
            ("bannerTextBox", RichText, false),
            ("bannerBodyText", Text, false),
        ],
    ),
    (
        "textAndMedia",
        "Text and media slice",
        "textBlockTitle",
        &[
            ("sideImage", Asset, false),
            ("textBlockTitle", Symbol, false),
            ("textContent", RichText, false),
            (
                "textLayout",
                OneOf(&["Left Column", "Right Column", "Full Width"]),
                true,
            ),
            (
                "textJustification",
                OneOf(&[
                    "Fully Justified",
                    "Centre Justified",
                    "Right Justified",
                    "Left Justified",
                ]),
                true,
            ),
            ("button", Entry(&["button"]), false),
        ],
    ),
    (
        "dividerCta",
        "Divider call to action",
        "title",
        &[
            ("title", Symbol, false),
            ("text", Text, false),
            ("buttons", Entries(&["button"]), false),
        ],
    ),
    (
        "button",
        "Button",
        "buttonLabel",
        &[
            (
                "buttonAction",
                OneOf(&[
                    "View Video",
                    "Go To URL",
                    "Download Asset (Doc, Preso, Image)",
                ]),
                true,
            ),
            ("buttonActionUrl", Symbol, false),
            ("buttonActionAsset", Asset, false),
            ("buttonFill", Boolean, false),
            ("buttonInternalId", Symbol, false),
            ("buttonLabel", Symbol, true),
        ],
    ),
    (
        "aboutUsTimeline",
        "About-us timeline entry",
        "iconText",
        &[
            ("position", Integer, true),
            ("title", RichText, false),
            ("maincontent", RichText, false),
            ("imagealttext", Symbol, false),
            ("iconText", Symbol, false),
            ("image", Asset, false),
            ("imagehyperlink", Symbol, false),
            ("buttontext", Symbol, false),
            ("buttonlink", Symbol, false),
        ],
    ),
    (
        "richTextPage",
        "Rich-text page",
        "title",
        &[
            ("title", Symbol, true),
            ("image1", Asset, false),
            ("section1", RichText, false),
            ("section2", RichText, false),
            ("section3", RichText, false),
            ("section4", RichText, false),
            ("section5", RichText, false),
            ("image5", Asset, false),
        ],
    ),
    (
        "customerLogo",
        "Customer logo",
        "name",
        &[
            ("name", Symbol, true),
            ("logo", Asset, true),
            ("order", Integer, true),
        ],
    ),
    (
        "redirect",
        "Redirect",
        "from",
        &[
            ("from", UniqueSymbol, true),
            ("to", Symbol, true),
            ("permanent", Boolean, false),
        ],
    ),
];

/// Every content type as `contentful space export` writes it (`contentTypes`).
pub(super) fn content_types(space: &str, at: &str) -> Vec<Value> {
    MODEL
        .iter()
        .map(|(id, name, display, fields)| {
            json!({
                "sys": {
                    "space": {"sys": {"type": "Link", "linkType": "Space", "id": space}},
                    "id": id,
                    "type": "ContentType",
                    "createdAt": at,
                    "updatedAt": at,
                    "publishedVersion": 1,
                    "version": 2,
                },
                "displayField": display,
                "name": name,
                "description": "",
                "fields": fields.iter().map(|(fid, kind, required)| field(fid, kind, *required)).collect::<Vec<_>>(),
            })
        })
        .collect()
}

fn field(id: &str, kind: &Kind, required: bool) -> Value {
    let link_types = |types: &[&str]| json!([{ "linkContentType": types }]);
    let (ty, extra) = match kind {
        Symbol => ("Symbol", json!({"validations": []})),
        UniqueSymbol => ("Symbol", json!({"validations": [{"unique": true}]})),
        Text => ("Text", json!({"validations": []})),
        Integer => ("Integer", json!({"validations": []})),
        Boolean => ("Boolean", json!({"validations": []})),
        Date => ("Date", json!({"validations": []})),
        RichText => ("RichText", json!({"validations": []})),
        Asset => ("Link", json!({"linkType": "Asset", "validations": []})),
        Entry(types) => (
            "Link",
            json!({"linkType": "Entry", "validations": link_types(types)}),
        ),
        Entries(types) => (
            "Array",
            json!({"validations": [], "items": {"type": "Link", "linkType": "Entry", "validations": link_types(types)}}),
        ),
        Symbols => (
            "Array",
            json!({"validations": [], "items": {"type": "Symbol", "validations": []}}),
        ),
        OneOf(values) => ("Symbol", json!({"validations": [{"in": values}]})),
        SomeOf(values) => (
            "Array",
            json!({"validations": [], "items": {"type": "Symbol", "validations": [{"in": values}]}}),
        ),
    };
    let mut out = json!({
        "id": id,
        "name": id,
        "type": ty,
        "localized": false,
        "required": required,
        "disabled": false,
        "omitted": false,
    });
    if let (Value::Object(out), Value::Object(extra)) = (&mut out, extra) {
        out.extend(extra);
    }
    out
}
