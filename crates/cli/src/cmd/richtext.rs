//! `supplysite richtext`: a Contentful rich-text document (JSON on stdin) rendered as the
//! site's safe HTML, for checking how an editor's content will come out.

use anyhow::Context;
use std::io::Read;
use std::process::ExitCode;
use supplysite_core::richtext::{Document, NoLinks, to_html};

#[derive(clap::Args)]
pub struct Args {}

/// Entry and asset links cannot be resolved without a content set, so they render as their
/// text (and embedded entries and assets are left out).
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .context("cannot read the rich-text document from stdin")?;
    let value: serde_json::Value = serde_json::from_str(&input)
        .context("stdin is not JSON (expected a rich-text document)")?;
    let doc = Document::from_json(value).context("stdin is not a rich-text document")?;
    println!("{}", to_html(&doc, &NoLinks));
    Ok(ExitCode::SUCCESS)
}
