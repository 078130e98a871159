//! `supplysite validate-contact`: checks one contact form, given as JSON on stdin, by the same
//! rules and messages as the site's contact page and server.

use anyhow::{Context, bail};
use std::io::Read;
use std::process::ExitCode;
use supplysite_core::contact::{ContactForm, validate};

#[derive(clap::Args)]
#[command(after_help = "\
Input: one JSON object on stdin with the keys firstname, lastname, orgName, phone, email, \
message (strings) and robotChecked (boolean). A missing key or null counts as empty or unticked; \
other keys are ignored.

Output: one line, {\"valid\":bool,\"errors\":{\"<field>\":\"<message>\"}}, fields in form order, \
the robot check under the key robot.

Exit status: 0 when the form is valid, 1 when it is not, 2 when stdin is not a JSON object \
or a value has the wrong type (the reason goes to stderr).

Example:
  echo '{\"firstname\":\"Ada\",\"phone\":\"12345\"}' | supplysite validate-contact")]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .context("cannot read stdin as UTF-8 text")?;
    let value: serde_json::Value =
        serde_json::from_str(&input).context("stdin is not valid JSON")?;
    let Some(object) = value.as_object() else {
        bail!("stdin is not a JSON object (found {})", kind(&value));
    };
    // serde's own message does not say which key was wrong; name it for the person at the
    // terminal.
    for (key, expected) in FORM_KEYS {
        match object.get(key) {
            Some(v) if !v.is_null() && kind(v) != expected => {
                bail!("\"{key}\" must be {expected} or null (found {})", kind(v))
            }
            _ => {}
        }
    }
    let form: ContactForm = serde_json::from_value(value).context("stdin is not a contact form")?;
    let validation = validate(&form);
    println!("{}", serde_json::to_string(&validation)?);
    Ok(if validation.is_valid() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The form's keys and the JSON kind each takes.
const FORM_KEYS: [(&str, &str); 7] = [
    ("firstname", "a string"),
    ("lastname", "a string"),
    ("orgName", "a string"),
    ("phone", "a string"),
    ("email", "a string"),
    ("message", "a string"),
    ("robotChecked", "a boolean"),
];

fn kind(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}
