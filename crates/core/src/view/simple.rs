//! The screens that are mostly fixed copy: privacy, contact, the video popup and not found.

use super::{Head, Html, Image, LinkButton, MiniCardList, VideoButton};
use crate::copy::{ContactFormCopy, Office};
use serde::Serialize;

/// The privacy policy, or an empty state when the space has none.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct PrivacyView {
    pub head: Head,
    pub title: String,
    pub policy: Option<Policy>,
    pub empty_state: Option<EmptyState>,
}

/// The privacy page's five sections and two images.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Policy {
    pub image1: Option<Image>,
    pub sections: Vec<Html>,
    pub image5: Option<Image>,
}

/// What a screen says when its content is missing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct EmptyState {
    pub heading: &'static str,
    pub text: &'static str,
    pub link: LinkButton,
}

/// 'Get In Touch': the offices and the contact form's copy.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ContactView {
    pub head: Head,
    pub heading: &'static str,
    pub intro: &'static str,
    pub offices: &'static [Office],
    pub form: &'static ContactFormCopy,
}

/// The video popup page: the overview video in the modal.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct VideoPopupView {
    pub head: Head,
    pub video: VideoButton,
}

/// A helpful 404 in the site's layout.
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct NotFoundView {
    pub head: Head,
    pub heading: &'static str,
    pub text: &'static str,
    /// Home, insights and contact.
    pub links: Vec<LinkButton>,
    /// The newest indexable insights, as somewhere to go next.
    pub latest: MiniCardList,
}
