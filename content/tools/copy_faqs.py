"""FAQ lists tied to page paths (content types `addOnFaqList`, `faqList`, `faqItem`).

Each entry: (page path without leading slash, list title, [(question, answer), ...]).
An answer may be a pair (en-AU, en-US) where US spelling differs.
"""

FAQS = [
    ("etender", "eTender: frequently asked questions", [
        ("What types of request can I run in eTender?", "RFIs, RFQs, RFPs and RFTs, as well as expressions of interest and multi-stage tenders. Each type has its own templates, which you can adapt to your policies."),
        ("Do suppliers pay to respond?", "No. Suppliers register and respond free of charge, and need nothing more than a web browser."),
        ("How are late submissions handled?", "The response box closes at the exact closing time. Late submissions cannot be uploaded unless the buyer formally extends the closing time for everyone."),
        ("Can we hide prices until the non-price evaluation is finished?", "Yes. Two-envelope evaluation keeps pricing sealed until the panel has completed and locked its non-price scores."),
        ("Is there an audit trail?", "Every action, from publishing to award, is time-stamped and recorded. The audit report can be exported for probity advisers and auditors."),
        ("Where is our data hosted?", "In Australian data centres, under our ISO27001 certified information security management system."),
        ("How long does it take to get started?", "Most customers publish their first request within two weeks of signing up, including training for the procurement team."),
    ]),
    ("reverse-auction-eauction", "eAuction: frequently asked questions", [
        ("What is a managed reverse auction?", "A live online event where pre-qualified suppliers bid down against each other for a contract. Our auction team prepares the lots, trains bidders and runs the event with you."),
        ("How much can we expect to save?", "Across more than 1,000 auctions in the UK, Australia and New Zealand, the average saving is 14% against the buyer's own pre-auction expectation."),
        ("Do we have to award to the lowest bidder?", "No. The award rules are yours and are published to bidders before the event. Many buyers weight quality and service alongside price."),
        ("Which categories suit an auction?", "Categories with a clear specification and at least three able suppliers: energy, freight, packaging, fleet, facilities services and IT hardware are common examples."),
        ("What if a bidder loses their connection?", "Our team is on the phone with bidders throughout the event and can enter a bid on their behalf, and lots extend automatically when late bids arrive."),
    ]),
    ("sourcing-management", "Strategic sourcing: frequently asked questions", [
        ("What is strategic sourcing management?", "Software to plan your sourcing pipeline, allocate projects to your team and move each project through its stages with workflows, forms, reminders and approvals."),
        ("Can we import our existing pipeline?", "Yes. Projects can be imported from a spreadsheet, and projects can also be created automatically from expiring contracts in the contract register."),
        ("How does approval routing work?", "Approval paths are set by value, category and risk. Approvers receive email reminders and can approve from a phone; delegations apply automatically when someone is away."),
        ("Does it connect to eTender and eAuction?", "Yes. When a project is ready to go to market, the request or auction is created from the project, and the results flow back into it."),
    ]),
    ("supplier-information-management", "Supplier information management: frequently asked questions", [
        ("What supplier information can we collect?", "Anything you need: ABN or NZBN, bank details, insurances, licences, certifications, safety documents, modern slavery responses and emissions data, through questionnaires you configure by category and risk."),
        ("Who keeps supplier records up to date?", "Suppliers do, through a self-service portal. They receive reminders before documents expire, and changes to sensitive details such as bank accounts are verified before they take effect."),
        ("Can it check ABNs automatically?", "Yes. ABNs are checked against the Australian Business Register when a supplier registers and again at regular intervals."),
        ("Does it integrate with our finance system?", "Yes. Approved supplier records can be sent to your finance system so that only approved suppliers can be paid."),
        ("Can site supervisors see contractor compliance?", "Yes. A compliance status shows whether a contractor's insurances, licences and inductions are current, and can be checked from a phone."),
        ("Is there a cost for suppliers?", "No. Suppliers register and maintain their records free of charge."),
    ]),
    ("contract-management", "Contract management: frequently asked questions", [
        ("What does the contract register hold?", "Each contract's supplier, owner, value, key dates, extension options, obligations and documents, with a full version history."),
        ("How do renewal alerts work?", "Alerts are set from the contract's dates: typically nine months before expiry for planning, before the notice deadline and again before expiry. You can change the schedule for each contract type."),
        ("Can we load our existing contracts?", "Yes. We help you import existing contracts and their key dates from spreadsheets, and documents can be uploaded in bulk."),
        ("Does it support approvals?", ("Yes. Contracts and variations follow approval workflows based on your delegations, with every approval recorded.", "Yes. Contracts and variations follow approval workflows based on your delegations of authority, with every approval recorded.")),
        ("Can we report on contracts by risk?", "Yes. The dashboard shows contracts by status, value, category, risk rating and expiry, and reports can be exported."),
    ]),
    ("supplier-performance-management", "Supplier performance management: frequently asked questions", [
        ("What is a 360-degree supplier survey?", "A survey in which your stakeholders rate the supplier, the supplier rates itself, and the supplier also rates you as a customer. Comparing the answers shows where views differ."),
        ("What is gap analysis?", "A report comparing stakeholder and supplier ratings on the same questions. Large gaps highlight blind spots to discuss at the next review."),
        ("Can scorecards use data from our systems?", "Yes. Delivery, quality and invoice data can be imported and combined with survey results in one scorecard."),
        ("How do we track SLAs and KPIs?", "Each contract's SLAs and KPIs are set up as measures with targets. Results are recorded each period and shown against the target."),
        ("How often should we review suppliers?", "Quarterly for strategic suppliers and yearly for others works well for most organisations. You can set different cycles by supplier segment."),
    ]),
    ("product-information-management", "Product information management: frequently asked questions", [
        ("What is PIM for food?", "A system for collecting, approving and publishing raw material and finished product specifications, including allergens, nutrition, claims, origin and packaging."),
        ("Can suppliers submit specifications directly?", "Yes. Suppliers complete specifications against your template through a portal, and every version is kept."),
        ("How are allergen changes handled?", "A change to any allergen field triggers a review by your technical team before the new specification version is approved and published."),
        ("Does it help with retailer audits?", "Yes. You can show who approved each specification and when, and which version was current on any date."),
    ]),
    ("food-industry-software", "Software for food makers: frequently asked questions", [
        ("Which food businesses use your software?", "Dairy, bakery, meat, seafood, fresh produce and beverage manufacturers across Australia and New Zealand, from single-site businesses to multi-site groups."),
        ("Do you support GFSI-benchmarked standards?", "Supplier approval questionnaires can be aligned to GFSI-benchmarked schemes, and certificates are tracked with expiry reminders."),
        ("What plug-ins are available?", "Plug-ins connect specifications and supplier approval status to common ERP, quality and label management systems, so approved data flows where it is needed."),
        ("Can we start with one module?", "Yes. Many food makers start with supplier approval or specifications and add performance management later."),
        ("Is there support for packaging data?", "Yes. Specifications can hold component materials, weights, recycled content and recyclability for packaging reporting."),
    ]),
    ("supplier-management-platform", "Our solutions: frequently asked questions", [
        ("Can we buy modules separately?", "Yes. Each module works on its own, and they share supplier and contract records when used together."),
        ("Is the platform ISO27001 certified?", "Yes. Supplysite has been ISO27001 certified since 2015, covering the whole platform and the team that runs it."),
        ("Where is our data stored?", "In Australian data centres. New Zealand customers' data is also hosted in Australia unless agreed otherwise."),
        ("Who supports us?", "Our support team in Sydney, available by phone and email during Australian and New Zealand business hours."),
        ("How long have you been doing this?", ("Supplysite was founded in Sydney in 2007 and has more than 12 years of managed services experience for organisations across Australia and New Zealand.", "Supplysite was founded in Sydney in 2007 and has more than 12 years of managed services experience for organizations across Australia and New Zealand.")),
        ("Can we see a demonstration?", "Yes. Contact us and we will arrange a demonstration focused on your requirements."),
    ]),
    ("case-study/manage-contractor-compliance", "About this customer story", [
        ("How long did the roll-out take?", "Ironbark Water moved its contractor panel onto the portal over ten weeks, starting with contractors working on its largest sites."),
        ("Did contractors need training?", "Most registered without help using the online guides. Our support team assisted around 80 smaller contractors by phone."),
        ("What documents do contractors keep current?", "Public liability insurance, workers compensation, trade licences, safe work method statements and site induction records."),
    ]),
    ("insights/what-is-e-tendering", "e-Tendering questions", [
        ("Is e-tendering required for councils?", "Requirements vary by state and council policy, but most Australian councils now run tenders above the threshold through an electronic platform."),
        ("Can small suppliers use e-tendering?", "Yes. Responding needs only a browser and an email address, and there is no cost to suppliers."),
        ("Is an e-tender legally the same as a paper tender?", "Yes. The conditions of tender govern the process; the platform is how the process is run and recorded."),
    ]),
    ("insights/contract-lifecycle-stages", "Contract lifecycle questions", [
        ("What is contract lifecycle management?", "Managing a contract through every stage, from the first request to renewal or exit, so that risks and obligations are handled at the right time."),
        ("Which stage is most often neglected?", "Monitoring. Once a contract is signed, attention moves on, and performance and obligations are not checked until renewal."),
        ("Where should we start?", "Put every current contract into one register with an owner and an end date."),
        ("Do we need software?", "Not at first, but a spreadsheet rarely survives the departure of the person who built it. Software keeps the alerts and history when people change roles."),
    ]),
    ("insights/allergen-declarations-pim", "Allergen data questions", [
        ("What is Plain English Allergen Labelling?", "Requirements in the Australia New Zealand Food Standards Code for how allergens are named and shown on labels, with a transition period that ended in February 2024."),
        ("How often should suppliers confirm allergen declarations?", "At least yearly, and before any change to formulation, process or site."),
        ("Can a blank allergen field mean 'not present'?", "No. Every allergen field should be answered explicitly; a blank should block approval."),
    ]),
]
