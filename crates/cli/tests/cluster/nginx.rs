//! nginx from the system's binary running `deploy/nginx.conf`, with this test's ports and a
//! temporary folder in place of the file's paths; stopped by its pid when dropped.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Nginx {
    child: Child,
    dir: tempfile::TempDir,
    pub base: String,
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
    assert_eq!(
        text.matches(from).count(),
        1,
        "deploy/nginx.conf no longer has exactly one {from:?}"
    );
    text.replace(from, to)
}

impl Nginx {
    /// Starts nginx on `port` in front of the replicas on `replicas`.
    pub async fn start(config: &Path, port: u16, replicas: [u16; 2]) -> Nginx {
        let dir = tempfile::Builder::new()
            .prefix("supplysite-nginx-")
            .tempdir()
            .unwrap();
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
        text = swap(text, "listen 80;", &format!("listen 127.0.0.1:{port};"));
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
            base: format!("http://127.0.0.1:{port}"),
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
