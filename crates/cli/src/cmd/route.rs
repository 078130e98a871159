//! `supplysite route PATH`: how the site's route table reads a path.

use std::process::ExitCode;
use supplysite_core::routes::Route;

#[derive(clap::Args)]
pub struct Args {
    /// A request path such as /insights/some-post or /etender/?utm_source=x
    path: String,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let route = Route::parse(&args.path);
    let json = serde_json::json!({ "route": route, "canonical": route.path() });
    println!("{json}");
    Ok(ExitCode::SUCCESS)
}
