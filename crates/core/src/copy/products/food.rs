//! The Product and Food Industry modules: product information management and software for food
//! makers.

use crate::copy::{
    Block, Card, CardSection, DOWNLOAD_FACTSHEET, FixedVideo, ProductCopy, Testimonial, VIEW_DEMO,
};
use crate::routes::ProductPage;
use crate::video::VideoService;

pub const PIM: ProductCopy = ProductCopy {
    page: ProductPage::ProductInformationManagement,
    name: "Product Information",
    summary: "Specifications, ingredients and allergens, collected from suppliers and kept current.",
    icon: "/images/icons/product-information-management.svg",
    hero_title: "Product Information Management for Food",
    hero_lead: "Collect, approve and keep current every specification your suppliers provide: ingredients, allergens, nutrition, country of origin and certificates.",
    logo: "/images/products/product-information-management.svg",
    logo_size: (315, 56),
    testimonial: Testimonial {
        quote: "Our technical team used to spend Mondays chasing specifications. Now suppliers complete them online, approvals take hours, and an allergen query is answered in minutes.",
        role: "Quality and Technical Manager",
        organisation: "New Zealand dairy and snacks manufacturer",
    },
    what_it_is: Block {
        heading: "What is product information management?",
        paragraphs: &[
            "Product information management is built for food and beverage makers. Suppliers complete raw material and packaging specifications online, including ingredients, allergens, nutrition, country of origin and certifications, and your quality and technical team reviews and approves them.",
            "Approved specifications become one trusted library. Changes are versioned, expiring certificates trigger reminders, and the data flows into labelling and recipe systems instead of being re-keyed.",
        ],
    },
    claim: None,
    features: CardSection {
        heading: "Benefits",
        intro: "Specification data you can stand behind.",
        cards: &[
            Card {
                title: "Supplier-completed specifications",
                text: "Structured online forms replace emailed PDFs, and suppliers see exactly what is missing.",
            },
            Card {
                title: "Allergen and origin confidence",
                text: "Allergens, ingredients and country of origin are captured to a standard, ready for labels and audits.",
            },
            Card {
                title: "Approval workflow",
                text: "Quality and technical reviewers approve, query or reject each specification, with every version kept.",
            },
            Card {
                title: "Certificate tracking",
                text: "HACCP, organic, halal and other certificates carry expiry dates and automatic reminders.",
            },
        ],
    },
    how_it_works: None,
    extra: &[],
    quotes: &[],
    video: FixedVideo {
        service: VideoService::Vimeo,
        id: "531484025",
    },
    demo_label: VIEW_DEMO,
    factsheet_label: DOWNLOAD_FACTSHEET,
    description: "Product information management for food makers: supplier specifications, ingredients, allergens, country of origin and certificates, approved and kept current.",
};

pub const FOOD: ProductCopy = ProductCopy {
    page: ProductPage::FoodIndustrySoftware,
    name: "Food Industry Software",
    summary: "Software and plug-ins for food makers, from specifications to supplier approval.",
    icon: "/images/icons/food-industry-software.svg",
    hero_title: "Software for Food Makers",
    hero_lead: "Supplier approval, specifications, certificates and performance for food and beverage manufacturers, built with quality and technical teams.",
    logo: "/images/products/food-industry-software.svg",
    logo_size: (353, 56),
    testimonial: Testimonial {
        quote: "When a retailer audit asks for the allergen status of every raw material, we answer from one system the same afternoon.",
        role: "Technical Director",
        organisation: "Australian bakery group",
    },
    what_it_is: Block {
        heading: "Built for the food industry",
        paragraphs: &[
            "Food makers answer to regulators, retailers and consumers for every ingredient they buy. Our food industry software and plug-ins bring supplier approval, product specifications, certificates and supplier performance into one place, designed around how quality and technical teams actually work.",
            "Start with the module you need most, and connect it to your ERP, labelling and recipe systems with our plug-ins.",
        ],
    },
    claim: None,
    features: CardSection {
        heading: "Benefits",
        intro: "Less chasing, fewer surprises, faster audits.",
        cards: &[
            Card {
                title: "Supplier approval",
                text: "Approve new suppliers against your food safety questionnaire, with site audits and corrective actions tracked.",
            },
            Card {
                title: "Specifications in one library",
                text: "Raw material and packaging specifications, versioned and approved, ready for labelling and recipe systems.",
            },
            Card {
                title: "Audit-ready at any time",
                text: "Certificates, approvals and specification histories are one search away when an auditor calls.",
            },
            Card {
                title: "Plug-ins for your systems",
                text: "Connect to ERP, labelling and recipe software so approved data is never re-keyed.",
            },
        ],
    },
    how_it_works: None,
    extra: &[Block {
        heading: "The challenge",
        paragraphs: &[
            "A mid-sized food manufacturer can hold thousands of specifications from hundreds of suppliers, each with certificates that expire and ingredients that change. Kept in email and spreadsheets, that information is out of date the day it is filed, and a single undeclared allergen can mean a recall.",
        ],
    }],
    quotes: &[
        Testimonial {
            quote: "We cut the time to approve a new ingredient supplier from six weeks to under two.",
            role: "Procurement Lead",
            organisation: "Australian beverage manufacturer",
        },
        Testimonial {
            quote: "Specification changes used to surprise us at the production line. Now we approve them before the first delivery.",
            role: "Quality Assurance Manager",
            organisation: "New Zealand meat processor",
        },
    ],
    video: FixedVideo {
        service: VideoService::Vimeo,
        id: "531484330",
    },
    demo_label: VIEW_DEMO,
    factsheet_label: DOWNLOAD_FACTSHEET,
    description: "Food industry software and plug-ins for food and beverage makers: supplier approval, specifications, allergens, certificates and audits.",
};
