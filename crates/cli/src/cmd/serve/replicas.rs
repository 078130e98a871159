//! Several servers over one shared database: a content change that reaches one server (a
//! webhook goes to whichever one the load balancer picked, a poll runs on each) reaches the
//! others. Each server announces every new content version it serves and reloads when it
//! hears of a version it does not serve; the poll stays the fallback for a notice missed
//! while the database was unreachable.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use supplysite_core::ports::ContentSource;
use supplysite_http::AppState;
use supplysite_store_postgres::ContentNotices;
use tokio::task::JoinHandle;

/// How often the served version is compared with the one last announced.
const WATCH_EVERY: Duration = Duration::from_millis(100);

/// Announces and follows content versions until the futures `shutdown` makes complete;
/// returns the tasks, to be awaited after shutdown.
pub fn spawn<F>(
    notices: ContentNotices,
    state: AppState,
    source: Arc<dyn ContentSource>,
    shutdown: impl Fn() -> F,
) -> Vec<JoinHandle<()>>
where
    F: Future<Output = ()> + Send + 'static,
{
    let (heard, mut to_reload) = tokio::sync::mpsc::unbounded_channel::<String>();
    let follower = {
        let notices = notices.clone();
        let state = state.clone();
        let stop = shutdown();
        tokio::spawn(async move {
            notices
                .follow(
                    move |version| {
                        if version != state.content().current().version() {
                            let _ = heard.send(version);
                        }
                    },
                    stop,
                )
                .await;
        })
    };
    let reloader = {
        let state = state.clone();
        let stop = shutdown();
        tokio::spawn(async move {
            let mut stop = std::pin::pin!(stop);
            loop {
                let version = tokio::select! {
                    biased;
                    () = &mut stop => return,
                    heard = to_reload.recv() => match heard {
                        Some(v) => v,
                        None => return,
                    },
                };
                // A burst of notices is one reload.
                while to_reload.try_recv().is_ok() {}
                if version == state.content().current().version() {
                    continue;
                }
                match state.content().reload(source.as_ref()).await {
                    Ok(o) => tracing::info!(
                        announced = %version, previous = %o.previous, version = %o.version,
                        "content reloaded: another server announced a new version"
                    ),
                    Err(e) => tracing::error!(error = %e, announced = %version,
                        "content reload after another server's notice failed; still serving the previous content"),
                }
            }
        })
    };
    let announcer = {
        let stop = shutdown();
        tokio::spawn(async move {
            let mut stop = std::pin::pin!(stop);
            let mut announced = state.content().current().version().to_owned();
            loop {
                tokio::select! {
                    biased;
                    () = &mut stop => return,
                    () = tokio::time::sleep(WATCH_EVERY) => {}
                }
                let serving = state.content().current().version().to_owned();
                if serving == announced {
                    continue;
                }
                match notices.publish(&serving).await {
                    Ok(()) => {
                        tracing::info!(version = %serving, "content version announced to the other servers");
                        announced = serving;
                    }
                    Err(reason) => {
                        tracing::warn!(%reason, version = %serving, "cannot announce the content version; trying again");
                    }
                }
            }
        })
    };
    vec![follower, reloader, announcer]
}
