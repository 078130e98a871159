//! The screens that are mostly fixed copy: privacy, contact, the video popup and not found.

use super::{Head, Html, Image, LinkButton, MiniCardList, VideoButton};
use crate::copy::{ContactFormCopy, Office};
use serde::Serialize;

/// The privacy policy, or an empty state when the space has none.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PrivacyView {
    /// Title, description, canonical, robots and structured data.
    pub head: Head,
    /// The policy's title, or Privacy Policy when the space has none.
    pub title: String,
    /// The policy, when the space has one.
    pub policy: Option<Policy>,
    /// What the page says instead, when the space has no policy.
    pub empty_state: Option<EmptyState>,
}

/// The privacy page's five sections and two images.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Policy {
    /// The picture above the sections (`image1`).
    pub image1: Option<Image>,
    /// The policy's sections, rendered, in order.
    pub sections: Vec<Html>,
    /// The picture after the sections (`image5`).
    pub image5: Option<Image>,
}

/// What a screen says when its content is missing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EmptyState {
    /// The message's heading.
    pub heading: &'static str,
    /// A sentence saying what is missing and what to do.
    pub text: &'static str,
    /// The way on (to the contact page).
    pub link: LinkButton,
}

/// 'Get In Touch': the offices and the contact form's copy.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ContactView {
    /// Title, description, canonical, robots and structured data.
    pub head: Head,
    /// 'Get In Touch'.
    pub heading: &'static str,
    /// The page's introduction.
    pub intro: &'static str,
    /// The offices, in the order shown.
    pub offices: &'static [Office],
    /// The contact form's labels and messages.
    pub form: &'static ContactFormCopy,
}

/// The video popup page: the overview video in the modal.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct VideoPopupView {
    /// Title, description, canonical, robots and structured data.
    pub head: Head,
    /// The overview video and its label.
    pub video: VideoButton,
}

/// A helpful 404 in the site's layout.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct NotFoundView {
    /// Title, description, canonical, robots and structured data.
    pub head: Head,
    /// 'Page not found'.
    pub heading: &'static str,
    /// A sentence saying the page has moved or no longer exists.
    pub text: &'static str,
    /// Home, insights and contact.
    pub links: Vec<LinkButton>,
    /// The newest indexable insights, as somewhere to go next.
    pub latest: MiniCardList,
}
