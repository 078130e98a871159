//! `MailboxDelivery`: `.eml` files a mail parser reads back, escaping, idempotence, contacts.

use crate::support::{T0, enquiry, stored};
use mailparse::MailHeaderMap;
use supplysite_core::contact::{ContactForm, Enquiry};
use supplysite_core::ports::EnquiryDelivery;
use supplysite_mail_adapter::{MailAddress, MailboxDelivery};

fn mailbox(dir: &std::path::Path) -> MailboxDelivery {
    MailboxDelivery::new(
        dir,
        MailAddress::parse("Supplysite Website <website@supplysite.com.au>").unwrap(),
        MailAddress::parse("Supplysite Enquiries <info@supplysite.com.au>").unwrap(),
    )
}

#[tokio::test]
async fn the_notification_is_an_rfc_5322_message_a_parser_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let delivery = mailbox(dir.path());
    let e = stored(
        Enquiry::parse(ContactForm {
            firstname: "Zoë".into(),
            lastname: "Ångström \"Q\"".into(),
            org_name: "Façade & <Sons> Pty Ltd".into(),
            phone: "0400 000 000".into(),
            email: "zoe@example.com".into(),
            message: "Héllo <script>x</script>\nsecond line".into(),
            robot_checked: true,
        })
        .unwrap(),
    );
    delivery.notify_inbox(&e).await.unwrap();

    let raw = std::fs::read(delivery.message_path(&e)).unwrap();
    assert!(
        raw.is_ascii(),
        "headers and body are 7-bit: non-ASCII is encoded"
    );
    let text = String::from_utf8(raw.clone()).unwrap();
    assert!(text.split("\r\n").all(|l| l.len() <= 78), "{text}");
    assert!(
        !text.replace("\r\n", "").contains('\n'),
        "every line ends in CRLF"
    );

    let mail = mailparse::parse_mail(&raw).unwrap();
    let h = &mail.headers;
    assert_eq!(
        h.get_first_value("From").unwrap(),
        "\"Supplysite Website\" <website@supplysite.com.au>"
    );
    assert_eq!(
        h.get_first_value("To").unwrap(),
        "\"Supplysite Enquiries\" <info@supplysite.com.au>"
    );
    let reply_to = mailparse::addrparse_header(h.get_first_header("Reply-To").unwrap()).unwrap();
    let mailparse::MailAddr::Single(visitor) = &reply_to[0] else {
        panic!("one mailbox")
    };
    assert_eq!(visitor.display_name.as_deref(), Some("Zoë Ångström \"Q\""));
    assert_eq!(visitor.addr, "zoe@example.com");
    assert_eq!(
        h.get_first_value("Subject").unwrap(),
        "Website enquiry from Zoë Ångström \"Q\" (Façade & <Sons> Pty Ltd)"
    );
    assert_eq!(
        h.get_first_value("Date").unwrap(),
        "Tue, 14 Nov 2023 22:13:20 +0000"
    );
    assert_eq!(
        mailparse::dateparse(&h.get_first_value("Date").unwrap()).unwrap(),
        T0.0 / 1000
    );
    assert_eq!(
        h.get_first_value("Message-ID").unwrap(),
        "<0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b@supplysite.com.au>"
    );
    assert_eq!(h.get_first_value("MIME-Version").unwrap(), "1.0");
    assert_eq!(mail.ctype.mimetype, "text/html");
    assert_eq!(mail.ctype.charset, "utf-8");

    let body = mail.get_body().unwrap();
    assert!(
        body.contains("<td>Zoë Ångström &quot;Q&quot;</td>"),
        "{body}"
    );
    assert!(
        body.contains("<td>Façade &amp; &lt;Sons&gt; Pty Ltd</td>"),
        "{body}"
    );
    assert!(
        body.contains("<td>Héllo &lt;script&gt;x&lt;/script&gt;<br>second line</td>"),
        "{body}"
    );
    assert!(!body.contains("<script>"));
}

#[tokio::test]
async fn a_repeat_for_the_same_enquiry_writes_nothing_and_leaves_no_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let delivery = mailbox(dir.path());
    let e = stored(enquiry("ada@example.com"));
    delivery.notify_inbox(&e).await.unwrap();
    // Mark the file: a second delivery that rewrote it would lose the mark.
    std::fs::write(delivery.message_path(&e), "already delivered").unwrap();
    delivery.notify_inbox(&e).await.unwrap();
    assert_eq!(
        std::fs::read_to_string(delivery.message_path(&e)).unwrap(),
        "already delivered"
    );
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|f| f.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.eml"]);
}

#[tokio::test]
async fn contacts_are_written_by_address_and_updated_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let delivery = mailbox(dir.path());
    delivery
        .upsert_contact(&stored(enquiry("Ada@Example.com")))
        .await
        .unwrap();
    let mut changed = enquiry("Ada@Example.com");
    changed = Enquiry::parse(ContactForm {
        phone: "0411 111 111".into(),
        ..crate::support::form(changed.email())
    })
    .unwrap();
    delivery.upsert_contact(&stored(changed)).await.unwrap();

    let path = delivery.contact_path("Ada@Example.com");
    assert_eq!(path, dir.path().join("contacts/ada@example.com.json"));
    let written: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    assert_eq!(
        written,
        serde_json::json!({
            "email": "Ada@Example.com",
            "attributes": {"FIRSTNAME": "Ada", "LASTNAME": "Lovelace",
                           "ORGANISATION": "Analytical Engines Pty Ltd", "PHONE": "0411 111 111"},
            "updateEnabled": true
        })
    );
    assert_eq!(
        std::fs::read_dir(dir.path().join("contacts"))
            .unwrap()
            .count(),
        1
    );
}

#[tokio::test]
async fn an_unwritable_folder_is_a_transient_failure() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    std::fs::write(&blocker, "").unwrap();
    let err = mailbox(&blocker)
        .notify_inbox(&stored(enquiry("a@example.com")))
        .await
        .unwrap_err();
    assert!(err.is_transient(), "{err}");
}
