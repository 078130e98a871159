//! One module per subcommand. Each exposes `Args` (clap) and `run(Args) -> anyhow::Result<ExitCode>`.

pub mod audit;
pub mod config;
pub mod content;
pub mod contentful;
pub mod enquiries;
pub mod live_space;
pub mod outbox;
pub mod page;
pub mod redirect_hosts;
pub mod richtext;
pub mod route;
pub mod search;
pub mod serve;
pub mod validate_contact;
pub mod video_id;
