//! `supplysite video-id INPUT`: which video a link or embed snippet points to, as JSON.

use std::process::ExitCode;
use supplysite_core::video::video_id;

#[derive(clap::Args)]
pub struct Args {
    /// A video link or an `<iframe …>` embed snippet, e.g. https://youtu.be/dQw4w9WgXcQ
    input: String,
}

/// Prints `{"service":…,"id":…}`; both are null when the input is not a recognised video, which
/// is an answer rather than an error, so the exit status is 0 either way.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let json = match video_id(&args.input) {
        Some(video) => serde_json::to_string(&video)?,
        // Written out because serde_json's maps sort keys, and the service comes first.
        None => r#"{"service":null,"id":null}"#.to_string(),
    };
    println!("{json}");
    Ok(ExitCode::SUCCESS)
}
