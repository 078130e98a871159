//! The fake Brevo as a process, for tests that run the server and the browser elsewhere (the
//! Playwright journey): it listens on 127.0.0.1, prints `fake Brevo listening on
//! http://127.0.0.1:PORT` on stdout, accepts the API key `supplysite_mail_adapter::fake_brevo::KEY`,
//! and serves the control API under `/_control` until SIGTERM or Ctrl-C.
//!
//! ```text
//! cargo run -p supplysite-mail-adapter --features fake --example fake_brevo -- --port 8182
//! ```
//!
//! `--port 0` (the default) picks a free port.

use std::error::Error;
use std::net::SocketAddr;
use supplysite_mail_adapter::fake_brevo::FakeBrevo;
use tokio::signal::unix::{SignalKind, signal};

const USAGE: &str = "usage: fake_brevo [--port PORT]";

fn port(args: &[String]) -> Result<u16, String> {
    match args {
        [] => Ok(0),
        [flag, value] if flag == "--port" => value
            .parse()
            .map_err(|_| format!("invalid port {value:?} (expected 0 to 65535)\n{USAGE}")),
        _ => Err(USAGE.to_owned()),
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let port = port(&args)?;
    let brevo = FakeBrevo::start_on(SocketAddr::from(([127, 0, 0, 1], port))).await?;
    println!("fake Brevo listening on {}", brevo.base_url);
    let mut term = signal(SignalKind::terminate())?;
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
    Ok(())
}
