//! `supplysite validate-contact` end to end: the built binary, JSON on stdin, exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn validate_contact(stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_supplysite"))
        .arg("validate-contact")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the supplysite binary starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("stdin takes the input");
    child.wait_with_output().expect("the binary finishes")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

#[test]
fn a_valid_form_prints_valid_on_one_line_and_exits_0() {
    let out = validate_contact(
        r#"{"firstname":"Ada","lastname":"Lovelace","orgName":"Engines Pty Ltd",
            "phone":"0400 000 000","email":"ada@example.com","message":"",
            "robotChecked":true}"#,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "{\"valid\":true,\"errors\":{}}\n");
}

#[test]
fn an_empty_object_lists_every_error_in_form_order_and_exits_1() {
    let out = validate_contact("{}");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        concat!(
            r#"{"valid":false,"errors":{"firstname":"First name is required.","#,
            r#""lastname":"Last name is required.","orgName":"Organisation name is required.","#,
            r#""phone":"Phone number is required","email":"Email is required.","#,
            r#""robot":"Please select 'I'm not a robot' checkbox."}}"#,
            "\n"
        )
    );
}

#[test]
fn a_short_phone_and_a_bad_email_get_the_documented_messages() {
    let out = validate_contact(
        r#"{"firstname":"Ada","lastname":"L","orgName":"O","phone":"12345",
            "email":"a@b..c","robotChecked":true}"#,
    );
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"valid": false, "errors": {
            "phone": "Enter a valid phone number", "email": "Enter a valid email."}})
    );
}

#[test]
fn input_that_is_not_a_json_object_exits_2_with_a_reason_on_stderr() {
    for (input, reason) in [
        ("", "stdin is not valid JSON"),
        ("not json", "stdin is not valid JSON"),
        ("[1, 2]", "stdin is not a JSON object (found an array)"),
        ("\"text\"", "stdin is not a JSON object (found a string)"),
        (
            r#"{"phone": 400000000}"#,
            "\"phone\" must be a string or null (found a number)",
        ),
        (
            r#"{"robotChecked": "yes"}"#,
            "\"robotChecked\" must be a boolean or null (found a string)",
        ),
    ] {
        let out = validate_contact(input);
        assert_eq!(out.status.code(), Some(2), "{input:?}");
        assert_eq!(stdout(&out), "", "{input:?}");
        assert!(stderr(&out).contains(reason), "{input:?}: {}", stderr(&out));
    }
}

#[test]
fn help_explains_input_output_and_exit_status() {
    let out = Command::new(env!("CARGO_BIN_EXE_supplysite"))
        .args(["validate-contact", "--help"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let help = stdout(&out);
    for needle in [
        "robotChecked",
        "Exit status: 0 when the form is valid",
        "\"valid\":bool",
    ] {
        assert!(help.contains(needle), "{needle:?} missing from:\n{help}");
    }
}
