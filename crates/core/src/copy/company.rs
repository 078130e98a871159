//! The company: its name, claims, offices and the contact page's copy.

use super::Phone;
use super::{Claim, ContactFormCopy, Office};

/// The brand, in titles and Open Graph.
pub const BRAND: &str = "Supplysite";
/// The legal entity, in the copyright line and structured data.
pub const LEGAL_NAME: &str = "Supplysite Pty Ltd";
/// The logo, a site path.
pub const LOGO: &str = "/images/supplysite-logo.svg";
/// The site's default meta description.
pub const SITE_DESCRIPTION: &str = "Cloud supplier management and e-sourcing software for Australian and New Zealand organisations: eRFx and tendering, reverse auctions, strategic sourcing, supplier information, contracts and supplier performance.";

/// The claims of docs/behaviour.md §1 and §9, as figures.
pub const CLAIMS: &[Claim] = &[
    Claim {
        figure: "2007",
        text: "Founded in Sydney in 2007 to serve Australian and New Zealand organisations",
    },
    Claim {
        figure: "12+ years",
        text: "More than 12 years of procurement services and software",
    },
    Claim {
        figure: "ISO27001",
        text: "ISO27001 certified for information security",
    },
    Claim {
        figure: "14%",
        text: "Average saving against buyer expectations, measured over more than 1,000 auctions in the UK, Australia and New Zealand",
    },
    Claim {
        figure: "1 to 12 weeks",
        text: "Cut from the sourcing cycle time with eRFx",
    },
];

/// The Sydney office, in the footer and structured data.
pub const ORGANISATION_ADDRESS: &[&str] = &[
    "Level 9, 60 Clarence Street",
    "Sydney NSW 2000",
    "Australia",
];

/// The Sydney head office's number, in the footer and on the contact page.
pub const AU_PHONE: Phone = Phone {
    label: "AU",
    display: "+61 2 5550 4170",
    href: "tel:+61255504170",
};
/// The New Zealand number, in the footer and on the contact page.
pub const NZ_PHONE: Phone = Phone {
    label: "NZ",
    display: "+64 9 887 0142",
    href: "tel:+6498870142",
};
/// The London office's number, on the contact page.
pub const UK_PHONE: Phone = Phone {
    label: "UK",
    display: "+44 20 7946 0321",
    href: "tel:+442079460321",
};
/// The numbers in the footer's contact block and the site's structured data.
pub const PHONES: &[Phone] = &[AU_PHONE, NZ_PHONE];

/// The contact page's introduction.
pub const CONTACT_INTRO: &str = "Talk to us about a tender, an auction, your supplier base or a demo of the suite. Our team in Sydney looks after customers in Australia and New Zealand, and our UK office looks after Europe.";

/// The three offices of the contact page.
pub const OFFICES: &[Office] = &[
    Office {
        country: "Australia",
        heading: "Sydney (head office)",
        lines: ORGANISATION_ADDRESS,
        phone: Some(AU_PHONE),
        email: Some("info@supplysite.com.au"),
        note: None,
    },
    Office {
        country: "New Zealand",
        heading: "New Zealand",
        lines: &["Serviced out of our Sydney office"],
        phone: Some(NZ_PHONE),
        email: Some("info@supplysite.com.au"),
        note: Some("Our Sydney team works New Zealand business hours for NZ customers."),
    },
    Office {
        country: "United Kingdom",
        heading: "London",
        lines: &[
            "Suite 4, 12 Hatton Garden",
            "London EC1N 8AN",
            "United Kingdom",
        ],
        phone: Some(UK_PHONE),
        email: Some("uk@supplysite.com.au"),
        note: None,
    },
];

/// The contact form's labels and messages.
pub const CONTACT_FORM: ContactFormCopy = ContactFormCopy {
    heading: super::SEND_US_A_MESSAGE,
    intro: "Tell us a little about your organisation and we will be in touch within one business day.",
    first_name: "First name",
    last_name: "Last name",
    org_name: "Organisation name",
    phone: "Phone number",
    email: "Email",
    message: "Message (optional)",
    robot: "I'm not a robot",
    submit: "SEND MESSAGE",
    submitting: "Sending...",
    thank_you: "Thank you for your message. One of our team will be in touch shortly.",
    failed: "Sorry, your message could not be sent. Please try again, or call us on one of the numbers above.",
};
