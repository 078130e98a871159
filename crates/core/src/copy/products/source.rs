//! The Source modules: eRFx (e-tender), reverse auction (eAuction) and strategic sourcing.

use crate::copy::{
    Block, Card, CardSection, Claim, DOWNLOAD_FACTSHEET, DOWNLOAD_SOURCING_MANAGEMENT_FACTSHEET,
    FixedVideo, ProductCopy, Testimonial, VIEW_DEMO, VIEW_STRATEGIC_SOURCING_VIDEO,
};
use crate::routes::ProductPage;
use crate::video::VideoService;

pub const ETENDER: ProductCopy = ProductCopy {
    page: ProductPage::Etender,
    name: "eRFx and eTender",
    summary: "Run RFIs, RFPs, RFQs and tenders online, with every submission side by side.",
    icon: "/images/icons/etender.svg",
    hero_title: "eRFx and eTender Software",
    hero_lead: "Issue requests for information, proposal, quote and tender from one place, compare every supplier's response side by side, and keep a complete audit trail of the process.",
    logo: "/images/products/etender.svg",
    logo_size: (277, 56),
    testimonial: Testimonial {
        quote: "Our tender evaluations used to live in a dozen spreadsheets. Now the panel scores in one place, suppliers get the same answers at the same time, and we award weeks sooner.",
        role: "Procurement Manager",
        organisation: "Regional council, New South Wales",
    },
    what_it_is: Block {
        heading: "What is eRFx?",
        paragraphs: &[
            "eRFx is the online home for your requests for information (RFI), proposal (RFP), quote (RFQ) and tender (RFT). You build the request from templates, invite suppliers, answer their questions in a clarification log everyone can see, and receive structured responses instead of attachments by email.",
            "Because every response arrives in the same shape, your evaluation panel compares suppliers side by side, scores against weighted criteria and records its reasoning. Every action is time-stamped in an audit trail, and the platform is ISO27001 certified, so probity reviews hold no surprises.",
        ],
    },
    claim: Some(Claim {
        figure: "1 to 12 weeks",
        text: "Cut from the sourcing cycle time with eRFx",
    }),
    features: CardSection {
        heading: "How It Works",
        intro: "From the first draft to the award letter, in four steps.",
        cards: &[
            Card {
                title: "Build the request",
                text: "Start from an RFI, RFP, RFQ or RFT template with your standard clauses, questions, pricing schedules and weightings.",
            },
            Card {
                title: "Invite and clarify",
                text: "Invite known suppliers or publish openly. Questions and answers go into one clarification log, shared with every respondent.",
            },
            Card {
                title: "Compare side by side",
                text: "Structured submissions line up question by question and price by price, so the panel compares like with like.",
            },
            Card {
                title: "Evaluate and award",
                text: "Panel members score independently against weighted criteria; consensus, moderation and the award decision are all recorded.",
            },
        ],
    },
    how_it_works: None,
    extra: &[],
    quotes: &[],
    video: FixedVideo {
        service: VideoService::Vimeo,
        id: "531482177",
    },
    demo_label: VIEW_DEMO,
    factsheet_label: DOWNLOAD_FACTSHEET,
    description: "eRFx and e-tender software for RFI, RFP, RFQ and RFT: side-by-side supplier submissions, weighted evaluation and a full audit trail. ISO27001 certified.",
};

pub const EAUCTION: ProductCopy = ProductCopy {
    page: ProductPage::ReverseAuctionEauction,
    name: "Reverse Auction (eAuction)",
    summary: "A managed live price negotiation that saves 14% on average.",
    icon: "/images/icons/reverse-auction-eauction.svg",
    hero_title: "Reverse Auction (eAuction)",
    hero_lead: "A managed, live price negotiation in which qualified suppliers compete in real time, and you see the market price rather than guess it.",
    logo: "/images/products/reverse-auction-eauction.svg",
    logo_size: (265, 56),
    testimonial: Testimonial {
        quote: "We went in expecting a modest improvement on our freight rates. After forty minutes of live bidding we were well ahead of budget, and every supplier told us the process was fair.",
        role: "Head of Procurement",
        organisation: "National logistics provider",
    },
    what_it_is: Block {
        heading: "What is a reverse auction?",
        paragraphs: &[
            "In a reverse auction, suppliers who have already qualified on quality, capability and terms bid downwards on price during a fixed, live event. Each bidder sees its rank or the leading price, and responds in real time.",
            "Ours is a managed service: our auction specialists help you choose the lots, set the rules, brief and train your suppliers, and run the event with you on the day. Measured over more than 1,000 auctions in the UK, Australia and New Zealand, customers have saved 14% on average against their own expectations.",
        ],
    },
    claim: Some(Claim {
        figure: "14%",
        text: "Average saving against buyer expectations, measured over more than 1,000 auctions in the UK, Australia and New Zealand",
    }),
    features: CardSection {
        heading: "How It Works",
        intro: "A managed event, from lot design to award.",
        cards: &[
            Card {
                title: "Design the lots",
                text: "We help you group what you buy into lots suppliers can price with confidence, and set the auction format and rules.",
            },
            Card {
                title: "Prepare suppliers",
                text: "Every bidder is qualified before the event, then briefed and trained on the bidding screen so nobody is caught out on the day.",
            },
            Card {
                title: "Run it live",
                text: "Suppliers bid in real time with automatic extensions near the close. Our specialists watch the event with you from start to finish.",
            },
            Card {
                title: "Award with evidence",
                text: "Every bid is recorded. The auction report shows how the price moved and supports your award recommendation.",
            },
        ],
    },
    how_it_works: None,
    extra: &[],
    quotes: &[],
    video: FixedVideo {
        service: VideoService::Vimeo,
        id: "531482613",
    },
    demo_label: VIEW_DEMO,
    factsheet_label: DOWNLOAD_FACTSHEET,
    description: "Managed reverse auctions (eAuctions) that have saved 14% on average against buyer expectations over more than 1,000 auctions in the UK, Australia and New Zealand.",
};

pub const SOURCING: ProductCopy = ProductCopy {
    page: ProductPage::SourcingManagement,
    name: "Strategic Sourcing",
    summary: "Plan the sourcing pipeline, allocate projects and automate the workflow.",
    icon: "/images/icons/sourcing-management.svg",
    hero_title: "Strategic Sourcing Management",
    hero_lead: "See every sourcing project from pipeline to contract in one place: plan the year, allocate the work, and let workflows, forms and reminders keep it moving.",
    logo: "/images/products/sourcing-management.svg",
    logo_size: (302, 56),
    testimonial: Testimonial {
        quote: "For the first time we can show the executive the whole sourcing pipeline, who is working on what and where each project is stuck, without chasing anyone for an update.",
        role: "Chief Procurement Officer",
        organisation: "State government agency",
    },
    what_it_is: Block {
        heading: "What is strategic sourcing management?",
        paragraphs: &[
            "Strategic sourcing management plans and runs your sourcing projects as one pipeline. Each project moves through stages you define, with smart forms for requests and business cases, automated workflows, approval routing and email reminders before anything falls behind.",
            "A live dashboard shows the pipeline by category, value and stage, and reporting and a complete audit record show how every decision was made. When a project is ready to go to market, it runs in eRFx or as a reverse auction and the results flow straight back.",
        ],
    },
    claim: None,
    features: CardSection {
        heading: "How It Works",
        intro: "One pipeline from request to contract.",
        cards: &[
            Card {
                title: "Pipeline planning",
                text: "Forecast the year's sourcing activity by category, value and contract expiry, and plan capacity before the work arrives.",
            },
            Card {
                title: "Project allocation",
                text: "Assign projects to the right category manager and balance the load across the team.",
            },
            Card {
                title: "Workflows and smart forms",
                text: "Automated workflows, smart forms, approval routing and email reminders move each project through its stages.",
            },
            Card {
                title: "Dashboard and reporting",
                text: "A live dashboard, standard reports and a full audit record for every project and decision.",
            },
        ],
    },
    how_it_works: None,
    extra: &[],
    quotes: &[],
    video: FixedVideo {
        service: VideoService::Vimeo,
        id: "531483017",
    },
    demo_label: VIEW_STRATEGIC_SOURCING_VIDEO,
    factsheet_label: DOWNLOAD_SOURCING_MANAGEMENT_FACTSHEET,
    description: "Strategic sourcing management software: pipeline planning, project allocation, automated workflows, smart forms, approval routing, dashboards and a full audit record.",
};
