//! The database URL (kept whole, shown without its password) and the connection pool: TLS
//! through rustls when the URL asks for it, and timeouts on every wait, so a database that
//! is gone makes a request fail in seconds instead of hanging it.

use deadpool_postgres::{Manager, ManagerConfig, Pool, PoolError, RecyclingMethod, Runtime};
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
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
    /// Certificates of a private certificate authority the server's certificate may be
    /// signed by, besides the Mozilla roots.
    private_ca: Arc<Vec<CertificateDer<'static>>>,
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
        // Over a network, a connection without TLS shows the password and every enquiry to
        // anyone on the path: unless the URL says otherwise, any host but this machine
        // requires TLS (with the server's certificate verified).
        if !names_ssl_mode(text) && !all_loopback(&config) {
            config.ssl_mode(SslMode::Require);
        }
        // A database host that vanishes without closing the connection is noticed in
        // seconds, not after the system's two-hour default.
        config
            .keepalives(true)
            .keepalives_idle(Duration::from_secs(10))
            .keepalives_interval(Duration::from_secs(5))
            .keepalives_retries(3);
        Ok(DatabaseUrl {
            config,
            private_ca: Arc::default(),
        })
    }

    /// Also trusts the certificate authorities in the PEM file at `path` (a private CA that
    /// signed the database server's certificate).
    ///
    /// Errors: [`ConnectError::Invalid`] when the file cannot be read or holds no certificate.
    pub fn with_ca_file(mut self, path: &std::path::Path) -> Result<DatabaseUrl, ConnectError> {
        let invalid = |reason: String| ConnectError::Invalid { reason };
        let certificates = CertificateDer::pem_file_iter(path)
            .map_err(|e| invalid(format!("cannot read the CA file {}: {e}", path.display())))?
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| invalid(format!("cannot read the CA file {}: {e}", path.display())))?;
        if certificates.is_empty() {
            return Err(invalid(format!(
                "the CA file {} holds no PEM certificate",
                path.display()
            )));
        }
        self.private_ca = Arc::new(certificates);
        Ok(self)
    }

    /// Whether connections use TLS: `disable` in the URL turns it off; `prefer` (given in the
    /// URL) tries it; `require`, the default for a host other than this machine, insists.
    pub fn ssl_mode(&self) -> SslMode {
        self.config.get_ssl_mode()
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

    /// The private CA's certificates ([`DatabaseUrl::with_ca_file`]).
    pub(crate) fn private_ca(&self) -> &[CertificateDer<'static>] {
        &self.private_ca
    }
}

/// Whether the connection text names an `sslmode` itself (a URL parameter or a key-value
/// pair).
fn names_ssl_mode(text: &str) -> bool {
    text.split(['?', '&', ' '])
        .any(|part| part.trim().to_ascii_lowercase().starts_with("sslmode="))
}

/// Whether every host is this machine: a Unix socket, `localhost`, or a loopback address.
fn all_loopback(config: &tokio_postgres::Config) -> bool {
    config.get_hosts().iter().all(|host| match host {
        Host::Unix(_) => true,
        Host::Tcp(name) => {
            let name = name.trim_start_matches('[').trim_end_matches(']');
            name.eq_ignore_ascii_case("localhost")
                || name
                    .parse::<std::net::IpAddr>()
                    .is_ok_and(|ip| ip.is_loopback())
        }
    })
}

/// TLS for connections whose URL asks for it (`prefer` tries it first; `require` insists),
/// verified against the Mozilla roots and the private CA's certificates.
pub(crate) fn tls(
    private_ca: &[CertificateDer<'static>],
) -> tokio_postgres_rustls::MakeRustlsConnect {
    let mut roots = rustls::RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    let (added, _ignored) = roots.add_parsable_certificates(private_ca.iter().cloned());
    debug_assert!(private_ca.is_empty() || added > 0);
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
            tls(&url.private_ca),
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
    fn tls_is_required_for_a_database_elsewhere_unless_the_url_says_otherwise() {
        let mode = |url: &str| DatabaseUrl::parse(url).unwrap().ssl_mode();
        assert_eq!(mode("postgres://site:pw@db.example/shop"), SslMode::Require);
        assert_eq!(
            mode("postgres://site:pw@10.0.0.5:5432/shop"),
            SslMode::Require
        );
        assert_eq!(
            mode("postgres://site:pw@localhost,db.example/shop"),
            SslMode::Require
        );
        assert_eq!(
            mode("postgres://site:pw@db.example/shop?sslmode=disable"),
            SslMode::Disable
        );
        assert_eq!(
            mode("postgres://site:pw@db.example/shop?application_name=x&sslmode=prefer"),
            SslMode::Prefer
        );
        // This machine: as libpq does.
        assert_eq!(mode("postgres://site:pw@localhost/shop"), SslMode::Prefer);
        assert_eq!(
            mode("postgres://site:pw@127.0.0.1:5433/shop"),
            SslMode::Prefer
        );
        assert_eq!(mode("postgres://site:pw@[::1]:5433/shop"), SslMode::Prefer);
        assert_eq!(
            mode("postgres://site:pw@%2Fvar%2Frun%2Fpostgresql/shop"),
            SslMode::Prefer
        );
    }

    #[test]
    fn a_ca_file_must_hold_a_certificate() {
        let dir = tempfile::tempdir().unwrap();
        let url = DatabaseUrl::parse("postgres://site:pw@db.example/shop").unwrap();
        let missing = url.clone().with_ca_file(&dir.path().join("none.pem"));
        assert!(missing.unwrap_err().to_string().contains("CA file"));
        let empty = dir.path().join("empty.pem");
        std::fs::write(&empty, "not a certificate\n").unwrap();
        let err = url.clone().with_ca_file(&empty).unwrap_err().to_string();
        assert!(err.contains("holds no PEM certificate"), "{err}");
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
