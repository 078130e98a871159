//! The settings tree. Every setting is declared once, as a typed clap argument next to the
//! others of its kind (under `cmd/serve/`, and the Contentful settings in `cmd/contentful.rs`):
//! its environment variable and flag, its type (a `value_parser` that checks the value once and
//! says what is expected), its default, its documentation (the `///` comment) and whether it
//! is secret (`hide_env_values = true`). This module reads those declarations back through
//! [`clap::CommandFactory`] to
//!
//! - name each bad value at start, every one of them, with the setting's variable and flag and
//!   never a secret's value ([`parse`]);
//! - show what a deployment resolved and where each value came from: the default, the
//!   environment, a flag or `.env` ([`resolve`], `supplysite config check`);
//! - write the reference (`docs/settings.md`, [`reference`]) and `.env.example`
//!   ([`env_example`]).
//!
//! A new argument with `env = "…"` on any subcommand is picked up by all of these without
//! further code.

use clap::builder::{PossibleValue, ValueParser};
use clap::error::ErrorKind;
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Command, CommandFactory, FromArgMatches};
use std::collections::{BTreeMap, HashSet};
use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::OnceLock;

/// The variables `.env` set (those already in the environment are not replaced).
static FROM_DOTENV: OnceLock<HashSet<String>> = OnceLock::new();

/// Reads `.env` (in the working directory or a parent) when there is one, and remembers which
/// variables it set so [`resolve`] can say a value came from it.
///
/// Errors: a `.env` that exists but cannot be read or parsed.
pub fn load_dotenv() -> Result<(), dotenvy::Error> {
    let before: HashSet<OsString> = std::env::vars_os().map(|(name, _)| name).collect();
    let loaded = dotenvy::dotenv();
    let added = std::env::vars_os()
        .map(|(name, _)| name)
        .filter(|name| !before.contains(name))
        .filter_map(|name| name.into_string().ok())
        .collect();
    let _ = FROM_DOTENV.set(added);
    match loaded {
        Err(err) if !err.not_found() => Err(err),
        _ => Ok(()),
    }
}

fn from_dotenv(variable: &str) -> bool {
    FROM_DOTENV.get().is_some_and(|set| set.contains(variable))
}

/// Parses the command line (and the environment) into `T`. A malformed setting stops here,
/// with every malformed setting named on stderr (`NAME / --flag: what is wrong`, a secret's
/// value never shown) and exit status 2; `supplysite config check` prints its listing first.
///
/// Errors: the exit code to end with (clap's own errors, help and version included, are
/// printed the way clap prints them).
pub fn parse<T: CommandFactory + FromArgMatches>() -> Result<T, ExitCode> {
    let argv: Vec<OsString> = std::env::args_os().collect();
    let matches = command::<T>()
        .try_get_matches_from(&argv)
        .map_err(|e| refuse(&T::command(), &argv, e))?;
    T::from_arg_matches(&matches).map_err(|e| {
        let _ = e.format(&mut T::command()).print();
        ExitCode::from(2)
    })
}

/// Parses `argv` (without the binary's name) into `T` as [`parse`] does, for tests.
///
/// Errors: every problem, one per line, as [`parse`] prints them.
#[cfg(test)]
pub fn try_parse<T: CommandFactory + FromArgMatches>(argv: &[&str]) -> Result<T, String> {
    let argv: Vec<OsString> = std::iter::once("supplysite")
        .chain(argv.iter().copied())
        .map(OsString::from)
        .collect();
    match command::<T>().try_get_matches_from(&argv) {
        Ok(m) => T::from_arg_matches(&m).map_err(|e| e.to_string()),
        Err(e) => {
            let run = resolve(&T::command(), &argv).map_err(|e| e.to_string())?;
            let problems: Vec<String> =
                run.settings.into_iter().filter_map(|s| s.problem).collect();
            if problems.is_empty() {
                Err(e.to_string())
            } else {
                Err(problems.join("\n"))
            }
        }
    }
}

/// `T`'s command, with a setting whose variable is set but empty read as unset (as a
/// commented-out line of `.env.example` would be): `FOO=` in an environment file means "not
/// set", not "set to nothing".
pub fn command<T: CommandFactory>() -> Command {
    empty_env_unset(T::command())
}

fn empty_env_unset(cmd: Command) -> Command {
    map_args(cmd, |arg| match arg.get_env() {
        Some(name) if std::env::var_os(name).is_some_and(|v| v.is_empty()) => {
            arg.env(None::<&'static str>)
        }
        _ => arg,
    })
}

fn map_args(cmd: Command, f: fn(Arg) -> Arg) -> Command {
    cmd.mut_args(f).mut_subcommands(move |sub| map_args(sub, f))
}

/// The answer to a command line clap refused: every malformed setting named, or clap's own
/// message when the mistake is not a setting's value.
fn refuse(cmd: &Command, argv: &[OsString], err: clap::Error) -> ExitCode {
    let by_value = matches!(
        err.kind(),
        ErrorKind::ValueValidation | ErrorKind::InvalidValue
    );
    if by_value && let Ok(run) = resolve(cmd, argv) {
        // Settings only: a command's own options (`audit --format`) keep clap's message, which
        // lists the values it takes.
        let problems: Vec<&str> = run
            .settings
            .iter()
            .filter(|s| variable(&s.arg).is_some())
            .filter_map(|s| s.problem.as_deref())
            .collect();
        if !problems.is_empty() {
            if run.path == ["config", "check"] {
                print!("{}", listing(&run.settings));
            }
            for problem in problems {
                eprintln!("supplysite: {problem}");
            }
            return ExitCode::from(2);
        }
    }
    let _ = err.print();
    ExitCode::from(err.exit_code().clamp(0, 255) as u8)
}

/// Where a setting's value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Its declared default, or unset when it has none.
    Default,
    /// The process environment.
    Environment,
    /// The `.env` file.
    DotEnv,
    /// A command-line flag.
    Flag,
}

impl Source {
    fn label(self) -> &'static str {
        match self {
            Source::Default => "default",
            Source::Environment => "environment",
            Source::DotEnv => ".env",
            Source::Flag => "flag",
        }
    }
}

/// One setting of the command being run, as resolved.
pub struct Resolved {
    /// Its declaration.
    pub arg: Arg,
    /// The value given or defaulted, as text; `None` when unset.
    pub value: Option<OsString>,
    /// Where the value came from.
    pub source: Source,
    /// `NAME / --flag: what is wrong` when the value does not parse.
    pub problem: Option<String>,
}

impl Resolved {
    /// The value as shown: `(set)` or `(unset)` for a secret, else the text or `(unset)`.
    pub fn shown(&self) -> String {
        match (&self.value, is_secret(&self.arg)) {
            (None, _) => "(unset)".into(),
            (Some(_), true) => "(set)".into(),
            (Some(v), false) => v.to_string_lossy().into_owned(),
        }
    }
}

/// The settings of the subcommand a command line runs.
pub struct Run {
    /// The subcommand's names, such as `["config", "check"]`.
    pub path: Vec<String>,
    /// Its settings, in declaration order.
    pub settings: Vec<Resolved>,
}

/// Reads `argv` against `cmd` (as declared: [`command`] is applied here) without refusing
/// anything, then checks each setting's value on its own, so every bad one is found, not only
/// the first.
///
/// Errors: a command line clap refuses for another reason than a value (an unknown flag, a
/// flag without its value).
pub fn resolve(cmd: &Command, argv: &[OsString]) -> Result<Run, clap::Error> {
    // Any text is accepted here; each value is checked by its own parser below.
    let lenient = map_args(empty_env_unset(cmd.clone()), |arg| {
        if arg.get_action().takes_values() {
            arg.value_parser(ValueParser::os_string())
        } else {
            arg
        }
    });
    let matches = lenient.try_get_matches_from(argv)?;
    let (mut strict, mut m, mut path) = (cmd, &matches, Vec::new());
    while let Some((name, sub)) = m.subcommand() {
        match strict.find_subcommand(name) {
            Some(found) => strict = found,
            None => break,
        }
        path.push(name.to_string());
        m = sub;
    }
    let settings = strict
        .get_arguments()
        .filter(|arg| is_setting(arg))
        .map(|arg| resolved(arg, m))
        .collect();
    Ok(Run { path, settings })
}

fn resolved(arg: &Arg, m: &ArgMatches) -> Resolved {
    let id = arg.get_id().as_str();
    let value = m
        .try_get_raw(id)
        .ok()
        .flatten()
        .and_then(|mut values| values.next())
        .map(OsStr::to_os_string);
    let source = match m.value_source(id) {
        Some(ValueSource::CommandLine) => Source::Flag,
        Some(ValueSource::EnvVariable) => match arg.get_env().and_then(OsStr::to_str) {
            Some(name) if from_dotenv(name) => Source::DotEnv,
            _ => Source::Environment,
        },
        _ => Source::Default,
    };
    // A switch (`--no-ssr`) is off unless given.
    let value = match arg.get_action() {
        ArgAction::SetTrue | ArgAction::SetFalse if source == Source::Default => None,
        _ => value,
    };
    let problem = match &value {
        Some(v) if arg.get_action().takes_values() => check(arg, v).err(),
        _ => None,
    };
    Resolved {
        arg: arg.clone(),
        value,
        source,
        problem,
    }
}

/// Runs `arg`'s own parser on `value` alone.
fn check(arg: &Arg, value: &OsStr) -> Result<(), String> {
    let probe = Arg::new("value")
        .long("value")
        .num_args(1)
        .allow_hyphen_values(true)
        .value_parser(arg.get_value_parser().clone());
    let mut flag = OsString::from("--value=");
    flag.push(value);
    let mut cmd = Command::new("check").no_binary_name(true).arg(probe);
    match cmd.try_get_matches_from_mut([flag]) {
        Ok(_) => Ok(()),
        Err(err) => Err(format!("{}: {}", name(arg), reason(arg, value, &err))),
    }
}

/// What is wrong with `value`, from its parser; a secret's value is never part of it.
fn reason(arg: &Arg, value: &OsStr, err: &clap::Error) -> String {
    let secret = is_secret(arg);
    let text = match std::error::Error::source(err) {
        Some(source) => source.to_string(),
        None => {
            let shown = if secret {
                String::new()
            } else {
                format!(" {:?}", value.to_string_lossy())
            };
            let possible = names(&arg.get_possible_values());
            if possible.is_empty() {
                format!("invalid value{shown}")
            } else {
                format!("invalid value{shown} (expected {})", possible.join(" or "))
            }
        }
    };
    let value = value.to_string_lossy();
    if secret && !value.trim().is_empty() {
        text.replace(value.trim(), "[redacted]")
    } else {
        text
    }
}

fn names(values: &[PossibleValue]) -> Vec<String> {
    values
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect()
}

/// `SUPPLYSITE_BIND / --bind`: how messages name a setting.
pub fn name(arg: &Arg) -> String {
    match (variable(arg), arg.get_long()) {
        (Some(var), Some(long)) => format!("{var} / --{long}"),
        (Some(var), None) => var.to_string(),
        (None, Some(long)) => format!("--{long}"),
        (None, None) => arg.get_id().to_string(),
    }
}

fn variable(arg: &Arg) -> Option<&str> {
    arg.get_env().and_then(OsStr::to_str)
}

/// Whether the setting is a secret: its value is never shown.
pub fn is_secret(arg: &Arg) -> bool {
    arg.is_hide_env_values_set()
}

/// Whether `arg` is a setting (not `--help` or `--version`).
fn is_setting(arg: &Arg) -> bool {
    !matches!(
        arg.get_action(),
        ArgAction::Help | ArgAction::HelpShort | ArgAction::HelpLong | ArgAction::Version
    ) && !arg.is_positional()
}

/// `supplysite config check`'s listing: each setting, its value (`(set)` for a secret) and
/// where the value came from, then each problem.
pub fn listing(settings: &[Resolved]) -> String {
    let rows: Vec<[String; 3]> = settings
        .iter()
        .map(|s| {
            let setting = variable(&s.arg)
                .map(str::to_string)
                .or_else(|| s.arg.get_long().map(|l| format!("--{l}")))
                .unwrap_or_default();
            let mark = if s.problem.is_some() { "  INVALID" } else { "" };
            [setting, s.shown(), format!("{}{mark}", s.source.label())]
        })
        .collect();
    let header = [
        "SETTING".to_string(),
        "VALUE".to_string(),
        "SOURCE".to_string(),
    ];
    let width = |i: usize| {
        rows.iter()
            .chain([&header])
            .map(|r| r[i].chars().count())
            .max()
            .unwrap_or(0)
    };
    let (w0, w1) = (width(0), width(1));
    let mut out = String::new();
    for row in std::iter::once(&header).chain(&rows) {
        let _ = writeln!(out, "{:w0$}  {:w1$}  {}", row[0], row[1], row[2]);
    }
    out
}

/// One documented setting, with the commands that read it.
struct Documented<'a> {
    arg: &'a Arg,
    commands: Vec<String>,
}

/// Every setting of the binary, grouped: `serve`'s under their help headings, then those only
/// other commands read, under the command's name. The `config` commands repeat `serve`'s.
fn catalogue(cli: &Command) -> Vec<(String, Vec<Documented<'_>>)> {
    let mut groups: Vec<(String, Vec<Documented<'_>>)> = Vec::new();
    let mut by_key: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    walk(cli, String::new(), &mut |path, arg| {
        let serve = path == "serve";
        if !serve && variable(arg).is_none() {
            return;
        }
        let key = variable(arg)
            .map(str::to_string)
            .unwrap_or_else(|| format!("--{}", arg.get_long().unwrap_or_default()));
        let command = format!("supplysite {path}");
        if let Some(&(g, i)) = by_key.get(&key) {
            let commands = &mut groups[g].1[i].commands;
            if !commands.contains(&command) {
                commands.push(command);
            }
            return;
        }
        let heading = if serve {
            arg.get_help_heading().unwrap_or("Server").to_string()
        } else {
            format!("`{command}`")
        };
        let g = match groups.iter().position(|(h, _)| *h == heading) {
            Some(g) => g,
            None => {
                groups.push((heading, Vec::new()));
                groups.len() - 1
            }
        };
        by_key.insert(key, (g, groups[g].1.len()));
        groups[g].1.push(Documented {
            arg,
            commands: vec![command],
        });
    });
    groups
}

/// Calls `f` with each setting of each subcommand, `serve` first, then the others in order.
fn walk<'a>(cmd: &'a Command, path: String, f: &mut dyn FnMut(&str, &'a Arg)) {
    let mut subs: Vec<&Command> = cmd.get_subcommands().collect();
    subs.sort_by_key(|s| s.get_name() != "serve");
    for sub in subs {
        let path = if path.is_empty() {
            sub.get_name().to_string()
        } else {
            format!("{path} {}", sub.get_name())
        };
        if path == "config" || sub.get_name() == "help" {
            continue;
        }
        for arg in sub.get_arguments().filter(|a| is_setting(a)) {
            f(&path, arg);
        }
        walk(sub, path, f);
    }
}

/// The setting's documentation: its doc comment, paragraphs kept.
fn doc(arg: &Arg) -> String {
    let text = arg
        .get_long_help()
        .or(arg.get_help())
        .map(|h| h.to_string())
        .unwrap_or_default();
    let text = text.trim().to_string();
    if text.is_empty() || text.ends_with(['.', ')', ':']) {
        text
    } else {
        format!("{text}.")
    }
}

fn default(arg: &Arg) -> Option<String> {
    let values: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    (!values.is_empty()).then(|| values.join(","))
}

/// `docs/settings.md`: the reference of every setting, from the declarations.
pub fn reference(cli: &Command) -> String {
    let mut out = String::from(
        "# Settings\n\n\
         <!-- Generated from the settings' declarations by `supplysite config docs`; a test fails when it is stale. Regenerate: UPDATE_SETTINGS_DOC=1 cargo test -p supplysite-cli --test config -->\n\n\
         Every setting of `supplysite serve` is an environment variable and a flag (the flag wins); \
         a `.env` file in the working directory (or a parent) is read first, without replacing variables already \
         set. A variable set to nothing counts as unset. Nothing is required: the defaults serve \
         the demo at http://127.0.0.1:8080. A malformed value stops start-up with exit status 2 \
         and a message naming every malformed setting, its value (never a secret's) and what is \
         expected.\n\n\
         `supplysite config check` takes the same settings as `serve` and prints each one with \
         its value and where it came from (default, environment, `.env` or flag), secrets as \
         `(set)` or `(unset)`; it exits 0, or 2 naming each bad setting. `.env.example` lists \
         the same settings, every line commented out.\n",
    );
    for (heading, settings) in catalogue(cli) {
        let _ = write!(out, "\n## {heading}\n");
        for s in settings {
            let title = match (variable(s.arg), s.arg.get_long()) {
                (Some(var), _) => format!("`{var}`"),
                (None, Some(long)) => format!("`--{long}`"),
                (None, None) => s.arg.get_id().to_string(),
            };
            let _ = write!(out, "\n### {title}\n\n{}\n\n", doc(s.arg));
            if let (Some(_), Some(long)) = (variable(s.arg), s.arg.get_long()) {
                let _ = writeln!(out, "- Flag: `--{long}`");
            }
            match default(s.arg) {
                Some(d) if !matches!(s.arg.get_action(), ArgAction::SetTrue) => {
                    let _ = writeln!(out, "- Default: `{d}`");
                }
                _ if matches!(s.arg.get_action(), ArgAction::SetTrue) => {
                    let _ = writeln!(out, "- A switch: off unless given");
                }
                _ => {
                    let _ = writeln!(out, "- Default: unset");
                }
            }
            let possible = names(&s.arg.get_possible_values());
            if !possible.is_empty() && s.arg.get_action().takes_values() {
                let quoted: Vec<String> = possible.iter().map(|p| format!("`{p}`")).collect();
                let _ = writeln!(out, "- One of: {}", quoted.join(", "));
            }
            if is_secret(s.arg) {
                let _ = writeln!(
                    out,
                    "- Secret: never logged, shown in errors or sent to the browser; `config check` prints `(set)`"
                );
            }
            let commands: Vec<String> = s.commands.iter().map(|c| format!("`{c}`")).collect();
            let _ = writeln!(out, "- Read by: {}", commands.join(", "));
        }
    }
    out
}

/// `.env.example`: every setting with a variable, its documentation as a comment and its line
/// commented out, so a copied file changes nothing until a line is opened.
pub fn env_example(cli: &Command) -> String {
    let mut out = String::from(
        "# Settings of `supplysite`, generated from their declarations (docs/settings.md is the\n\
         # reference; `supplysite config check` shows what a deployment resolved). Copy to .env\n\
         # (never commit .env) or set them in the environment; a flag, shown in brackets, wins\n\
         # over both. Every line is commented out: nothing is required, and the defaults shown\n\
         # serve the demo at http://127.0.0.1:8080. Open a line to change it.\n",
    );
    for (heading, settings) in catalogue(cli) {
        let heading = heading.replace('`', "");
        let _ = write!(out, "\n# {}\n# {heading}\n", "-".repeat(94));
        for s in settings {
            let Some(var) = variable(s.arg) else { continue };
            let mut text = doc(s.arg);
            if let Some(long) = s.arg.get_long() {
                text.push_str(&format!(" [--{long}]"));
            }
            if is_secret(s.arg) {
                text.push_str(" Secret: never logged or shown.");
            }
            out.push('\n');
            for line in wrap(&text, 94) {
                let _ = writeln!(out, "# {line}");
            }
            let value = default(s.arg).unwrap_or_default();
            let _ = writeln!(out, "# {var}={}", quote(&value));
        }
    }
    out
}

/// `value` as a `.env` value: quoted when it holds blanks or characters a shell would read.
fn quote(value: &str) -> String {
    if value
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-_./:,+@%".contains(&b))
    {
        value.to_string()
    } else {
        format!("\"{}\"", value.replace('\\', "\\\\").replace('"', "\\\""))
    }
}

/// `text` in lines of at most `width` characters (a longer word stays whole); blank lines
/// between paragraphs are kept.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, paragraph) in text.split("\n\n").enumerate() {
        if i > 0 {
            lines.push(String::new());
        }
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.push(line);
    }
    lines
}

/// Value parsers shared by the settings: each checks a value once and says what is expected.
pub mod parse {
    use clap::builder::TypedValueParser;

    /// A whole number from `min` to `max`; `what` names it in the error ("number of
    /// seconds").
    pub fn whole(min: u64, max: u64, what: &'static str) -> impl TypedValueParser<Value = u64> {
        move |value: &str| -> Result<u64, String> {
            match value.trim().parse::<u64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => {
                    let range = match (min, max) {
                        (0, u64::MAX) => "0 or more".to_string(),
                        (1, u64::MAX) => "above 0".to_string(),
                        (min, max) => format!("from {min} to {max}"),
                    };
                    Err(format!(
                        "invalid {what} {value:?} (expected a whole number {range})"
                    ))
                }
            }
        }
    }

    /// A whole number of seconds from `min` to `max`.
    pub fn seconds(min: u64, max: u64) -> impl TypedValueParser<Value = std::time::Duration> {
        whole(min, max, "number of seconds").map(std::time::Duration::from_secs)
    }

    /// A whole number of milliseconds from `min` to `max`.
    pub fn millis(min: u64, max: u64) -> impl TypedValueParser<Value = std::time::Duration> {
        whole(min, max, "number of milliseconds").map(std::time::Duration::from_millis)
    }

    /// A count of things from `min` to `max`.
    pub fn count(min: u64, max: u64, what: &'static str) -> impl TypedValueParser<Value = usize> {
        whole(min, max, what).map(|n| usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// A switch: 1, true or on; 0, false or off.
    pub fn switch(value: &str) -> Result<bool, String> {
        match value.trim() {
            "1" | "true" | "on" => Ok(true),
            "0" | "false" | "off" => Ok(false),
            other => Err(format!("invalid switch {other:?} (expected 1 or 0)")),
        }
    }

    /// Text without surrounding blanks, not empty.
    pub fn text(value: &str) -> Result<String, String> {
        match value.trim() {
            "" => Err("empty value (expected some text; unset the setting instead)".into()),
            v => Ok(v.to_string()),
        }
    }

    /// An `http://` or `https://` URL.
    pub fn http_url(value: &str) -> Result<String, String> {
        let value = value.trim();
        if value.starts_with("https://") || value.starts_with("http://") {
            Ok(value.to_string())
        } else {
            Err(format!("{value:?} is not an http:// or https:// URL"))
        }
    }

    /// A secret of at least `min` characters; the error gives its length, never the value.
    pub fn secret_at_least(
        min: usize,
    ) -> impl TypedValueParser<Value = supplysite_core::secret::Secret> {
        move |value: &str| {
            supplysite_core::secret::Secret::at_least(value, min).map_err(|e| e.to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::builder::TypedValueParser;

    #[test]
    fn wrap_keeps_paragraphs_and_width() {
        let lines = wrap("one two three\n\nfour", 7);
        assert_eq!(lines, ["one two", "three", "", "four"]);
    }

    #[test]
    fn quote_leaves_plain_values_bare() {
        assert_eq!(quote("127.0.0.1:8080"), "127.0.0.1:8080");
        assert_eq!(
            quote("Supplysite <info@supplysite.com.au>"),
            "\"Supplysite <info@supplysite.com.au>\""
        );
    }

    #[test]
    fn a_whole_number_out_of_range_says_what_is_expected() {
        let p = parse::whole(6, 900, "number of seconds");
        let cmd = Command::new("x");
        let e = p.parse_ref(&cmd, None, OsStr::new("5")).unwrap_err();
        assert!(
            std::error::Error::source(&e)
                .unwrap()
                .to_string()
                .starts_with(
                    "invalid number of seconds \"5\" (expected a whole number from 6 to 900)"
                )
        );
    }

    #[test]
    fn a_secret_value_never_appears_in_a_reason() {
        let arg = Arg::new("s")
            .long("s")
            .env("S")
            .hide_env_values(true)
            .value_parser(|v: &str| -> Result<String, String> { Err(format!("bad {v}")) });
        let message = check(&arg, OsStr::new("hunter2-secret")).unwrap_err();
        assert_eq!(message, "S / --s: bad [redacted]");
    }
}
