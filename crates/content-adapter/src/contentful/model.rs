//! The content model as the live adapter reads it (content/MODEL.md): every content type the
//! site shows, except the privacy page's, which comes through the entries API (docs/behaviour.md §7).
//! Queries, page sizes and the mapping back to export form are all derived from this table.

/// How a field is stored, which decides how it is selected and mapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Symbol, Text, Integer, Boolean, Date or Array<Symbol>: a plain JSON value.
    Value,
    RichText,
    /// Link<Asset>.
    Asset,
    /// Link<Entry> restricted to one content type.
    Entry,
    /// Array<Link<Entry>> restricted to one content type.
    Entries,
    /// Array<Link<Entry>> allowed to hold several content types (a union in GraphQL).
    MixedEntries,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Field {
    pub id: &'static str,
    pub kind: Kind,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct ContentType {
    pub id: &'static str,
    pub fields: &'static [Field],
}

/// The content type id of rich-text pages (the privacy page), read over the entries API.
pub(crate) const RICH_TEXT_PAGE: &str = "richTextPage";

/// The title that marks the privacy page (docs/behaviour.md §2 Privacy; the export reader keeps the same).
pub(crate) const PRIVACY_TITLE: &str = "Privacy Policy";

/// How many links an `Array<Link>` field is read with in one go. Contentful's default; a field
/// holding more is reported, never silently cut.
pub(crate) const NESTED_LIMIT: u32 = 100;

const fn v(id: &'static str) -> Field {
    Field {
        id,
        kind: Kind::Value,
    }
}

const fn f(id: &'static str, kind: Kind) -> Field {
    Field { id, kind }
}

use Kind::{Asset, Entries, Entry, MixedEntries, RichText};

/// Read in this order; each type's entries come back ordered by id.
pub(crate) const TYPES: &[ContentType] = &[
    ContentType {
        id: "blogPost",
        fields: &[
            v("slug"),
            v("title"),
            v("titleTag"),
            v("metaDescription"),
            v("canonical"),
            v("description"),
            v("publishDate"),
            v("estimatedreadtime"),
            f("heroImage", Asset),
            f("bodyRichtext", RichText),
            v("doesvideoexist"),
            v("blogVideoLink"),
            v("tags"),
            v("blogPostProduct"),
            v("seoIndex"),
        ],
    },
    ContentType {
        id: "casestudy",
        fields: &[
            v("slug"),
            v("title"),
            v("organisation"),
            v("casestudyproduct"),
            v("casestudyorderpriority"),
            v("nameofquotedperson"),
            v("quotedpersonjobtitle"),
            v("calloutquote"),
            v("teaserheading"),
            v("extractforteaser"),
            f("logo", Asset),
            f("productlogo", Asset),
            f("mainimage", Asset),
            v("category"),
            v("location"),
            v("suppliers"),
            v("strategy"),
            v("industry"),
            f("backgrounder", RichText),
            f("challenge", RichText),
            f("solution", RichText),
            f("outcomes", RichText),
            f("thechallengeimage", Asset),
            f("thesolutionimage", Asset),
            f("theoutcomesimage", Asset),
            v("doesPdFexist"),
            f("downloadablePdf", Asset),
            v("seoIndex"),
            v("titleTag"),
            v("metaDescription"),
            v("canonical"),
        ],
    },
    ContentType {
        id: "addOnFaqList",
        fields: &[v("addOnFaqListSlug"), f("faqList", Entry)],
    },
    ContentType {
        id: "faqList",
        fields: &[v("title"), f("faqItems", Entries)],
    },
    ContentType {
        id: "faqItem",
        fields: &[v("question"), v("answerText")],
    },
    ContentType {
        id: "pageBuilder",
        fields: &[
            v("title"),
            v("slug"),
            v("titleTag"),
            v("metaDescription"),
            v("canonical"),
            v("seoIndex"),
            v("addComponents"),
            v("pageBuilderProduct"),
            f("pageBanner", Entry),
            f("contentSlices", MixedEntries),
        ],
    },
    ContentType {
        id: "pageBanner",
        fields: &[
            f("bannerImage", Asset),
            v("bannerText"),
            f("bannerLogo", Asset),
            f("bannerTextBox", RichText),
            v("bannerBodyText"),
        ],
    },
    ContentType {
        id: "textAndMedia",
        fields: &[
            f("sideImage", Asset),
            v("textBlockTitle"),
            f("textContent", RichText),
            v("textLayout"),
            v("textJustification"),
            f("button", Entry),
        ],
    },
    ContentType {
        id: "dividerCta",
        fields: &[v("title"), v("text"), f("buttons", Entries)],
    },
    ContentType {
        id: "button",
        fields: &[
            v("buttonAction"),
            v("buttonActionUrl"),
            f("buttonActionAsset", Asset),
            v("buttonFill"),
            v("buttonInternalId"),
            v("buttonLabel"),
        ],
    },
    ContentType {
        id: "aboutUsTimeline",
        fields: &[
            v("position"),
            f("title", RichText),
            f("maincontent", RichText),
            v("imagealttext"),
            v("iconText"),
            f("image", Asset),
            v("imagehyperlink"),
            v("buttontext"),
            v("buttonlink"),
        ],
    },
    ContentType {
        id: "customerLogo",
        fields: &[v("name"), f("logo", Asset), v("order")],
    },
    ContentType {
        id: "redirect",
        fields: &[v("from"), v("to"), v("permanent")],
    },
];

/// Type names Contentful keeps for itself; a content type whose name would be one of these
/// gets `ContentType` in front.
const RESERVED: &[&str] = &[
    "Query",
    "String",
    "Int",
    "Float",
    "Boolean",
    "Location",
    "Circle",
    "Rectangle",
    "DateTime",
    "RichText",
    "Asset",
    "AssetCollection",
    "AssetLinkingCollections",
    "AssetFilter",
    "AssetOrder",
    "Entry",
    "EntryCollection",
    "EntryOrder",
    "Sys",
    "SysFilter",
    "ContentfulMetadata",
    "ContentfulTag",
    "ContentfulMetadataFilter",
    "ContentfulMetadataTagsFilter",
    "ImageFormat",
    "ImageResizeFocus",
    "ImageResizeStrategy",
    "ImageTransformOptions",
    "JSON",
    "Dimension",
    "HexColor",
    "Quality",
];

/// The GraphQL type name Contentful gives a content type id: PascalCase, non-alphanumerics
/// stripped, and `ContentType` in front of a name that starts with a digit or is reserved.
pub fn type_name(content_type: &str) -> String {
    let mut out = String::with_capacity(content_type.len());
    let mut upper = true;
    for c in content_type.chars() {
        if c.is_ascii_alphanumeric() {
            if upper {
                out.push(c.to_ascii_uppercase());
            } else {
                out.push(c);
            }
            // A letter after a digit starts a new word too (`my-2content` is `My2Content`).
            upper = c.is_ascii_digit();
        } else {
            upper = true;
        }
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) || RESERVED.contains(&out.as_str()) {
        out.insert_str(0, "ContentType");
    }
    out
}

/// The root collection field of a content type: `blogPostCollection`.
pub fn collection_field(content_type: &str) -> String {
    let name = type_name(content_type);
    let mut chars = name.chars();
    let first = chars.next().map(|c| c.to_ascii_lowercase());
    format!(
        "{}{}Collection",
        first.into_iter().collect::<String>(),
        chars.as_str()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_names_follow_contentfuls_naming_rules() {
        assert_eq!(type_name("blogPost"), "BlogPost");
        assert_eq!(type_name("casestudy"), "Casestudy");
        assert_eq!(type_name("my-2content-type"), "My2ContentType");
        assert_eq!(type_name("5TbTQ4S6"), "ContentType5TbTQ4S6");
        assert_eq!(type_name("location"), "ContentTypeLocation");
        assert_eq!(collection_field("addOnFaqList"), "addOnFaqListCollection");
        assert_eq!(collection_field("casestudy"), "casestudyCollection");
    }

    #[test]
    fn every_content_type_is_read_once_and_the_privacy_page_is_not_among_them() {
        let mut ids: Vec<&str> = TYPES.iter().map(|t| t.id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), TYPES.len());
        assert!(!ids.contains(&RICH_TEXT_PAGE));
    }
}
