//! The content model of docs/behaviour.md §3: one Rust type per Contentful content type, and the
//! [`ContentSet`] that holds a whole space with its indexes built once.

mod case_study;
mod date;
mod faq;
mod page;
mod post;
mod privacy;
mod product;
mod redirect;
mod set;
mod timeline;

pub use crate::asset::{ASSET_HOSTS, Asset};
pub use crate::calendar::civil_from_days;
pub use case_study::CaseStudy;
pub use date::{DateError, PublishDate};
pub use faq::{FaqItem, FaqList};
pub use page::{
    AddComponent, Button, ButtonAction, ButtonFill, DividerCta, Page, PageBanner, Slice,
    TextJustification, TextLayout, TextMedia,
};
pub use post::BlogPost;
pub use privacy::PrivacyPage;
pub use product::{ProductTag, UnknownProductTag};
pub use redirect::Redirect;
pub use set::{ContentParts, ContentSet, CustomerLogo, EntryRef};
pub use timeline::TimelineEntry;
