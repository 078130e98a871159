//! The home page and the solutions overview.

use super::{
    Block, Card, CardSection, FixedVideo, HomeCopy, REQUEST_A_FREE_DEMO, SolutionsCopy, Testimonial,
};
use crate::video::VideoService;

/// The overview video on the home page, the solutions page and /videopopup.
pub const OVERVIEW_VIDEO: FixedVideo = FixedVideo {
    service: VideoService::Vimeo,
    id: "531481754",
};

/// The home page.
pub const HOME: HomeCopy = HomeCopy {
    hero_title: super::SUPPLY_CHAIN_SOFTWARE,
    hero_lead: "Cloud e-sourcing and supplier management for Australian and New Zealand organisations: run tenders and auctions, know your suppliers, manage contracts and measure performance, all on one platform.",
    story_button: "SEE HOW WE MANAGE CONTRACTOR COMPLIANCE",
    contact_button: "BOOK A DEMO",
    hero_about_button: "ABOUT US",
    platform_intro: Block {
        heading: "One platform from sourcing to supplier performance",
        paragraphs: &[
            "Procurement teams lose weeks to spreadsheets, email chains and documents nobody can find. Our suite brings sourcing, supplier information, contracts and performance onto one secure, ISO27001-certified cloud platform, with one record for every supplier.",
            "Start with the module you need today and add the rest as you grow. Each one works on its own and is better together.",
        ],
    },
    overview_video: OVERVIEW_VIDEO,
    overview_label: "WATCH THE OVERVIEW",
    food_industry: Block {
        heading: "Made for food and beverage makers",
        paragraphs: &[
            "Specifications, allergens, certificates and supplier approvals: our food industry software gives quality and technical teams one trusted source of product and supplier data.",
        ],
    },
    food_industry_button: "FOOD INDUSTRY SOFTWARE",
    how_it_works: CardSection {
        heading: "How It Works",
        intro: "Three steps to a procurement function that runs on data, not email.",
        cards: &[
            Card {
                title: "1. Source",
                text: "Run RFIs, RFPs, RFQs, tenders and live reverse auctions online, with every response side by side and a full audit trail.",
            },
            Card {
                title: "2. Contract",
                text: "Award, store and manage contracts centrally, with approvals, obligations and alerts well before renewal dates.",
            },
            Card {
                title: "3. Manage",
                text: "Keep supplier information current and measure performance with scorecards, surveys and KPIs.",
            },
        ],
    },
    featured_quote: Testimonial {
        quote: "We replaced five disconnected tools with one platform. Our team spends its time negotiating and managing suppliers, not chasing paperwork.",
        role: "General Manager, Procurement",
        organisation: "Australian infrastructure services group",
    },
    why_others_choose: CardSection {
        heading: "Why Others Choose",
        intro: "Public sector agencies, universities, utilities and food makers choose us because:",
        cards: &[
            Card {
                title: "Proven savings",
                text: "Customers have saved 14% on average against their expectations, measured over more than 1,000 auctions in the UK, Australia and New Zealand.",
            },
            Card {
                title: "Faster sourcing",
                text: "eRFx cuts the sourcing cycle time by 1 to 12 weeks, with templates, clarification logs and side-by-side evaluation.",
            },
            Card {
                title: "Secure by design",
                text: "ISO27001 certified, with data hosted in Australia and an audit trail behind every decision.",
            },
            Card {
                title: "Local experience",
                text: "Founded in Sydney in 2007, with 12+ years of services to Australian and New Zealand organisations.",
            },
        ],
    },
    about: Block {
        heading: "About Us",
        paragraphs: &[
            "We were founded in Sydney in 2007 to help Australian and New Zealand organisations buy better and manage their suppliers with confidence. More than 12 years on, our software and services support procurement teams in government, education, utilities, infrastructure and food manufacturing.",
        ],
    },
    about_button: "MORE ABOUT US",
    description: "Supply chain software for Australia and New Zealand: eRFx and e-tender, reverse auctions, strategic sourcing, supplier information, contract and supplier performance management.",
};

/// The solutions overview.
pub const SOLUTIONS: SolutionsCopy = SolutionsCopy {
    intro: &[
        "Eight modules, one platform, one record for every supplier. Source with eRFx, reverse auctions and strategic sourcing management; manage supply with supplier information, contract and performance management; and, for food makers, product information management and food industry plug-ins.",
        "Every module is cloud-hosted, ISO27001 certified and configured to your policies, and each one shares its data with the others, so a supplier onboarded once can be invited to a tender, awarded a contract and scored on performance without being re-keyed.",
    ],
    demo_label: REQUEST_A_FREE_DEMO,
    featured_quote: Testimonial {
        quote: "Sourcing, contracts and supplier performance now share one supplier record, so every team sees the same facts.",
        role: "Director of Procurement",
        organisation: "New Zealand regional council",
    },
    description: "Our Solutions: a cloud supplier-management platform with eRFx, reverse auctions, strategic sourcing, supplier information, contract, performance and product information management.",
};
