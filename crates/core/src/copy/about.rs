//! The About Us page: the company's story, team and culture.

use super::{AboutCopy, Block};

/// The About Us page.
pub const ABOUT: AboutCopy = AboutCopy {
    intro: Block {
        heading: "About Us",
        paragraphs: &[
            "We build cloud software for procurement, sourcing and supplier management, and we run the services that make it work: reverse auctions, tender support and supplier onboarding. Founded in Sydney in 2007 for Australian and New Zealand organisations, we are ISO27001 certified and have more than 12 years of services behind us.",
        ],
    },
    founder: Block {
        heading: "How it started",
        paragraphs: &[
            "Our founder spent the early 2000s running tenders for councils and hospitals across New South Wales, where every evaluation meant binders, spreadsheets and weeks of reconciling supplier responses by hand. In 2007 she set up a small team in Sydney to run online reverse auctions for public sector buyers, and to prove that a fair, transparent process could also save money.",
            "The auctions worked, and customers asked for the rest of the process online too. Tendering came next, then supplier information, contracts and performance, each built alongside the procurement teams who would use it. Today the same Sydney-based team supports organisations in Australia, New Zealand and the UK.",
        ],
    },
    team: Block {
        heading: "Our Team",
        paragraphs: &[
            "Our people have run tenders, managed categories and audited suppliers themselves. Procurement specialists, auction managers, product designers and engineers work side by side, so the software reflects how procurement is really done, and the person who answers your call understands the problem.",
        ],
    },
    culture: Block {
        heading: "Our Culture",
        paragraphs: &[
            "We value plain speaking, fair dealing and finishing what we start. We keep our customers' data safe because it is theirs, we publish what we learn, and we measure ourselves by the savings and time our customers can prove, not by features shipped.",
        ],
    },
    cta: Block {
        heading: "Let's talk about your procurement",
        paragraphs: &[
            "Whether you are planning your first online tender or replacing a patchwork of tools, we would be glad to show you what the platform can do.",
        ],
    },
    cta_button: "CONTACT US",
    description: "Founded in Sydney in 2007, we build ISO27001-certified procurement and supplier-management software for Australian and New Zealand organisations.",
};
