//! The Contentful settings `serve`, `audit` and `content pull` share: which space and
//! environment to read and through which API origins. Declared once here and flattened into
//! each command.

use supplysite_content_adapter::contentful::{
    ContentfulSettings, DEFAULT_CDA_HOST, DEFAULT_GRAPHQL_HOST, Secret,
};

/// The live space's settings.
#[derive(clap::Args, Debug, Clone)]
#[group(id = "contentful_settings")]
#[command(next_help_heading = "Live content")]
pub struct Args {
    /// Contentful space id; with the access token, content is read live from Contentful
    /// through the GraphQL Content API (and the entries API for the privacy page) instead of
    /// the export file.
    #[arg(long, env = "CONTENTFUL_SPACE_ID", value_parser = ContentfulSettings::check_id)]
    pub contentful_space_id: Option<String>,
    /// Contentful Content Delivery API token (read-only); with the space id, content is read
    /// live.
    #[arg(
        long,
        env = "CONTENTFUL_ACCESS_TOKEN",
        hide_env_values = true,
        value_parser = ContentfulSettings::check_token
    )]
    pub contentful_access_token: Option<Secret>,
    /// Contentful environment of the space.
    #[arg(
        long,
        env = "CONTENTFUL_ENVIRONMENT",
        default_value = "master",
        value_parser = ContentfulSettings::check_id
    )]
    pub contentful_environment: String,
    /// GraphQL Content API origin; the EU data region uses https://graphql.eu.contentful.com.
    #[arg(
        long,
        env = "CONTENTFUL_GRAPHQL_HOST",
        default_value = DEFAULT_GRAPHQL_HOST,
        value_parser = ContentfulSettings::check_origin
    )]
    pub contentful_graphql_host: String,
    /// Content Delivery API origin; the EU data region uses https://cdn.eu.contentful.com.
    #[arg(
        long,
        env = "CONTENTFUL_CDA_HOST",
        default_value = DEFAULT_CDA_HOST,
        value_parser = ContentfulSettings::check_origin
    )]
    pub contentful_cda_host: String,
}

impl Args {
    /// The live space, or `None` when neither the space id nor the token is set (the export
    /// file is read).
    ///
    /// Errors: one of the two without the other, named.
    pub fn settings(&self) -> anyhow::Result<Option<ContentfulSettings>> {
        let (space, token) = match (&self.contentful_space_id, &self.contentful_access_token) {
            (None, None) => return Ok(None),
            (Some(space), Some(token)) => (space, token),
            (space, _) => {
                let (missing, set) = if space.is_some() {
                    ("CONTENTFUL_ACCESS_TOKEN", "CONTENTFUL_SPACE_ID")
                } else {
                    ("CONTENTFUL_SPACE_ID", "CONTENTFUL_ACCESS_TOKEN")
                };
                anyhow::bail!(
                    "{missing} is not set but {set} is (live content needs both; unset both to serve the export file)"
                );
            }
        };
        let mut settings = ContentfulSettings::new(space.clone(), token.clone());
        settings.environment = self.contentful_environment.clone();
        settings.graphql_host = self.contentful_graphql_host.clone();
        settings.cda_host = self.contentful_cda_host.clone();
        Ok(Some(settings))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn parse(flags: &[&str]) -> Result<Cli, clap::Error> {
        let mut argv = vec!["x"];
        argv.extend_from_slice(flags);
        Cli::try_parse_from(argv)
    }

    #[test]
    fn space_and_token_give_live_settings_with_master_and_the_default_hosts() {
        let live = parse(&[
            "--contentful-space-id=abc123",
            "--contentful-access-token=tok_en-1",
            "--contentful-environment=master",
            "--contentful-graphql-host=https://graphql.contentful.com",
            "--contentful-cda-host=https://cdn.eu.contentful.com/",
        ])
        .unwrap()
        .args
        .settings()
        .unwrap()
        .unwrap();
        assert_eq!(
            live.graphql_url(),
            "https://graphql.contentful.com/content/v1/spaces/abc123/environments/master"
        );
        assert_eq!(
            live.cda_url(),
            "https://cdn.eu.contentful.com/spaces/abc123/environments/master"
        );
        assert_eq!(live.access_token.expose(), "tok_en-1");
    }

    #[test]
    fn half_a_configuration_is_an_error_naming_the_missing_setting_without_the_token() {
        let e = parse(&[
            "--contentful-access-token=secret-token",
            "--contentful-environment=master",
        ])
        .unwrap()
        .args
        .settings()
        .unwrap_err()
        .to_string();
        assert!(e.starts_with("CONTENTFUL_SPACE_ID is not set"), "{e}");
        assert!(!e.contains("secret-token"), "{e}");
        assert!(parse(&["--contentful-space-id=a/b"]).is_err());
    }
}
