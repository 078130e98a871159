//! Several servers over one shared database: a content change that reaches one server (a
//! webhook goes to whichever one the load balancer picked, a poll runs on each) reaches the
//! others. The server a webhook reached tells the others the content changed, so they reload
//! at once, alongside it; each server announces every new version it serves, and a server
//! serving another version reloads. The poll stays the fallback for a notice missed while the
//! database was unreachable.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use supplysite_core::ports::ContentSource;
use supplysite_http::AppState;
use supplysite_store_postgres::{ContentNotice, ContentNotices};
use tokio::task::JoinHandle;

/// How often the served version and the webhook's reload are looked at.
const WATCH_EVERY: Duration = Duration::from_millis(50);

/// Announces and follows content changes until the futures `shutdown` makes complete;
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
    let (heard, to_reload) = tokio::sync::mpsc::unbounded_channel::<ContentNotice>();
    let follower = {
        let notices = notices.clone();
        let state = state.clone();
        let stop = shutdown();
        tokio::spawn(async move {
            notices
                .follow(
                    move |notice| {
                        let news = match &notice {
                            ContentNotice::Changed => !state.reloading(),
                            ContentNotice::Version(v) => v != state.content().current().version(),
                        };
                        if news {
                            let _ = heard.send(notice);
                        }
                    },
                    stop,
                )
                .await;
        })
    };
    let reloader = tokio::spawn(reload_on_notice(
        state.clone(),
        source,
        to_reload,
        shutdown(),
    ));
    let announcer = tokio::spawn(announce(notices, state, shutdown()));
    vec![follower, reloader, announcer]
}

/// Reloads once per burst of notices that call for it.
async fn reload_on_notice(
    state: AppState,
    source: Arc<dyn ContentSource>,
    mut to_reload: tokio::sync::mpsc::UnboundedReceiver<ContentNotice>,
    stop: impl Future<Output = ()>,
) {
    let mut stop = std::pin::pin!(stop);
    loop {
        let first = tokio::select! {
            biased;
            () = &mut stop => return,
            heard = to_reload.recv() => match heard {
                Some(notice) => notice,
                None => return,
            },
        };
        let mut changed = first == ContentNotice::Changed;
        let mut announced = match first {
            ContentNotice::Version(v) => Some(v),
            ContentNotice::Changed => None,
        };
        while let Ok(more) = to_reload.try_recv() {
            match more {
                ContentNotice::Changed => changed = true,
                ContentNotice::Version(v) => announced = Some(v),
            }
        }
        let serving = state.content().current().version().to_owned();
        if !changed && announced.as_deref().is_none_or(|v| v == serving) {
            continue;
        }
        match state.content().reload(source.as_ref()).await {
            Ok(o) => tracing::info!(
                previous = %o.previous, version = %o.version, announced = announced.as_deref().unwrap_or(""),
                "content reloaded: another server told of a change"
            ),
            Err(e) => tracing::error!(error = %e,
                "content reload after another server's notice failed; still serving the previous content"),
        }
    }
}

/// Tells the others when a webhook's reload starts here, and every version served here.
async fn announce(notices: ContentNotices, state: AppState, stop: impl Future<Output = ()>) {
    let mut stop = std::pin::pin!(stop);
    let mut announced = state.content().current().version().to_owned();
    let mut was_reloading = false;
    loop {
        tokio::select! {
            biased;
            () = &mut stop => return,
            () = tokio::time::sleep(WATCH_EVERY) => {}
        }
        // Webhook reloads run through the state's single flight; the others' do not, so a
        // notice never bounces between servers.
        let reloading = state.reloading();
        if reloading && !was_reloading {
            if let Err(reason) = notices.publish(&ContentNotice::Changed).await {
                tracing::warn!(%reason, "cannot tell the other servers the content changed");
            }
        }
        was_reloading = reloading;
        let serving = state.content().current().version().to_owned();
        if serving == announced {
            continue;
        }
        match notices
            .publish(&ContentNotice::Version(serving.clone()))
            .await
        {
            Ok(()) => {
                tracing::info!(version = %serving, "content version announced to the other servers");
                announced = serving;
            }
            Err(reason) => {
                tracing::warn!(%reason, version = %serving, "cannot announce the content version; trying again");
            }
        }
    }
}
