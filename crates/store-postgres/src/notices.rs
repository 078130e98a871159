//! Content change notices between servers: the one that reloaded new content (a webhook
//! reaches only one of them) announces its version with `NOTIFY`, and every server that
//! `LISTEN`s and serves another version reloads. The listener keeps its own connection and
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

/// The channel notices go out on; the payload is the content version.
pub const CONTENT_CHANNEL: &str = "supplysite_content";

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

    /// Tells every listening server that `version` is the content to serve.
    ///
    /// Errors: why the notice could not be sent.
    pub async fn publish(&self, version: &str) -> Result<(), String> {
        let client = self.pool.get().await.map_err(|e| pool_reason(&e))?;
        client
            .execute("SELECT pg_notify($1, $2)", &[&CONTENT_CHANNEL, &version])
            .await
            .map_err(|e| db_reason(&e))?;
        Ok(())
    }

    /// Calls `on_version` with every version announced (its own announcements included)
    /// until `shutdown` completes, listening again with back-off (1 s doubling to 30 s)
    /// whenever the connection is lost.
    pub async fn follow(
        &self,
        on_version: impl Fn(String) + Send + Sync,
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
                    Err(listen_on(&client, connection, &on_version).await)
                } else {
                    let (client, connection) = config
                        .connect(tls())
                        .await
                        .map_err(|e| (false, db_reason(&e)))?;
                    Err(listen_on(&client, connection, &on_version).await)
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
    on_version: &(impl Fn(String) + Send + Sync),
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
                    on_version(n.payload().to_owned());
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return (listening, db_reason(&e)),
                None => return (listening, "the connection closed".to_owned()),
            },
        }
    }
}
