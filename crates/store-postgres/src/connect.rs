//! The database URL (kept whole, shown without its password) and the connection pool: TLS
//! through rustls when the URL asks for it, and timeouts on every wait, so a database that
//! is gone makes a request fail in seconds instead of hanging it.

use deadpool_postgres::{Manager, ManagerConfig, Pool, PoolError, RecyclingMethod, Runtime};
use std::sync::Arc;
use std::time::Duration;
use tokio_postgres::config::{Host, SslMode};

/// How long connecting, waiting for a pooled connection and checking one may take.
const WAIT: Duration = Duration::from_secs(5);

/// The most connections one server holds.
const POOL_SIZE: usize = 8;

/// A `postgres://` URL (or key-value connection string), parsed. Its `Debug` and
/// [`DatabaseUrl::redacted`] never show the password.
#[derive(Clone)]
pub struct DatabaseUrl {
    config: tokio_postgres::Config,
}

impl std::fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.redacted())
    }
}

/// Why the database could not be used at start.
#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    /// The URL does not parse (the URL itself is not repeated: it may hold a password).
    #[error(
        "invalid PostgreSQL URL: {reason} (expected postgres://USER:PASSWORD@HOST:PORT/DATABASE)"
    )]
    Invalid {
        /// What is wrong with it.
        reason: String,
    },
    /// The database did not answer, refused us, or the schema could not be brought up to date.
    #[error("cannot use the database {url}: {reason}")]
    Unreachable {
        /// The database, without its password ([`DatabaseUrl::redacted`]).
        url: String,
        /// What went wrong.
        reason: String,
    },
    /// The schema was written by a newer build.
    #[error(
        "the database {url} has schema version {found}, newer than the {} this build knows; run a newer supplysite",
        crate::SCHEMA_VERSION
    )]
    NewerSchema {
        /// The database, without its password ([`DatabaseUrl::redacted`]).
        url: String,
        /// The schema version the database records.
        found: i64,
    },
}

impl DatabaseUrl {
    /// Parses `text`.
    ///
    /// Errors: [`ConnectError::Invalid`], which does not repeat `text`.
    pub fn parse(text: &str) -> Result<DatabaseUrl, ConnectError> {
        let text = text.trim();
        if !(text.starts_with("postgres://") || text.starts_with("postgresql://")) {
            return Err(ConnectError::Invalid {
                reason: "it does not start with postgres://".into(),
            });
        }
        let mut config: tokio_postgres::Config =
            text.parse()
                .map_err(|e: tokio_postgres::Error| ConnectError::Invalid {
                    reason: e.to_string(),
                })?;
        if config.get_hosts().is_empty() {
            return Err(ConnectError::Invalid {
                reason: "it names no host".into(),
            });
        }
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(WAIT);
        }
        config.application_name("supplysite");
        // A database host that vanishes without closing the connection is noticed in
        // seconds, not after the system's two-hour default.
        config
            .keepalives(true)
            .keepalives_idle(Duration::from_secs(10))
            .keepalives_interval(Duration::from_secs(5))
            .keepalives_retries(3);
        Ok(DatabaseUrl { config })
    }

    /// `postgres://USER@HOST:PORT/DATABASE`: the URL without its password or options.
    pub fn redacted(&self) -> String {
        let user = self.config.get_user().unwrap_or("");
        let hosts: Vec<String> = self
            .config
            .get_hosts()
            .iter()
            .enumerate()
            .map(|(i, host)| {
                let name = match host {
                    Host::Tcp(name) if name.contains(':') => format!("[{name}]"),
                    Host::Tcp(name) => name.clone(),
                    Host::Unix(path) => path.display().to_string(),
                };
                let port = self
                    .config
                    .get_ports()
                    .get(i)
                    .or(self.config.get_ports().first())
                    .copied()
                    .unwrap_or(5432);
                format!("{name}:{port}")
            })
            .collect();
        let db = self.config.get_dbname().unwrap_or(user);
        let at = if user.is_empty() { "" } else { "@" };
        format!("postgres://{user}{at}{}/{db}", hosts.join(","))
    }

    /// The parsed configuration.
    pub(crate) fn config(&self) -> &tokio_postgres::Config {
        &self.config
    }
}

/// TLS for connections whose URL asks for it (`sslmode=prefer`, the default, tries it
/// first; `require` insists), verified against the Mozilla roots.
pub(crate) fn tls() -> tokio_postgres_rustls::MakeRustlsConnect {
    let roots = rustls::RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .expect("ring supports the default TLS versions")
    .with_root_certificates(roots)
    .with_no_client_auth();
    tokio_postgres_rustls::MakeRustlsConnect::new(config)
}

/// The pool of connections for `url` (none is opened yet).
pub(crate) fn pool(url: &DatabaseUrl) -> Result<Pool, ConnectError> {
    let manager = if url.config.get_ssl_mode() == SslMode::Disable {
        Manager::from_config(
            url.config.clone(),
            tokio_postgres::NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        )
    } else {
        Manager::from_config(
            url.config.clone(),
            tls(),
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        )
    };
    Pool::builder(manager)
        .max_size(POOL_SIZE)
        .runtime(Runtime::Tokio1)
        .wait_timeout(Some(WAIT))
        .create_timeout(Some(WAIT))
        .recycle_timeout(Some(WAIT))
        .build()
        .map_err(|e| ConnectError::Invalid {
            reason: e.to_string(),
        })
}

/// Why a pooled connection could not be had, in words without the URL.
pub(crate) fn pool_reason(e: &PoolError) -> String {
    match e {
        PoolError::Timeout(_) => "no connection within 5 seconds".into(),
        PoolError::Backend(e) => db_reason(e),
        other => other.to_string(),
    }
}

/// A driver error in words: the server's own message when it sent one.
pub(crate) fn db_reason(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{}: {}", db.severity(), db.message()),
        None => {
            let mut reason = e.to_string();
            let mut source = std::error::Error::source(e);
            while let Some(s) = source {
                reason = format!("{reason}: {s}");
                source = s.source();
            }
            reason
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_redacted_url_keeps_user_host_port_and_database_but_never_the_password() {
        let url = DatabaseUrl::parse("postgres://site:s3cret@db.example:6543/shop?sslmode=require")
            .unwrap();
        assert_eq!(url.redacted(), "postgres://site@db.example:6543/shop");
        assert!(!format!("{url:?}").contains("s3cret"));
    }

    #[test]
    fn a_malformed_url_is_refused_without_repeating_it() {
        for bad in [
            "mysql://root:s3cret@localhost/db",
            "postgres://site:s3cret@db.example:notaport/shop",
        ] {
            let err = DatabaseUrl::parse(bad).unwrap_err().to_string();
            assert!(err.starts_with("invalid PostgreSQL URL"), "{err}");
            assert!(!err.contains("s3cret"), "{err}");
        }
    }
}
