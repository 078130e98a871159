"""Shared media of the demo space: product icons, diagrams used in articles, customer logos
and the product factsheets (one PDF per product page, asset id `factsheet-{page}`)."""

from datetime import datetime, timezone

import pdf
import svg

MEDIA_CREATED = datetime(2019, 1, 21, 23, 0, tzinfo=timezone.utc)

PRODUCT_ICONS = [
    ("icon-erfx", "eRFx", "eTender (eRFx) icon", "teal"),
    ("icon-eauction", "eAuction", "Reverse auction (eAuction) icon", "rust"),
    ("icon-ssm", "SSM", "Strategic sourcing management icon", "navy"),
    ("icon-sim", "SIM", "Supplier information management icon", "green"),
    ("icon-scm", "SCM", "Supplier contract management icon", "plum"),
    ("icon-spm", "SPM", "Supplier performance management icon", "slate"),
    ("icon-pim", "PIM", "Product information management (food industry) icon", "green"),
]

CUSTOMERS = [
    ("Banksia Bay City Council", "navy"),
    ("Kestrel Ridge Shire Council", "green"),
    ("University of the Lachlan Plains", "plum"),
    ("Waiora Institute of Technology", "teal"),
    ("Coolabah Dairy Co-operative", "green"),
    ("Southern Meadow Bakeries", "rust"),
    ("Pohutukawa Fresh Produce", "rust"),
    ("Ironbark Water Corporation", "navy"),
    ("Tasman Ridge Energy", "slate"),
    ("Corella Ports Authority", "teal"),
    ("Redgum Health Network", "plum"),
    ("Mangrove Coast Seafoods", "teal"),
]


def logo_id(name):
    return "logo-" + name.lower().replace(" ", "-")


DIAGRAMS = [
    ("img-sourcing-cycle", lambda: svg.steps("The sourcing cycle", ["Plan the pipeline", "Go to market", "Evaluate", "Award", "Manage the contract"], "teal"), (960, 360)),
    ("img-rfx-types", lambda: svg.steps("Choosing a request type", ["RFI: learn the market", "RFQ: price a known need", "RFP: compare solutions", "RFT: formal tender"], "navy"), (960, 360)),
    ("img-auction-savings", lambda: svg.bars("Average saving against buyer expectation", [("Energy", 18.2), ("Freight and logistics", 15.1), ("Packaging", 14.6), ("Facilities services", 12.3), ("IT hardware", 9.8)], "%", "rust"), (960, 420)),
    ("img-scorecard", lambda: svg.bars("Supplier scorecard: quarterly result", [("On-time delivery", 94), ("Quality (right first time)", 97), ("Responsiveness", 81), ("Invoice accuracy", 88), ("Sustainability", 72)], "%", "slate"), (960, 420)),
    ("img-gap-analysis", lambda: svg.bars("Gap between supplier and stakeholder ratings", [("Communication", 1.8), ("Innovation", 1.4), ("Account management", 0.9), ("Delivery", 0.4), ("Quality", 0.2)], " pts", "plum"), (960, 420)),
    ("img-contract-lifecycle", lambda: svg.steps("The contract lifecycle", ["Request", "Draft and negotiate", "Approve and sign", "Store and obligate", "Monitor", "Renew or exit"], "plum"), (960, 360)),
    ("img-onboarding-steps", lambda: svg.steps("Supplier onboarding", ["Invite", "Self-register", "Verify ABN and insurance", "Approve", "Review yearly"], "green"), (960, 360)),
    ("img-spec-workflow", lambda: svg.steps("Specification approval", ["Supplier submits", "Technical review", "Allergen check", "Sign-off", "Publish to sites"], "green"), (960, 360)),
    ("img-approval-routing", lambda: svg.steps("Approval routing by value", ["Under $50k: manager", "$50k-$250k: category lead", "Over $250k: CPO", "Over $1m: board"], "navy"), (960, 360)),
    ("img-emissions-coverage", lambda: svg.bars("Share of spend with supplier emissions data", [("2023", 18), ("2024", 37), ("2025", 61)], "%", "green"), (960, 420)),
]


FACTSHEETS = [
    ("etender", "eTender (eRFx)", "Run RFIs, RFQs, RFPs and RFTs online, with a full audit trail", [
        ("What it does", [
            "Supplysite eTender takes a request to market from draft to award in one place: publish RFIs, RFQs, RFPs and RFTs, answer supplier questions through a managed clarification board and receive submissions that lock until the closing time.",
            "Evaluation panels score responses side by side against weighted criteria, with conflict-of-interest declarations captured before anyone sees a price.",
        ]),
        ("Why buyers choose it", [
            "- Cuts sourcing cycle time by 1 to 12 weeks by removing email chains and manual collation.",
            "- Every action is time-stamped in an audit trail ready for a probity review.",
            "- Hosted in Australia and ISO27001 certified.",
            "- Suppliers respond free of charge; no software to install.",
        ]),
        ("Who uses it", ["Councils, universities, utilities, health networks and food manufacturers across Australia and New Zealand."]),
    ]),
    ("reverse-auction-eauction", "Reverse auction (eAuction)", "A managed, live price negotiation service", [
        ("What it does", [
            "Suppliers bid down in real time against a reserve you set, while our auction team prepares the lots, trains bidders and runs the event with you on the day.",
        ]),
        ("Results", [
            "- Saves 14% on average against buyer expectations, measured over more than 1,000 auctions in the UK, Australia and New Zealand.",
            "- Rank, price or traffic-light bidding formats to suit the market.",
            "- Post-auction reports show every bid, time and lot for your award recommendation.",
        ]),
        ("Good candidates", ["Energy, freight, packaging, fleet, facilities services, IT hardware and other categories with clear specifications and several able suppliers."]),
    ]),
    ("sourcing-management", "Strategic sourcing management", "Plan, allocate and track every sourcing project", [
        ("What it does", [
            "Build the sourcing pipeline for the year, allocate projects to category managers and move each one through stages with automated workflows, smart forms, email reminders and approval routing.",
        ]),
        ("Features", [
            "- Pipeline planning and project allocation by category, value and due date.",
            "- Smart intake forms and approval routing by value and risk.",
            "- Dashboard and reporting across every project; a complete audit record.",
            "- Connects with eTender and eAuction when a project goes to market.",
        ]),
    ]),
    ("supplier-information-management", "Supplier information management (SIM)", "One trusted record for every supplier", [
        ("What it does", [
            "Suppliers register and keep their own details current: ABN or NZBN, bank details, insurances, licences, certifications, modern slavery statements and contacts. Expiry alerts go to the supplier before a document lapses.",
        ]),
        ("Features", [
            "- Configurable onboarding questionnaires by category and risk.",
            "- ABN look-up, bank detail verification and insurance expiry tracking.",
            "- Compliance dashboard for contractors working on your sites.",
            "- Integrates with finance systems so only approved suppliers can be paid.",
        ]),
    ]),
    ("contract-management", "Supplier contract management", "Contract lifecycle management without the spreadsheet", [
        ("What it does", [
            "Store every contract centrally with its key dates, values, obligations and owners. Alerts warn owners well before expiry and renewal, and approvals follow your delegations.",
        ]),
        ("Features", [
            "- Central, searchable contract register with version history.",
            "- Expiry, renewal and obligation alerts by email.",
            "- Approval workflows and a dashboard of contracts by status, value and risk.",
        ]),
    ]),
    ("supplier-performance-management", "Supplier performance management (SPM)", "Scorecards, surveys and gap analysis", [
        ("What it does", [
            "Measure suppliers against the metrics, SLAs and KPIs in their contracts, and ask stakeholders and suppliers what they think through 360-degree surveys.",
        ]),
        ("Features", [
            "- Scorecards combining system data and survey results.",
            "- 360-degree supplier and stakeholder surveys.",
            "- Gap analysis showing where your view and the supplier's view differ.",
            "- Improvement plans with owners and due dates.",
        ]),
    ]),
    ("product-information-management", "Product information management (PIM) for food", "Specifications, allergens and claims in one place", [
        ("What it does", [
            "Collect raw material and finished product specifications from suppliers, check allergen and nutrition data, and publish approved specifications to every site.",
        ]),
        ("Features", [
            "- Supplier specification portal with version control.",
            "- Allergen, nutrition, country of origin and packaging data fields.",
            "- Review and sign-off workflow for technical and quality teams.",
        ]),
    ]),
    ("food-industry-software", "Software and plug-ins for food makers", "Supplier approval and specifications built for food", [
        ("What it does", [
            "Brings supplier approval, specification management and supplier performance together for food and beverage manufacturers, with plug-ins for the systems you already use.",
        ]),
        ("Benefits", [
            "- Supplier approval questionnaires aligned to GFSI-benchmarked standards.",
            "- Allergen and specification changes flagged before they reach the line.",
            "- Audit-ready records for retailer and regulator audits.",
        ]),
    ]),
]

FOOTER = "Supplysite Pty Ltd - Sydney, Australia - ISO27001 certified - supplysite.com.au"


def build(space):
    for asset_id, tag, label, palette in PRODUCT_ICONS:
        space.svg(asset_id, label, label, svg.icon(tag, label, palette), (96, 96), MEDIA_CREATED)
    for asset_id, make, size in DIAGRAMS:
        data = make()
        alt = data.split(b"<title>")[1].split(b"</title>")[0].decode().replace("&amp;", "&")
        space.svg(asset_id, alt.split(":")[0], alt, data, size, MEDIA_CREATED)
    for name, palette in CUSTOMERS:
        space.svg(logo_id(name), f"{name} logo", f"{name} logo", svg.logo(name, palette), (320, 120), MEDIA_CREATED)
    for segment, product, subtitle, sections in FACTSHEETS:
        data = pdf.build(f"{product} factsheet", subtitle, sections, FOOTER)
        space.pdf(
            f"factsheet-{segment}",
            f"{product} factsheet",
            f"Factsheet: {product}, {subtitle.lower()}",
            f"supplysite-{segment}-factsheet.pdf",
            data,
            MEDIA_CREATED,
        )
