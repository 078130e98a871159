//! nginx from the system's binary running `deploy/nginx.conf`, with this test's ports, the
//! name `site.test` with a throwaway certificate (made by the `openssl` command) and a temporary
//! folder in place of the file's paths; stopped by its pid when dropped.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Nginx {
    child: Child,
    dir: tempfile::TempDir,
    /// `https://site.test:PORT`: reach it with [`client_builder`]'s clients.
    pub base: String,
    /// `http://site.test:PORT`, which only redirects.
    pub plain: String,
    /// The TLS port.
    pub port: u16,
}

/// The name the site is served under, as the file's `server_name` is replaced with.
pub const NAME: &str = "site.test";

/// The throwaway certificate for [`NAME`] (PEM) and its key's file, made once per run.
pub fn certificate() -> &'static (Vec<u8>, PathBuf, PathBuf) {
    static MADE: std::sync::OnceLock<(Vec<u8>, PathBuf, PathBuf)> = std::sync::OnceLock::new();
    MADE.get_or_init(|| {
        // Kept until the process ends.
        let dir = tempfile::Builder::new()
            .prefix("supplysite-tls-")
            .tempdir()
            .unwrap()
            .keep();
        let (cert, key) = (dir.join("fullchain.pem"), dir.join("privkey.pem"));
        let made = Command::new("openssl")
            .args(["req", "-x509", "-newkey", "ec", "-pkeyopt"])
            .arg("ec_paramgen_curve:prime256v1")
            .args(["-nodes", "-days", "2", "-subj"])
            .arg(format!("/CN={NAME}"))
            .arg("-addext")
            .arg(format!("subjectAltName=DNS:{NAME}"))
            .arg("-addext")
            .arg("basicConstraints=critical,CA:FALSE")
            .arg("-keyout")
            .arg(&key)
            .arg("-out")
            .arg(&cert)
            .stderr(Stdio::null())
            .status()
            .expect("the openssl command makes the test certificate");
        assert!(made.success(), "openssl could not make a certificate");
        (std::fs::read(&cert).unwrap(), cert, key)
    })
}

/// A client that trusts the throwaway certificate and finds [`NAME`] on loopback.
pub fn client_builder() -> reqwest::ClientBuilder {
    let pem = &certificate().0;
    reqwest::Client::builder()
        .add_root_certificate(reqwest::Certificate::from_pem(pem).unwrap())
        .resolve(NAME, ([127, 0, 0, 1], 0).into())
}

fn binary() -> PathBuf {
    ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
        .expect("nginx is not installed: run scripts/setup.sh (apt-get install nginx)")
}

/// `text` with `from` replaced by `to`, which must be there exactly once: a change to the
/// deployment file that this test does not follow fails here, by name.
fn swap(text: String, from: &str, to: &str) -> String {
    swap_n(text, from, to, 1)
}

/// [`swap`] for a line that is there `n` times.
fn swap_n(text: String, from: &str, to: &str, n: usize) -> String {
    assert_eq!(
        text.matches(from).count(),
        n,
        "deploy/nginx.conf no longer has exactly {n} {from:?}"
    );
    text.replace(from, to)
}

impl Nginx {
    /// Starts nginx on `port` (TLS) and `plain` (HTTP) in front of the replicas on `replicas`.
    pub async fn start(config: &Path, port: u16, plain: u16, replicas: [u16; 2]) -> Nginx {
        let dir = Nginx::folder();
        let root = dir.path().display().to_string();
        let mut text = std::fs::read_to_string(config).unwrap();
        let is_root = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| o.stdout.trim_ascii() == b"0");
        // As root nginx would hand its workers to www-data, who cannot enter our folder.
        text = swap(
            text,
            "user www-data;",
            if is_root { "user root;" } else { "" },
        );
        text = swap(
            text,
            "pid /run/nginx-supplysite.pid;",
            &format!("pid {root}/nginx.pid;"),
        );
        text = text.replace("/var/log/nginx/", &format!("{root}/"));
        text = text.replace("/var/cache/nginx/supplysite", &root);
        text = swap(text, "listen 80;", &format!("listen 127.0.0.1:{plain};"));
        text = swap(
            text,
            "listen 80 default_server;",
            &format!("listen 127.0.0.1:{plain} default_server;"),
        );
        text = swap(
            text,
            "listen 443 ssl http2;",
            &format!("listen 127.0.0.1:{port} ssl http2;"),
        );
        text = swap(
            text,
            "listen 443 ssl http2 default_server;",
            &format!("listen 127.0.0.1:{port} ssl http2 default_server;"),
        );
        text = swap_n(
            text,
            "server_name www.supplysite.com.au;",
            &format!("server_name {NAME};"),
            2,
        );
        // The redirect names the standard port; here it is this test's.
        text = swap(
            text,
            "return 301 https://$server_name$request_uri;",
            &format!("return 301 https://$server_name:{port}$request_uri;"),
        );
        let (_, cert, key) = certificate();
        text = swap(
            text,
            "/etc/ssl/supplysite/fullchain.pem",
            &cert.display().to_string(),
        );
        text = swap(
            text,
            "/etc/ssl/supplysite/privkey.pem",
            &key.display().to_string(),
        );
        text = swap(
            text,
            "server 127.0.0.1:8081 ",
            &format!("server 127.0.0.1:{} ", replicas[0]),
        );
        text = swap(
            text,
            "server 127.0.0.1:8082 ",
            &format!("server 127.0.0.1:{} ", replicas[1]),
        );
        Nginx::run(dir, text, port, plain).await
    }

    /// A folder for a configuration of nginx, which holds its logs, cache and pid file.
    pub fn folder() -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix("supplysite-nginx-")
            .tempdir()
            .unwrap()
    }

    /// Runs nginx with the configuration `text`, which keeps its files in `dir` and listens on
    /// `port` (and `plain`), until dropped.
    pub async fn run(dir: tempfile::TempDir, text: String, port: u16, plain: u16) -> Nginx {
        let file = dir.path().join("nginx.conf");
        std::fs::write(&file, text).unwrap();
        let child = Command::new(binary())
            .arg("-c")
            .arg(&file)
            .args(["-g", "daemon off;"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start nginx");
        let nginx = Nginx {
            child,
            dir,
            base: format!("https://{NAME}:{port}"),
            plain: format!("http://{NAME}:{plain}"),
            port,
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "nginx did not listen: {}",
                nginx.error_log()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        nginx
    }

    /// nginx's access log so far.
    pub fn access_log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("supplysite-access.log")).unwrap_or_default()
    }

    /// nginx's access log once a line matching `wanted` is in it. nginx writes a line when
    /// it finishes a request, which may be after the client has read the answer.
    pub async fn access_log_with(&self, what: &str, wanted: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + crate::PATIENCE;
        loop {
            let log = self.access_log();
            if log.lines().any(&wanted) {
                return log;
            }
            assert!(
                Instant::now() < deadline,
                "no {what} in nginx's log:\n{log}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// How many answers nginx's cache holds (its files; the cache folder of the shipped file).
    pub fn cache_entries(&self) -> usize {
        fn count(dir: &Path) -> usize {
            std::fs::read_dir(dir).map_or(0, |entries| {
                entries
                    .flatten()
                    .map(|entry| match entry.file_type() {
                        Ok(kind) if kind.is_dir() => count(&entry.path()),
                        Ok(_) => 1,
                        Err(_) => 0,
                    })
                    .sum()
            })
        }
        count(&self.dir.path().join("cache"))
    }

    /// nginx's error log so far.
    pub fn error_log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("supplysite-error.log")).unwrap_or_default()
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGQUIT by pid: the master stops its workers and exits.
        let _ = Command::new("kill")
            .args(["-QUIT", &self.child.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
