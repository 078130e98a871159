//! [`TestPostgres`]: a throwaway PostgreSQL server for tests, from the system's binaries
//! (Debian's `postgresql` package puts them under `/usr/lib/postgresql/VERSION/bin`):
//! `initdb` into a temporary folder, started on its own loopback port, stopped (by its own
//! data folder) when dropped. Missing binaries are a failure that says what to install,
//! never a silent skip.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A PostgreSQL server of its own on 127.0.0.1.
pub struct TestPostgres {
    dir: tempfile::TempDir,
    bin: PathBuf,
    port: u16,
    running: bool,
}

/// The newest installed server's `bin` folder.
fn server_bin() -> PathBuf {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse::<u32>().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin).unwrap_or_else(|| {
        panic!(
            "no PostgreSQL server found under /usr/lib/postgresql/*/bin: run scripts/setup.sh \
             (apt-get install postgresql)"
        )
    })
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}

fn checked(what: &str, output: std::io::Result<Output>) {
    let output = output.unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    assert!(
        output.status.success(),
        "{what} failed: {}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

impl TestPostgres {
    /// Creates and starts a server; panics saying why when it cannot.
    pub fn start() -> TestPostgres {
        let bin = server_bin();
        let dir = tempfile::Builder::new()
            .prefix("supplysite-pg-")
            .tempdir()
            .expect("a temporary folder");
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let mut pg = TestPostgres {
            dir,
            bin,
            port,
            running: false,
        };
        if is_root() {
            // The server refuses to run as root: the folder is handed to the postgres user.
            checked(
                "chown",
                Command::new("chown")
                    .arg("-R")
                    .arg("postgres")
                    .arg(pg.dir.path())
                    .output(),
            );
        }
        let data = pg.data();
        checked(
            "initdb",
            pg.command("initdb")
                .args(["-A", "trust", "-U", "postgres", "--no-sync", "-D"])
                .arg(&data)
                .output(),
        );
        pg.start_again();
        pg
    }

    /// Starts the server again after [`TestPostgres::stop`] (same data, same port).
    pub fn start_again(&mut self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
            self.port,
            self.dir.path().display()
        );
        checked(
            "pg_ctl start",
            self.command("pg_ctl")
                .arg("-D")
                .arg(self.data())
                .args(["-o", &options, "-l"])
                .arg(self.dir.path().join("log"))
                .args(["-w", "start"])
                .output(),
        );
        self.running = true;
    }

    /// Stops the server (fast shutdown: connections are cut).
    pub fn stop(&mut self) {
        if self.running {
            let _ = self
                .command("pg_ctl")
                .arg("-D")
                .arg(self.data())
                .args(["-m", "fast", "-w", "stop"])
                .output();
            self.running = false;
        }
    }

    /// The URL of database `postgres` as user `postgres`.
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// Creates database `name` and returns its URL.
    pub fn database(&self, name: &str) -> String {
        checked(
            "createdb",
            self.command("createdb")
                .args([
                    "-h",
                    "127.0.0.1",
                    "-p",
                    &self.port.to_string(),
                    "-U",
                    "postgres",
                    name,
                ])
                .output(),
        );
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }

    /// The URL of an existing database `name`.
    pub fn database_url(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }

    /// The server's port on 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.port
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// `program` from the same installation as the server (`pg_dump`, `pg_restore`, `dropdb`…),
    /// as the postgres user when we are root: a file it writes or reads belongs in
    /// [`TestPostgres::folder`], which that user owns.
    pub fn program(&self, program: &str) -> Command {
        self.command(program)
    }

    /// `program` from the server's binaries, as the postgres user when we are root.
    fn command(&self, program: &str) -> Command {
        let path = self.bin.join(program);
        if is_root() {
            let mut cmd = Command::new("runuser");
            cmd.args(["-u", "postgres", "--"]).arg(path);
            cmd
        } else {
            Command::new(path)
        }
    }

    /// The folder the server keeps its data and log in.
    pub fn folder(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for TestPostgres {
    fn drop(&mut self) {
        self.stop();
    }
}
