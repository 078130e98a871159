//! Downloading a space's asset files beside its export (see [`asset_files`] for which files and
//! where), so the site runs from the folder with no network.
//!
//! Downloads run concurrently, a bounded number at a time. They resume: a file already there
//! with the size Contentful reports is kept. Every file is checked against that size and
//! written atomically (into a temporary file beside it, then renamed into place), so an
//! interrupted pull leaves only whole files behind and the next pull picks up where it stopped.
//! Server errors, timeouts and short bodies are retried with the client's back-off.

mod files;

pub use files::{AssetFile, asset_files, relative_path};

use super::SetupError;
use super::retry::RetryPolicy;
use super::settings::{SettingsError, origin_value};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use tokio::io::AsyncWriteExt;

/// How many files are downloaded at once unless told otherwise.
pub const DEFAULT_CONCURRENCY: usize = 6;

/// The setting that sends every download to one mirror instead of each file's own host.
pub const ASSETS_BASE: &str = "CONTENTFUL_ASSETS_BASE";

/// Where files are asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum AssetsBase {
    /// Each file from the host in its URL (`https://images.ctfassets.net/…`).
    #[default]
    OwnHosts,
    /// Every file from this origin, at `{origin}/{host}/{path}`: a mirror laid out like the
    /// export's folder (a test's fake, or a folder served over HTTP).
    Mirror(String),
}

impl AssetsBase {
    /// Reads [`ASSETS_BASE`]: unset or blank is [`AssetsBase::OwnHosts`], else an
    /// `http(s)://host[:port]` origin.
    pub fn parse(value: Option<&str>) -> Result<Self, SettingsError> {
        match value.map(str::trim).filter(|v| !v.is_empty()) {
            None => Ok(AssetsBase::OwnHosts),
            Some(v) => origin_value(
                ASSETS_BASE,
                v.to_string(),
                "an origin such as http://127.0.0.1:9000, serving HOST/PATH of each asset URL",
            )
            .map(AssetsBase::Mirror),
        }
    }

    fn url_of(&self, file: &AssetFile) -> String {
        match self {
            AssetsBase::OwnHosts => file.url.clone(),
            AssetsBase::Mirror(origin) => format!("{origin}/{}", file.path),
        }
    }
}

/// How far a download has got.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Files finished so far, whether fetched, kept or failed.
    pub files_done: u64,
    /// Files in the whole download.
    pub files: u64,
    /// Bytes in place so far: files kept, and bytes of files being fetched as they arrive (a
    /// failed attempt's bytes are taken back off).
    pub bytes_done: u64,
    /// The sizes Contentful reports, added up (files of unknown size count once read).
    pub bytes: u64,
}

/// What a download did.
#[derive(Debug, Default)]
pub struct Downloaded {
    /// Files fetched now.
    pub fetched: usize,
    /// Files already there with the right size, kept.
    pub kept: usize,
    /// Bytes written by the files fetched now (kept files not counted).
    pub bytes_fetched: u64,
    /// Files that could not be had, each with why; the others are in place regardless.
    pub failures: Vec<DownloadError>,
}

/// Why one file could not be downloaded, after the retries it deserved.
#[derive(Debug, thiserror::Error)]
pub enum DownloadError {
    /// The host answered with a status other than success. 5xx, 408 and 429 were retried
    /// first; other statuses (such as 404) fail at once.
    #[error("HTTP {status} from {url}")]
    Status {
        /// The URL asked: the file's own, or its place on the mirror.
        url: String,
        /// The HTTP status of the last answer.
        status: u16,
    },
    /// On every attempt the connection failed, or no answer came, or the body stopped coming
    /// within the request timeout.
    #[error("{url} is unreachable: {reason}")]
    Unreachable {
        /// The URL asked.
        url: String,
        /// What the last attempt ran into, such as `no data within 10s`.
        reason: String,
    },
    /// The body's length (announced, or counted as it came) differs from the size Contentful
    /// reports for the file, on every attempt. Nothing is left in place.
    #[error("{url} sent {got} bytes but contentful reports {expected}")]
    WrongSize {
        /// The URL asked.
        url: String,
        /// The size Contentful reports, in bytes.
        expected: u64,
        /// How many bytes were announced or received; reading stops as soon as the count
        /// passes `expected`.
        got: u64,
    },
    /// A folder, the temporary file or the file itself could not be written. Never retried.
    #[error("cannot write {}", path.display())]
    Write {
        /// The folder or file that could not be written.
        path: PathBuf,
        /// What the file system said.
        #[source]
        source: std::io::Error,
    },
}

impl DownloadError {
    fn retryable(&self) -> bool {
        match self {
            DownloadError::Status { status, .. } => *status >= 500 || matches!(status, 408 | 429),
            DownloadError::Unreachable { .. } | DownloadError::WrongSize { .. } => true,
            DownloadError::Write { .. } => false,
        }
    }
}

/// Downloads asset files into an export's folder.
pub struct Downloader {
    http: reqwest::Client,
    base: AssetsBase,
    retry: RetryPolicy,
    concurrency: usize,
}

/// Shared by the workers of one download.
struct Run<'a> {
    files: &'a [AssetFile],
    dir: &'a Path,
    next: AtomicUsize,
    files_done: AtomicU64,
    bytes_done: AtomicU64,
    bytes: AtomicU64,
    outcome: Mutex<Downloaded>,
    progress: &'a (dyn Fn(Tally) + Send + Sync),
}

impl Run<'_> {
    fn report(&self) {
        (self.progress)(Tally {
            files_done: self.files_done.load(Ordering::Relaxed),
            files: self.files.len() as u64,
            bytes_done: self.bytes_done.load(Ordering::Relaxed),
            bytes: self.bytes.load(Ordering::Relaxed),
        });
    }
}

impl Downloader {
    /// A downloader asking `base`, with `retry`'s timeouts and attempts, `concurrency` files at
    /// a time (at least one).
    pub fn new(
        base: AssetsBase,
        retry: RetryPolicy,
        concurrency: usize,
    ) -> Result<Self, SetupError> {
        // No overall timeout: a large file may take longer than any one answer should. Each
        // wait (for the headers, for the next piece of the body) has the request timeout.
        let http = reqwest::Client::builder()
            .connect_timeout(retry.request_timeout)
            .user_agent(concat!("supplysite/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(SetupError)?;
        Ok(Downloader {
            http,
            base,
            retry,
            concurrency: concurrency.max(1),
        })
    }

    /// Puts every file of `files` under `dir`. `progress` hears after each piece of a body and
    /// each file. A file that fails does not stop the others.
    pub async fn download(
        &self,
        files: &[AssetFile],
        dir: &Path,
        progress: &(dyn Fn(Tally) + Send + Sync),
    ) -> Downloaded {
        let run = Run {
            files,
            dir,
            next: AtomicUsize::new(0),
            files_done: AtomicU64::new(0),
            bytes_done: AtomicU64::new(0),
            bytes: AtomicU64::new(files.iter().filter_map(|f| f.size).sum()),
            outcome: Mutex::new(Downloaded::default()),
            progress,
        };
        run.report();
        let workers = (0..self.concurrency.min(files.len())).map(|_| self.worker(&run));
        join_all(workers.collect()).await;
        run.outcome
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
    }

    async fn worker(&self, run: &Run<'_>) {
        loop {
            let i = run.next.fetch_add(1, Ordering::Relaxed);
            let Some(file) = run.files.get(i) else { return };
            let result = self.one(run, file).await;
            run.files_done.fetch_add(1, Ordering::Relaxed);
            {
                let mut outcome = run.outcome.lock().unwrap_or_else(PoisonError::into_inner);
                match result {
                    Ok(Got::Kept) => outcome.kept += 1,
                    Ok(Got::Fetched(n)) => {
                        outcome.fetched += 1;
                        outcome.bytes_fetched += n;
                    }
                    Err(e) => outcome.failures.push(e),
                }
            }
            run.report();
        }
    }

    async fn one(&self, run: &Run<'_>, file: &AssetFile) -> Result<Got, DownloadError> {
        let dest = run.dir.join(&file.path);
        if let Some(size) = file.size
            && tokio::fs::metadata(&dest)
                .await
                .is_ok_and(|m| m.is_file() && m.len() == size)
        {
            run.bytes_done.fetch_add(size, Ordering::Relaxed);
            return Ok(Got::Kept);
        }
        let url = self.base.url_of(file);
        let mut failures = 0u32;
        loop {
            let mut got = 0u64;
            let result = self.fetch(run, &url, &dest, file.size, &mut got).await;
            match result {
                Ok(()) => {
                    if file.size.is_none() {
                        run.bytes.fetch_add(got, Ordering::Relaxed);
                    }
                    return Ok(Got::Fetched(got));
                }
                Err(e) => {
                    run.bytes_done.fetch_sub(got, Ordering::Relaxed);
                    failures += 1;
                    if !e.retryable() || failures >= self.retry.attempts.max(1) {
                        return Err(e);
                    }
                    tracing::warn!(url, error = %e, attempt = failures, "asset download failed; retrying");
                    tokio::time::sleep(self.retry.backoff(failures)).await;
                }
            }
        }
    }

    /// One attempt: the body into a temporary file beside `dest`, checked, renamed into place.
    async fn fetch(
        &self,
        run: &Run<'_>,
        url: &str,
        dest: &Path,
        expected: Option<u64>,
        got: &mut u64,
    ) -> Result<(), DownloadError> {
        let wait = self.retry.request_timeout;
        let unreachable = |reason: String| DownloadError::Unreachable {
            url: url.to_string(),
            reason,
        };
        let mut response = tokio::time::timeout(wait, self.http.get(url).send())
            .await
            .map_err(|_| unreachable(format!("no answer within {wait:?}")))?
            .map_err(|e| unreachable(e.to_string()))?;
        let status = response.status();
        if !status.is_success() {
            return Err(DownloadError::Status {
                url: url.to_string(),
                status: status.as_u16(),
            });
        }
        let wrong_size = |got: u64| {
            expected
                .filter(|&e| e != got)
                .map(|expected| DownloadError::WrongSize {
                    url: url.to_string(),
                    expected,
                    got,
                })
        };
        if let Some(e) = response.content_length().and_then(wrong_size) {
            return Err(e);
        }
        let tmp = temporary(dest);
        let write = |path: &Path| {
            let path = path.to_path_buf();
            move |source| DownloadError::Write { path, source }
        };
        if let Some(parent) = dest.parent() {
            tokio::fs::create_dir_all(parent)
                .await
                .map_err(write(parent))?;
        }
        let mut out = tokio::fs::File::create(&tmp).await.map_err(write(&tmp))?;
        let body = async {
            loop {
                let chunk = tokio::time::timeout(wait, response.chunk())
                    .await
                    .map_err(|_| unreachable(format!("no data within {wait:?}")))?
                    .map_err(|e| unreachable(e.to_string()))?;
                let Some(chunk) = chunk else { break };
                let n = chunk.len() as u64;
                if expected.is_some_and(|e| *got + n > e) {
                    return Err(wrong_size(*got + n).expect("larger than expected"));
                }
                out.write_all(&chunk).await.map_err(write(&tmp))?;
                *got += n;
                run.bytes_done.fetch_add(n, Ordering::Relaxed);
                run.report();
            }
            if let Some(e) = wrong_size(*got) {
                return Err(e);
            }
            out.flush().await.map_err(write(&tmp))?;
            out.sync_all().await.map_err(write(&tmp))?;
            tokio::fs::rename(&tmp, dest).await.map_err(write(dest))
        };
        let result = body.await;
        if result.is_err() {
            let _ = tokio::fs::remove_file(&tmp).await;
        }
        result
    }
}

enum Got {
    Kept,
    Fetched(u64),
}

/// `.{name}.part` beside `dest`: hidden, and never a name the export links to.
fn temporary(dest: &Path) -> PathBuf {
    let name = dest
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    dest.with_file_name(format!(".{name}.part"))
}

/// Runs `futures` concurrently on the current task and waits for all of them.
async fn join_all<F: std::future::Future<Output = ()>>(futures: Vec<F>) {
    let mut futures: Vec<std::pin::Pin<Box<F>>> = futures.into_iter().map(Box::pin).collect();
    std::future::poll_fn(|cx| {
        futures.retain_mut(|f| f.as_mut().poll(cx).is_pending());
        if futures.is_empty() {
            std::task::Poll::Ready(())
        } else {
            std::task::Poll::Pending
        }
    })
    .await
}
