//! One module per subcommand. Each exposes `Args` (clap) and `run(Args) -> anyhow::Result<ExitCode>`.

pub mod audit;
pub mod richtext;
pub mod route;
pub mod validate_contact;
pub mod video_id;
