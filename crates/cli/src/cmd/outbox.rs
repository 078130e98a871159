//! `supplysite outbox`: lets an operator see the enquiry outbox and act on it: list jobs by
//! state, requeue dead ones once the cause is fixed, purge enquiries delivered in full, and
//! back the SQLite file up while servers use it. The outbox is the SQLite file, or the shared
//! PostgreSQL database when one is set (backed up with `pg_dump`, not by this command).

use anyhow::{Context, bail};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use supplysite_core::contact::EnquiryId;
use supplysite_core::ports::{Clock, EnquiryOutbox, Job, JobFilter, JobState, UnixMillis};
use supplysite_mail_adapter::date::rfc3339;
use supplysite_mail_adapter::{SqliteOutbox, SystemClock};
use supplysite_store_postgres::{DatabaseUrl, PgStore};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    store: StoreArgs,
    #[command(subcommand)]
    command: Command,
}

/// Where the outbox is: the SQLite file or the shared database (also read by `supplysite
/// enquiries`).
#[derive(clap::Args)]
pub struct StoreArgs {
    /// The outbox's SQLite file [default: the one `supplysite serve` keeps, outbox.sqlite3 in
    /// the state folder: STATE_DIRECTORY, $XDG_STATE_HOME/supplysite or
    /// ~/.local/state/supplysite].
    #[arg(long, global = true, env = "SUPPLYSITE_OUTBOX")]
    outbox: Option<PathBuf>,
    /// The PostgreSQL database several servers share; set, it is used instead of the file.
    #[arg(
        long,
        global = true,
        env = "SUPPLYSITE_DATABASE_URL",
        hide_env_values = true
    )]
    database_url: Option<String>,
    /// A PEM file of the private certificate authority that signed the database server's
    /// certificate, trusted besides the public roots.
    #[arg(
        long,
        global = true,
        env = "SUPPLYSITE_DATABASE_CA_FILE",
        value_name = "FILE"
    )]
    database_ca_file: Option<PathBuf>,
}

impl StoreArgs {
    /// Opens the outbox these arguments name: the shared database when one is set, else the
    /// SQLite file, which must exist.
    ///
    /// Errors: a bad database URL or one that cannot be reached, no outbox file, or one that
    /// cannot be opened, each naming the setting.
    pub async fn open(self) -> anyhow::Result<Box<dyn EnquiryOutbox>> {
        Ok(match self.database() {
            Some(url) => {
                let ca = self
                    .database_ca_file
                    .as_deref()
                    .filter(|f| !f.as_os_str().is_empty());
                Box::new(open_database(url, ca).await?)
            }
            None => Box::new(open(&self.file()?)?),
        })
    }

    /// The shared database's URL, when one is set (empty, as `.env.example` leaves it, is unset).
    fn database(&self) -> Option<&str> {
        self.database_url
            .as_deref()
            .filter(|u| !u.trim().is_empty())
    }

    /// The outbox's SQLite file: the one named, else the one `supplysite serve` keeps.
    fn file(&self) -> anyhow::Result<PathBuf> {
        Ok(
            match self.outbox.clone().filter(|p| !p.as_os_str().is_empty()) {
                Some(path) => path,
                None => crate::install::state_dir()
                    .context("SUPPLYSITE_OUTBOX / --outbox")?
                    .join(crate::install::OUTBOX_FILE),
            },
        )
    }
}

#[derive(clap::Subcommand)]
enum Command {
    /// List delivery jobs, oldest enquiry first.
    List {
        /// Only jobs in this state.
        #[arg(long, value_enum)]
        state: Option<State>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
    },
    /// Make dead jobs pending again, due now, with a fresh attempt count.
    Retry {
        /// The enquiry whose dead jobs to requeue.
        #[arg(required_unless_present = "all_dead", conflicts_with = "all_dead")]
        enquiry_id: Option<String>,
        /// Requeue every dead job.
        #[arg(long)]
        all_dead: bool,
    },
    /// Write a consistent copy of the SQLite outbox to FILE (a new file) while servers use it;
    /// restore by stopping the server and putting the copy in the outbox's place.
    Backup {
        /// Where to write the copy; it must not exist.
        file: PathBuf,
    },
    /// Remove enquiries whose jobs were all delivered (with their jobs).
    PurgeDelivered {
        /// Only those delivered more than this many days ago.
        #[arg(long, value_name = "DAYS", default_value_t = 0)]
        older_than: u32,
    },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum State {
    Pending,
    Delivered,
    Dead,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Table,
    Json,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async {
        if let Command::Backup { file } = &args.command {
            if args.store.database().is_some() {
                bail!(
                    "the shared PostgreSQL outbox (SUPPLYSITE_DATABASE_URL) is backed up with pg_dump, not by this command (see the README's deployment section)"
                );
            }
            let outbox = open(&args.store.file()?)?;
            outbox.backup(file).await?;
            eprintln!("outbox backed up to {}", file.display());
            return Ok(ExitCode::SUCCESS);
        }
        let outbox = args.store.open().await?;
        let outbox = &*outbox;
        match args.command {
            Command::List { state, format } => list(outbox, state, format).await,
            Command::Retry {
                enquiry_id,
                all_dead,
            } => retry(outbox, enquiry_id, all_dead).await,
            Command::PurgeDelivered { older_than } => purge(outbox, older_than).await,
            Command::Backup { .. } => unreachable!("answered above"),
        }
    })
}

/// The outbox file named, else the one `supplysite serve` keeps in the state folder.
/// Connects to the shared database; the error names the setting, never the password.
async fn open_database(url: &str, ca_file: Option<&Path>) -> anyhow::Result<PgStore> {
    const NAMED: &str = "SUPPLYSITE_DATABASE_URL / --database-url";
    let mut url = DatabaseUrl::parse(url).map_err(|e| anyhow::anyhow!("{NAMED}: {e}"))?;
    if let Some(file) = ca_file {
        url = url.with_ca_file(file).map_err(|e| {
            anyhow::anyhow!("SUPPLYSITE_DATABASE_CA_FILE / --database-ca-file: {e}")
        })?;
    }
    PgStore::connect(&url)
        .await
        .map_err(|e| anyhow::anyhow!("{NAMED}: {e}"))
}

/// Opens an existing outbox: an operator's typo should not create an empty one.
fn open(path: &Path) -> anyhow::Result<SqliteOutbox> {
    if !path.is_file() {
        bail!(
            "no enquiry outbox at {} (set --outbox or SUPPLYSITE_OUTBOX)",
            path.display()
        );
    }
    Ok(SqliteOutbox::open(path)?)
}

async fn list(
    outbox: &dyn EnquiryOutbox,
    state: Option<State>,
    format: Format,
) -> anyhow::Result<ExitCode> {
    let state = state.map(|s| match s {
        State::Pending => JobState::Pending,
        State::Delivered => JobState::Delivered,
        State::Dead => JobState::Dead,
    });
    let jobs = outbox.jobs(JobFilter { state, limit: None }).await?;
    let blocked = outbox.blocked().await?;
    if format == Format::Json {
        // Without a block the output stays the plain list of jobs it always was.
        match blocked {
            None => println!("{}", serde_json::to_string_pretty(&jobs)?),
            Some(b) => println!(
                "{}",
                serde_json::to_string_pretty(&serde_json::json!({"blocked": b, "jobs": jobs}))?
            ),
        }
    } else {
        if let Some(b) = &blocked {
            println!(
                "deliveries blocked since {}: {}\n(pending jobs are retried with back-off and go out once a working key is configured)\n",
                rfc3339(b.since),
                b.reason
            );
        }
        print!("{}", table(&jobs));
    }
    Ok(ExitCode::SUCCESS)
}

/// One line per job, columns padded to their widest value.
fn table(jobs: &[Job]) -> String {
    let when = |t: Option<UnixMillis>| t.map_or_else(|| "-".to_owned(), rfc3339);
    let mut rows = vec![[
        "ENQUIRY".to_owned(),
        "JOB".to_owned(),
        "STATE".to_owned(),
        "ATTEMPTS".to_owned(),
        "NEXT ATTEMPT".to_owned(),
        "FINISHED".to_owned(),
        "LAST ERROR".to_owned(),
    ]];
    rows.extend(jobs.iter().map(|j| {
        [
            j.enquiry_id.to_string(),
            j.kind.to_string(),
            j.state.to_string(),
            j.attempts.to_string(),
            when(j.next_attempt_at),
            when(j.finished_at),
            j.last_error.clone().unwrap_or_else(|| "-".to_owned()),
        ]
    }));
    let widths: Vec<usize> = (0..7)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, w)| format!("{cell:<w$}"))
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}

async fn retry(
    outbox: &dyn EnquiryOutbox,
    enquiry_id: Option<String>,
    all_dead: bool,
) -> anyhow::Result<ExitCode> {
    let now = SystemClock.now();
    let ids: BTreeSet<EnquiryId> = if all_dead {
        let dead = JobFilter::in_state(JobState::Dead);
        outbox
            .jobs(dead)
            .await?
            .into_iter()
            .map(|j| j.enquiry_id)
            .collect()
    } else {
        let id = enquiry_id.expect("clap requires an id without --all-dead");
        BTreeSet::from([EnquiryId::parse(id)?])
    };
    let mut requeued = 0;
    for id in &ids {
        let before = outbox.inspect(id).await?.jobs;
        let dead = before.iter().filter(|j| j.state == JobState::Dead).count();
        outbox.requeue(id, now).await?;
        requeued += dead;
    }
    println!(
        "requeued {requeued} dead job{} of {} enquir{}; a running server delivers them within its poll interval",
        if requeued == 1 { "" } else { "s" },
        ids.len(),
        if ids.len() == 1 { "y" } else { "ies" }
    );
    Ok(ExitCode::SUCCESS)
}

async fn purge(outbox: &dyn EnquiryOutbox, older_than: u32) -> anyhow::Result<ExitCode> {
    let age = Duration::from_secs(u64::from(older_than) * 86_400);
    let age_ms = i64::try_from(age.as_millis()).unwrap_or(i64::MAX);
    // Delivered strictly before the cut-off, so one past now includes this very millisecond.
    let before = UnixMillis(SystemClock.now().0.saturating_add(1).saturating_sub(age_ms));
    let purged = outbox.purge_delivered(before).await?;
    println!(
        "purged {purged} delivered enquir{}",
        if purged == 1 { "y" } else { "ies" }
    );
    Ok(ExitCode::SUCCESS)
}
