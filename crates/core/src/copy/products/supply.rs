//! The Supply modules: supplier information, contract management and supplier performance.

use crate::copy::{
    Block, Card, CardSection, DOWNLOAD_FACTSHEET, FixedVideo, ProductCopy, Testimonial, VIEW_DEMO,
};
use crate::routes::ProductPage;
use crate::video::VideoService;

pub const SIM: ProductCopy = ProductCopy {
    page: ProductPage::SupplierInformationManagement,
    name: "Supplier Information",
    summary: "One verified record for every supplier, kept current by the suppliers themselves.",
    icon: "/images/icons/supplier-information-management.svg",
    hero_title: "Supplier Information Management",
    hero_lead: "Onboard suppliers once, keep their details, insurances, certificates and compliance documents current, and give everyone in the organisation one record they can trust.",
    logo: "/images/products/supplier-information-management.svg",
    logo_size: (328, 56),
    testimonial: Testimonial {
        quote: "Supplier onboarding went from a two-week paper chase to a two-day online process, and expired insurances no longer slip through.",
        role: "Supplier Relationship Lead",
        organisation: "Australian university",
    },
    what_it_is: Block {
        heading: "What is supplier information management?",
        paragraphs: &[
            "Supplier information management gives every supplier a single, verified record: company and bank details, contacts, insurances, certifications, modern slavery and work health and safety responses, and the documents behind them.",
            "Suppliers maintain their own details through a portal, and the system reminds them before a certificate or policy expires. Procurement, finance and the business all see the same current record, instead of copies scattered across inboxes and spreadsheets.",
        ],
    },
    claim: None,
    features: CardSection {
        heading: "Features",
        intro: "Everything you need to know about a supplier, in one place.",
        cards: &[
            Card {
                title: "Online onboarding",
                text: "Configurable questionnaires collect company, bank, insurance and compliance details, with approvals before a supplier goes live.",
            },
            Card {
                title: "Document expiry alerts",
                text: "Insurances, licences and certificates carry expiry dates, and suppliers are reminded to upload renewals in time.",
            },
            Card {
                title: "Supplier self-service",
                text: "Suppliers update their own contacts and documents through a secure portal; changes to sensitive fields are approved first.",
            },
            Card {
                title: "Search and segment",
                text: "Find suppliers by category, region, certification or risk rating, and invite the right ones to your next tender.",
            },
        ],
    },
    how_it_works: Some(CardSection {
        heading: "How It Works",
        intro: "From invitation to a trusted record in three steps.",
        cards: &[
            Card {
                title: "Invite",
                text: "Send a supplier a link to the portal, or let them register from your website; the questionnaire asks only what their category needs.",
            },
            Card {
                title: "Verify",
                text: "Your team reviews the answers and documents, checks bank details and insurances, and approves the supplier before they can trade.",
            },
            Card {
                title: "Maintain",
                text: "The supplier keeps the record current, renewals are requested before anything expires, and every change is kept in an audit trail.",
            },
        ],
    }),
    extra: &[],
    quotes: &[],
    video: FixedVideo {
        service: VideoService::Vimeo,
        id: "531483381",
    },
    demo_label: VIEW_DEMO,
    factsheet_label: DOWNLOAD_FACTSHEET,
    description: "Supplier information management software: online onboarding, supplier self-service, compliance documents with expiry alerts and one verified record for every supplier.",
};

pub const CONTRACTS: ProductCopy = ProductCopy {
    page: ProductPage::ContractManagement,
    name: "Contract Management",
    summary: "Store every contract centrally and never miss a renewal again.",
    icon: "/images/icons/contract-management.svg",
    hero_title: "Supplier Contract Management",
    hero_lead: "Manage the whole contract lifecycle in one place: central storage, approvals, obligations, alerts before expiry and renewals on your terms.",
    logo: "/images/products/contract-management.svg",
    logo_size: (315, 56),
    testimonial: Testimonial {
        quote: "We found forty contracts that had quietly rolled over in the first month. Now every renewal lands on the right desk ninety days out.",
        role: "Contracts Manager",
        organisation: "New Zealand energy retailer",
    },
    what_it_is: Block {
        heading: "What is supplier contract management?",
        paragraphs: &[
            "Supplier contract management keeps every agreement, variation and supporting document in one secure, searchable register, linked to the supplier and to the sourcing event that created it.",
            "Key dates and obligations become alerts, so renewals, price reviews and expiries reach the contract owner in time to act. Approvals follow your delegations, and a dashboard shows committed spend, upcoming expiries and contracts at risk.",
        ],
    },
    claim: None,
    features: CardSection {
        heading: "Benefits",
        intro: "Control of every contract, from award to renewal.",
        cards: &[
            Card {
                title: "Central storage",
                text: "One register for contracts, variations and documents, searchable by supplier, category, owner or clause.",
            },
            Card {
                title: "Alerts and renewals",
                text: "Automatic reminders before expiry, option dates and price reviews, so nothing rolls over by accident.",
            },
            Card {
                title: "Approvals",
                text: "New contracts and variations are routed for approval according to your financial delegations.",
            },
            Card {
                title: "Dashboard",
                text: "Committed spend, upcoming expiries and obligations at a glance, for each team and the whole organisation.",
            },
        ],
    },
    how_it_works: None,
    extra: &[],
    quotes: &[],
    video: FixedVideo {
        service: VideoService::Vimeo,
        id: "531483702",
    },
    demo_label: VIEW_DEMO,
    factsheet_label: DOWNLOAD_FACTSHEET,
    description: "Supplier contract management software: contract lifecycle, central storage, alerts, renewals, approvals and a contracts dashboard.",
};

pub const SPM: ProductCopy = ProductCopy {
    page: ProductPage::SupplierPerformanceManagement,
    name: "Supplier Performance",
    summary: "Scorecards, 360-degree surveys and KPIs that improve supplier performance.",
    icon: "/images/icons/supplier-performance-management.svg",
    hero_title: "Supplier Performance Management",
    hero_lead: "Measure what your suppliers deliver with scorecards, 360-degree surveys and KPIs, find the gaps, and agree improvements backed by evidence.",
    logo: "/images/products/supplier-performance-management.svg",
    logo_size: (328, 56),
    testimonial: Testimonial {
        quote: "Quarterly reviews used to be opinions. With scorecards and stakeholder surveys behind them, they are now conversations about data, and our key suppliers welcome them.",
        role: "Category Manager",
        organisation: "Australian food and beverage manufacturer",
    },
    what_it_is: Block {
        heading: "What is supplier performance management?",
        paragraphs: &[
            "Supplier performance management brings together hard metrics (delivery in full and on time, quality, SLAs and KPIs) with 360-degree surveys of your stakeholders and of the suppliers themselves.",
            "Scorecards roll the results up for each supplier and category, gap analysis shows where perception and performance differ, and improvement actions are agreed and tracked until they are closed.",
        ],
    },
    claim: None,
    features: CardSection {
        heading: "How It Works",
        intro: "Scorecards, surveys and gap analysis in one cycle.",
        cards: &[
            Card {
                title: "Scorecards",
                text: "Weighted scorecards combine metrics, SLAs and KPIs for each supplier, with trends across review periods.",
            },
            Card {
                title: "360-degree surveys",
                text: "Survey your stakeholders about suppliers, and suppliers about you, for a complete picture of each relationship.",
            },
            Card {
                title: "Gap analysis",
                text: "See where stakeholder and supplier views differ, and where results fall short of the contracted levels.",
            },
            Card {
                title: "Improvement plans",
                text: "Agree actions with each supplier, assign owners and due dates, and track them to completion.",
            },
        ],
    },
    how_it_works: None,
    extra: &[],
    quotes: &[],
    video: FixedVideo {
        service: VideoService::Youtube,
        id: "M7lc1UVf-VE",
    },
    demo_label: VIEW_DEMO,
    factsheet_label: DOWNLOAD_FACTSHEET,
    description: "Supplier performance management software: scorecards, 360-degree supplier and stakeholder surveys, gap analysis, metrics, SLAs and KPIs.",
};
