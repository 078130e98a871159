//! Which hosts the editors' redirects may send visitors to: the setting `serve`, `page` and
//! `audit` share, so the site refuses exactly what the audit reports. Declared once here and
//! flattened into each command.

use supplysite_core::redirects::ExternalTargets;

/// The allowed hosts of the editors' redirects.
#[derive(clap::Args, Debug, Clone)]
#[group(id = "redirect_hosts_settings")]
pub struct Args {
    /// The hosts the editors' redirects may send visitors to, separated by commas, such as
    /// `status.example.com,www.example.org` (each exactly: `example.com` does not allow
    /// `www.example.com`). A redirect, or a chain of them, ending on any other host is refused
    /// (its path answers 404) and `supplysite audit redirects` reports it as an error. Unset,
    /// a redirect may go to any https:// address.
    #[arg(long, env = "SUPPLYSITE_REDIRECT_HOSTS", value_parser = ExternalTargets::parse)]
    redirect_hosts: Option<ExternalTargets>,
}

impl Args {
    /// The hosts allowed: any when unset.
    pub fn targets(&self) -> ExternalTargets {
        self.redirect_hosts.clone().unwrap_or_default()
    }
}
