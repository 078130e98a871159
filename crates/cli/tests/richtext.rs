//! `supplysite richtext`: HTML for a document on stdin, exit 2 for anything else.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn richtext(stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_supplysite"))
        .arg("richtext")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run supplysite");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn renders_a_document_as_escaped_html_without_resolving_entry_links() {
    let out = richtext(
        r#"{"nodeType":"document","data":{},"content":[
            {"nodeType":"heading-2","data":{},"content":[{"nodeType":"text","value":"Tenders & <RFx>","marks":[],"data":{}}]},
            {"nodeType":"paragraph","data":{},"content":[
                {"nodeType":"entry-hyperlink","data":{"target":{"sys":{"id":"p1","type":"Link","linkType":"Entry"}}},
                 "content":[{"nodeType":"text","value":"a post","marks":[],"data":{}}]},
                {"nodeType":"hyperlink","data":{"uri":"javascript:alert(1)"},
                 "content":[{"nodeType":"text","value":" and a bad link","marks":[],"data":{}}]}
            ]},
            {"nodeType":"paragraph","data":{},"content":[{"nodeType":"text","value":"","marks":[],"data":{}}]}
        ]}"#,
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "<h2>Tenders &amp; &lt;RFx&gt;</h2><p>a post and a bad link</p>\n"
    );
}

#[test]
fn refuses_json_that_is_not_a_document_with_exit_status_2() {
    let out = richtext(r#"{"nodeType":"paragraph","data":{},"content":[]}"#);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("not a rich-text document") && err.contains("\"paragraph\""),
        "{err}"
    );
}

#[test]
fn refuses_input_that_is_not_json_with_exit_status_2() {
    let out = richtext("<p>hello</p>");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("stdin is not JSON")
    );
}
