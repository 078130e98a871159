//! Content change notices between servers: the one a webhook reached tells the others the
//! content changed (so they reload at once, in parallel with it), and every server announces
//! each new version it serves with `NOTIFY`, so every server that `LISTEN`s and serves another
//! version reloads. The listener keeps its own connection and
//! reconnects with back-off when it is lost; the content poll stays the fallback for a notice
//! missed while it was away.

use crate::connect::{DatabaseUrl, db_reason, pool_reason, tls};
use deadpool_postgres::Pool;
use std::future::{Future, poll_fn};
use std::pin::pin;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio_postgres::config::SslMode;
use tokio_postgres::{AsyncMessage, Client, Connection};

/// The channel notices go out on; the payload is a [`ContentNotice`].
pub const CONTENT_CHANNEL: &str = "supplysite_content";

/// What one server tells the others about the content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ContentNotice {
    /// The content changed at its source (a webhook arrived): reload now, in parallel with
    /// the server that was told.
    Changed,
    /// This version is served now: a server serving another one reloads.
    Version(String),
}

impl ContentNotice {
    /// The notice as it travels: `changed`, or `version ` and the version.
    pub fn payload(&self) -> String {
        match self {
            ContentNotice::Changed => "changed".to_owned(),
            ContentNotice::Version(v) => format!("version {v}"),
        }
    }

    /// The notice in `payload`; `None` for one this build does not know.
    pub fn parse(payload: &str) -> Option<ContentNotice> {
        match payload.split_once(' ') {
            Some(("version", v)) if !v.is_empty() => Some(ContentNotice::Version(v.to_owned())),
            None if payload == "changed" => Some(ContentNotice::Changed),
            _ => None,
        }
    }
}

/// The longest pause between two attempts to listen again.
const MOST_BACK_OFF: Duration = Duration::from_secs(30);

/// Announces and follows content versions. Cheap to clone.
#[derive(Clone)]
pub struct ContentNotices {
    pool: Pool,
    url: DatabaseUrl,
}

impl ContentNotices {
    pub(crate) fn new(pool: Pool, url: DatabaseUrl) -> Self {
        ContentNotices { pool, url }
    }

    /// Tells every listening server `notice`.
    ///
    /// Errors: why the notice could not be sent.
    pub async fn publish(&self, notice: &ContentNotice) -> Result<(), String> {
        let client = self.pool.get().await.map_err(|e| pool_reason(&e))?;
        client
            .execute(
                "SELECT pg_notify($1, $2)",
                &[&CONTENT_CHANNEL, &notice.payload()],
            )
            .await
            .map_err(|e| db_reason(&e))?;
        Ok(())
    }

    /// Calls `on_notice` with every notice (its own included) until `shutdown` completes,
    /// listening again with back-off (1 s doubling to 30 s) whenever the connection is lost.
    pub async fn follow(
        &self,
        on_notice: impl Fn(ContentNotice) + Send + Sync,
        shutdown: impl Future<Output = ()>,
    ) {
        let mut shutdown = pin!(shutdown);
        let mut pause = Duration::from_secs(1);
        loop {
            let listened = async {
                let config = self.url.config();
                if config.get_ssl_mode() == SslMode::Disable {
                    let (client, connection) = config
                        .connect(tokio_postgres::NoTls)
                        .await
                        .map_err(|e| (false, db_reason(&e)))?;
                    Err(listen_on(&client, connection, &on_notice).await)
                } else {
                    let (client, connection) = config
                        .connect(tls(self.url.private_ca()))
                        .await
                        .map_err(|e| (false, db_reason(&e)))?;
                    Err(listen_on(&client, connection, &on_notice).await)
                }
            };
            let outcome: Result<(), (bool, String)> = tokio::select! {
                biased;
                () = &mut shutdown => return,
                outcome = listened => outcome,
            };
            if let Err((was_listening, reason)) = outcome {
                if was_listening {
                    pause = Duration::from_secs(1);
                }
                tracing::warn!(%reason, retry_in_s = pause.as_secs(),
                    "content notices: not listening; the content poll still runs");
            }
            tokio::select! {
                biased;
                () = &mut shutdown => return,
                () = tokio::time::sleep(pause) => {}
            }
            pause = (pause * 2).min(MOST_BACK_OFF);
        }
    }
}

/// Listens on `connection` until it fails; returns whether `LISTEN` had gone through, and why
/// it ended.
async fn listen_on<S, T>(
    client: &Client,
    mut connection: Connection<S, T>,
    on_notice: &(impl Fn(ContentNotice) + Send + Sync),
) -> (bool, String)
where
    S: AsyncRead + AsyncWrite + Unpin,
    T: AsyncRead + AsyncWrite + Unpin,
{
    let sql = format!("LISTEN {CONTENT_CHANNEL}");
    let mut listen = pin!(client.batch_execute(&sql));
    let mut listening = false;
    loop {
        tokio::select! {
            done = &mut listen, if !listening => match done {
                Ok(()) => {
                    listening = true;
                    tracing::info!(channel = CONTENT_CHANNEL, "content notices: listening");
                }
                Err(e) => return (false, db_reason(&e)),
            },
            message = poll_fn(|cx| connection.poll_message(cx)) => match message {
                Some(Ok(AsyncMessage::Notification(n))) if n.channel() == CONTENT_CHANNEL => {
                    match ContentNotice::parse(n.payload()) {
                        Some(notice) => on_notice(notice),
                        None => tracing::warn!(payload = n.payload(), "content notices: unknown notice ignored"),
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return (listening, db_reason(&e)),
                None => return (listening, "the connection closed".to_owned()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_travel_as_text_and_unknown_ones_are_not_misread() {
        for notice in [
            ContentNotice::Changed,
            ContentNotice::Version("b4f77ddbc170b900".into()),
        ] {
            assert_eq!(ContentNotice::parse(&notice.payload()), Some(notice));
        }
        for unknown in ["", "version ", "changed now", "v2"] {
            assert_eq!(ContentNotice::parse(unknown), None, "{unknown:?}");
        }
    }
}
