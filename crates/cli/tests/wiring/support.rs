//! A `supplysite serve` child process on a free port: started with a clean environment from a
//! temporary folder (so no developer `.env` is read), asked over HTTP, stopped by its pid.

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use supplysite_content_adapter::contentful::fake::{ENVIRONMENT, SPACE_ID, TOKEN};
use supplysite_core::webhook::sign;
use supplysite_http::Secret;

/// How long start-up and anything that should happen soon may take before a test fails.
pub const PATIENCE: Duration = Duration::from_secs(30);

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub use supplysite_testkit::demo::export_path as demo_export;

/// A folder holding a minimal web build, and room for the outbox, mailbox and caches.
pub fn workdir() -> tempfile::TempDir {
    let dir = tempfile::TempDir::new().unwrap();
    std::fs::create_dir_all(dir.path().join("web")).unwrap();
    std::fs::write(
        dir.path().join("web/index.html"),
        "<!doctype html>\n<html lang=\"en-AU\">\n<head>\n<meta charset=\"UTF-8\">\n<title>Shell</title>\n</head>\n<body>\n<div id=\"root\"></div>\n</body>\n</html>\n",
    )
    .unwrap();
    dir
}

/// The `supplysite` binary run from `dir`, with nothing of the caller's environment that could
/// configure it.
pub fn supplysite(dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_supplysite"));
    cmd.current_dir(dir);
    for (key, _) in std::env::vars() {
        let ours = [
            "SUPPLYSITE_",
            "CONTENTFUL_",
            "BREVO_",
            "CONTACT_",
            "RECAPTCHA_",
        ];
        if ours.iter().any(|p| key.starts_with(p)) {
            cmd.env_remove(key);
        }
    }
    cmd
}

/// A filled-in form that passes every rule, from `email`, with `token` as the robot check's
/// answer.
pub use supplysite_testkit::form_json as form;

/// The secret the servers started with the fake Contentful check webhooks against.
pub const WEBHOOK_SECRET: &str = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_";

/// Points `cmd` at the fake Contentful at `contentful` (host and port) with [`WEBHOOK_SECRET`],
/// its disk cache under `dir`, and no polling: only webhooks (and other replicas' notices)
/// reload the content, so every change is the one the test made.
pub fn with_fake_contentful<'c>(
    cmd: &'c mut Command,
    dir: &Path,
    contentful: &str,
) -> &'c mut Command {
    cmd.env("CONTENTFUL_SPACE_ID", SPACE_ID)
        .env("CONTENTFUL_ACCESS_TOKEN", TOKEN)
        .env("CONTENTFUL_ENVIRONMENT", ENVIRONMENT)
        .env("CONTENTFUL_GRAPHQL_HOST", contentful)
        .env("CONTENTFUL_CDA_HOST", contentful)
        .env("CONTENTFUL_WEBHOOK_SECRET", WEBHOOK_SECRET)
        .env("SUPPLYSITE_CACHE_DIR", dir.join("cache"))
        .env("SUPPLYSITE_POLL_SECONDS", "0")
}

/// The secret the servers started with [`with_fake_preview`] hand preview cookies out for.
pub const PREVIEW_SECRET: &str = "preview-secret-0123456789abcdefghijklmnop";

/// The demo post the live and preview suites change, and its path.
pub const POST_ID: &str = "post-what-is-e-tendering";
pub const POST_PATH: &str = "/insights/what-is-e-tendering";

/// Turns on the editors' preview of `cmd` (already pointed at the fake Contentful at
/// `contentful` by [`with_fake_contentful`]): its preview API and [`PREVIEW_SECRET`].
pub fn with_fake_preview<'c>(cmd: &'c mut Command, contentful: &str) -> &'c mut Command {
    cmd.env(
        "CONTENTFUL_PREVIEW_TOKEN",
        supplysite_content_adapter::contentful::fake::PREVIEW_TOKEN,
    )
    .env("CONTENTFUL_PREVIEW_HOST", contentful)
    .env("SUPPLYSITE_PREVIEW_SECRET", PREVIEW_SECRET)
}

/// A Contentful webhook about the post `post-what-is-e-tendering` with `topic`, signed now with
/// [`WEBHOOK_SECRET`]: its body and headers, for `POST /api/webhooks/contentful`.
pub fn signed_webhook_request(topic: &str) -> (&'static [u8], Vec<(&'static str, String)>) {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    signed_webhook_request_at(topic, now)
}

/// [`signed_webhook_request`] signed at `now` (Unix milliseconds) instead.
pub fn signed_webhook_request_at(
    topic: &str,
    now: u64,
) -> (&'static [u8], Vec<(&'static str, String)>) {
    let body: &'static [u8] = br#"{"sys":{"type":"Entry","id":"post-what-is-e-tendering"}}"#;
    let (signature, signed) = sign(
        &Secret::webhook(WEBHOOK_SECRET).unwrap(),
        "POST",
        "/api/webhooks/contentful",
        &[("x-contentful-topic", topic)],
        body,
        now,
    );
    let headers = vec![
        ("x-contentful-topic", topic.to_owned()),
        ("x-contentful-signature", signature),
        ("x-contentful-signed-headers", signed),
        ("x-contentful-timestamp", now.to_string()),
        (
            "content-type",
            "application/vnd.contentful.management.v1+json".to_owned(),
        ),
    ];
    (body, headers)
}

/// `supplysite serve` on a free port of 127.0.0.1 from `dir`, with nothing of the caller's
/// environment that could configure it, the outbox and mailbox inside `dir`.
pub fn serve(dir: &Path) -> Command {
    serve_content(dir, &demo_export())
}

/// `cmd` sending enquiries to the fake Brevo at `brevo` (its key, sender and inbox).
pub fn with_fake_brevo<'c>(
    cmd: &'c mut Command,
    brevo: &supplysite_mail_adapter::fake_brevo::FakeBrevo,
) -> &'c mut Command {
    cmd.env("BREVO_API_KEY", supplysite_mail_adapter::fake_brevo::KEY)
        .env("BREVO_API_BASE", &brevo.base_url)
        .env(
            "CONTACT_SENDER",
            "Supplysite Website <website@supplysite.test>",
        )
        .env("CONTACT_INBOX", "Supplysite <info@supplysite.test>")
}

/// [`serve`] with the export at `content`.
pub fn serve_content(dir: &Path, content: &Path) -> Command {
    serve_at(dir, content, "127.0.0.1:0")
}

/// [`serve_content`] listening on `bind` (`127.0.0.1:PORT`).
pub fn serve_at(dir: &Path, content: &Path, bind: &str) -> Command {
    let mut cmd = supplysite(dir);
    cmd.args(["serve", "--bind", bind, "--public-url", "http://127.0.0.1"])
        .arg("--content")
        .arg(content)
        .arg("--web-dir")
        .arg(dir.join("web"))
        // The minimal web build has no server bundle (the source tree's would be found).
        .arg("--no-ssr")
        .env("SUPPLYSITE_OUTBOX", dir.join("outbox.sqlite3"))
        .env("SUPPLYSITE_MAILBOX", dir.join("mailbox"))
        // Picture renditions in the test's folder, not the user's cache.
        .env_remove("STATE_DIRECTORY")
        .env_remove("CACHE_DIRECTORY")
        .env("XDG_STATE_HOME", dir.join(".state"))
        .env("XDG_CACHE_HOME", dir.join(".cache"))
        // Pictures are made when a page asks for them: the warm-up after the content load would
        // encode the demo's photographs in the background, and the memory and timing checks here
        // would measure it.
        .env("SUPPLYSITE_IMAGE_WARM", "0")
        // Stopped at once on SIGTERM: the drain period is for load balancers, and the draining
        // tests set their own.
        .env("SUPPLYSITE_DRAIN_SECONDS", "0")
        .env("RUST_LOG", server_log_filter());
    cmd
}

/// A port of 127.0.0.1 free a moment ago.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `TEST_LOG` shows the logs of the servers a test starts as they are written (run the test
/// with `--nocapture`); its value, unless it is `1`, is their `RUST_LOG` filter (for example
/// `TEST_LOG=supplysite_http=debug`). Without it they log at `info` into [`Server::log`], which
/// a failing assertion prints.
fn test_log() -> Option<String> {
    std::env::var("TEST_LOG").ok().filter(|v| !v.is_empty())
}

fn server_log_filter() -> String {
    match test_log() {
        Some(filter) if filter != "1" => filter,
        _ => "info".into(),
    }
}

pub struct Server {
    child: Child,
    pub base: String,
    log: Arc<Mutex<Vec<String>>>,
    /// Reads stderr into `log` until the process ends.
    reader: Option<std::thread::JoinHandle<()>>,
    http: reqwest::Client,
}

impl Server {
    /// Starts `cmd` and waits for its `listening on http://ADDR` line and a ready `/readyz`.
    pub async fn start(cmd: Command) -> Server {
        Server::start_within(cmd, PATIENCE).await
    }

    /// [`Server::start`], allowing `patience` for the line and for `/readyz`.
    pub async fn start_within(mut cmd: Command, patience: Duration) -> Server {
        let mut child = cmd
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start supplysite serve");
        let log = Arc::new(Mutex::new(Vec::new()));
        let stderr = child.stderr.take().unwrap();
        let sink = log.clone();
        let echo = test_log().is_some().then(|| child.id());
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(pid) = echo {
                    eprintln!("[server {pid}] {line}");
                }
                sink.lock().unwrap().push(line);
            }
        });
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let first = tokio::task::spawn_blocking(move || rx.recv_timeout(patience))
            .await
            .unwrap();
        let mut server = Server {
            child,
            base: String::new(),
            log,
            reader: Some(reader),
            http: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .timeout(Duration::from_secs(20))
                .build()
                .unwrap(),
        };
        let line = first.unwrap_or_else(|_| panic!("no 'listening on' line: {}", server.log()));
        server.base = line
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_owned();
        let deadline = Instant::now() + patience;
        while server.try_get("/readyz").await.map(|(s, _)| s) != Some(200) {
            assert!(
                Instant::now() < deadline,
                "/readyz never answered 200: {}",
                server.log()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        server
    }

    /// Opens the preview of `path` with [`PREVIEW_SECRET`] as an editor's link does: the
    /// redirect's whole `Set-Cookie` header (the test may read its attributes) and the cookie
    /// to send back (`name=value`). Fails unless the server answers with a redirect.
    pub async fn enter_preview(&self, path: &str) -> (String, String) {
        let enter = self
            .http
            .get(format!(
                "{}/api/preview?secret={PREVIEW_SECRET}&path={path}",
                self.base
            ))
            .send()
            .await
            .unwrap();
        assert!(
            enter.status().is_redirection(),
            "{}: {}",
            enter.status(),
            self.log()
        );
        let set_cookie = enter.headers()["set-cookie"].to_str().unwrap().to_owned();
        let cookie = set_cookie.split(';').next().unwrap().to_owned();
        (set_cookie, cookie)
    }

    /// `GET path` with `cookie`: the body.
    pub async fn get_with_cookie(&self, path: &str, cookie: &str) -> String {
        self.http
            .get(format!("{}{path}", self.base))
            .header("cookie", cookie)
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Everything the server logged so far.
    pub fn log(&self) -> String {
        self.log.lock().unwrap().join("\n")
    }

    async fn try_get(&self, path: &str) -> Option<(u16, String)> {
        let response = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .ok()?;
        let status = response.status().as_u16();
        Some((status, response.text().await.ok()?))
    }

    /// `GET path`: status and body.
    pub async fn get(&self, path: &str) -> (u16, String) {
        let (status, body) = self.get_bytes(path).await;
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    /// `GET path`: status and the body's bytes.
    pub async fn get_bytes(&self, path: &str) -> (u16, Vec<u8>) {
        let response = self.response(path).await;
        let status = response.status().as_u16();
        (status, response.bytes().await.unwrap().to_vec())
    }

    /// `GET path`: status and headers, the body left unread (redirects are not followed).
    pub async fn get_headers(&self, path: &str) -> (u16, reqwest::header::HeaderMap) {
        let response = self.response(path).await;
        (response.status().as_u16(), response.headers().clone())
    }

    /// The answer to `GET path`, its body unread; fails the test (with the log) if none came.
    pub async fn response(&self, path: &str) -> reqwest::Response {
        self.http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap_or_else(|e| panic!("GET {path} got no answer ({e}): {}", self.log()))
    }

    /// `GET path` as JSON.
    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        let (status, body) = self.get(path).await;
        (status, serde_json::from_str(&body).unwrap())
    }

    /// `POST path` with a JSON body: status and JSON answer.
    pub async fn post_json(&self, path: &str, body: &Value) -> reqwest::Result<(u16, Value)> {
        let response = self
            .http
            .post(format!("{}{path}", self.base))
            .json(body)
            .send()
            .await?;
        let status = response.status().as_u16();
        Ok((status, response.json().await?))
    }

    /// `POST path` with `headers` and raw `body`: status and body.
    pub async fn post_raw(
        &self,
        path: &str,
        headers: &[(&str, String)],
        body: &'static [u8],
    ) -> (u16, String) {
        let mut request = self.http.post(format!("{}{path}", self.base)).body(body);
        for (k, v) in headers {
            request = request.header(*k, v);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.text().await.unwrap())
    }

    /// SIGKILL: the process gets no chance to finish anything.
    pub fn kill(mut self) -> ExitStatus {
        self.child.kill().unwrap();
        self.child.wait().unwrap()
    }

    /// SIGTERM by pid, then waits (bounded) for the exit.
    pub async fn terminate(self) -> (ExitStatus, String) {
        self.send_term();
        self.exited().await
    }

    /// SIGTERM by pid, without waiting: the server drains, then stops. A server running as
    /// another user (the archive's test starts it as `nobody`) is sent it through `sudo -n`
    /// when the test does not run as root.
    pub fn send_term(&self) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill")
            .args(["-TERM", &pid])
            .stderr(Stdio::null())
            .status()
            .unwrap();
        if !sent.success() {
            let by_sudo = Command::new("sudo")
                .args(["-n", "kill", "-TERM", &pid])
                .status()
                .unwrap();
            assert!(by_sudo.success(), "SIGTERM could not be sent to {pid}");
        }
    }

    /// Waits (bounded) for the process to exit on its own.
    pub async fn exited(mut self) -> (ExitStatus, String) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                // The reader ends at the end of stderr; then the log is complete.
                if let Some(reader) = self.reader.take() {
                    tokio::task::spawn_blocking(move || reader.join())
                        .await
                        .unwrap()
                        .unwrap();
                }
                return (status, self.log());
            }
            assert!(
                Instant::now() < deadline,
                "the server did not stop after SIGTERM: {}",
                self.log()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Only when a test failed before stopping it: never leave the process behind.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
