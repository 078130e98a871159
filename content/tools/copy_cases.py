"""Customer stories (content type `casestudy`); copy in the markup of richtext.py.

Products cover every tag except SSM (so the sourcing page falls back to an eRFx story) and
PIM (so the PIM page falls back to the top-priority story).
"""

CASES = [
    dict(
        slug="manage-contractor-compliance",
        title="How a Water Utility Brought 1,400 Contractors into Compliance",
        organisation="Ironbark Water Corporation",
        products=["SIM", "SCM"], priority=1,
        person="Danielle Okafor", job="Manager, Procurement and Contracts",
        quote="We went from chasing insurance certificates by email to knowing, on any morning, that every contractor on our sites is covered. Our auditors noticed the difference first.",
        teaser_heading="1,400 contractors, one compliance record",
        extract="Ironbark Water replaced spreadsheets and email with a supplier portal where contractors keep their own insurances, licences and inductions current, with alerts before anything expires.",
        category="Contractor management", location="Regional Victoria, Australia", suppliers="1,400 contractors",
        strategy="Supplier self-service with expiry alerts", industry="Water utility",
        pdf="Ironbark Water Corporation customer story", palette="navy",
        background="""
        Ironbark Water Corporation supplies drinking water and wastewater services to more than 180,000 people across regional Victoria. Maintenance, capital works and emergency repairs rely on a large pool of contractors, from national civil firms to sole-trader electricians.
        The procurement and contracts team of six manages the contractor panel alongside everything else the utility buys.
        """,
        challenge="""
        Contractor records lived in three spreadsheets and a shared mailbox. Insurance certificates arrived by email, were saved to a network drive and their expiry dates typed by hand. When an internal audit sampled 40 contractors on site, **nine** had an expired certificate of currency on file.
        - No single view of which contractors were compliant
        - Expiry dates tracked manually, and often late
        - Site supervisors unable to check a contractor before work started
        """,
        solution="""
        Ironbark moved the whole contractor panel onto Supplysite [supplier information management](/supplier-information-management). Each contractor now holds their own record:
        1. ABN, insurances, licences and safe work method statements uploaded through the portal
        2. Automatic reminders to the contractor 30 and 7 days before any document expires
        3. A compliance status that site supervisors can check from a phone before work starts
        Contracts were loaded into the contract register at the same time, so each contractor's record shows the agreements they work under.
        ![img-onboarding-steps]
        """,
        outcomes="""
        | Measure | Before | After twelve months |
        |---|---|---|
        | Contractors with current insurance on file | 78% | 99.6% |
        | Time to onboard a new contractor | 3 weeks | 4 days |
        | Audit findings on contractor compliance | 4 | 0 |
        > "Supervisors check the app before anyone picks up a shovel. That was not possible before."
        > Danielle Okafor, Ironbark Water Corporation
        """,
    ),
    dict(
        slug="council-energy-reverse-auction",
        title="A Coastal Council Saves 19% on Energy by Reverse Auction",
        organisation="Banksia Bay City Council",
        products=["eAuction", "eRFx"], priority=2,
        person="Marcus Leung", job="Coordinator, Strategic Procurement",
        quote="Six retailers competed live for our electricity. We signed the same afternoon, at a price we could not have reached in a tender.",
        teaser_heading="19% below the council's budget for electricity",
        extract="Banksia Bay City Council and two neighbouring councils combined their electricity load and went to market by managed reverse auction, saving 19% against budget.",
        category="Energy", location="New South Wales, Australia", suppliers="6 electricity retailers",
        strategy="Group buying and managed reverse auction", industry="Local government",
        pdf="Banksia Bay City Council customer story", palette="rust",
        background="""
        Banksia Bay City Council serves a growing coastal community of 95,000 people. Its electricity spend covers street lighting, aquatic centres, libraries, depots and a water treatment plant, with more than 300 supply points.
        """,
        challenge="""
        The council's electricity contract was due to expire during a period of volatile wholesale prices. Its previous tender had drawn only two offers, both priced with a large risk margin, and the offers had expired before council could approve the award.
        """,
        solution="""
        The council joined two neighbouring councils to form a buying group with a combined load large enough to interest every major retailer. Supplysite ran a short [eTender](/etender) to qualify retailers and agree the contract terms, then a managed [reverse auction](/reverse-auction-eauction) on a single morning.
        - Interval data for every site shared with bidders in advance
        - Contract terms fixed before the auction so only price was negotiated
        - Delegated authority arranged so the contract could be signed on the day
        ![img-auction-savings]
        """,
        outcomes="""
        Six retailers bid across three lots. The winning prices were **19%** below the council's budget and below the prices the council had seen in the previous tender. All three councils signed within four hours of the auction closing.
        The council now uses the same approach for fleet fuel and waste services.
        """,
    ),
    dict(
        slug="university-supplier-performance",
        title="A University Turns Supplier Reviews into Real Conversations",
        organisation="University of the Lachlan Plains",
        products=["SPM"], priority=3,
        person="Professor Alison Marsh", job="Chief Operating Officer",
        quote="The 360-degree surveys changed the tone of our supplier meetings. We talk about what both sides can do better, not who is to blame.",
        teaser_heading="Scorecards and surveys for 60 strategic suppliers",
        extract="The University of the Lachlan Plains replaced annual paper reviews with quarterly scorecards and 360-degree surveys for its 60 most important suppliers.",
        category="Supplier performance", location="Central West NSW, Australia", suppliers="60 strategic suppliers",
        strategy="Quarterly scorecards and 360-degree surveys", industry="Higher education",
        pdf="University of the Lachlan Plains customer story", palette="plum",
        background="""
        The University of the Lachlan Plains teaches 24,000 students across three campuses. Its largest contracts cover facilities maintenance, cleaning, security, IT services and catering.
        """,
        challenge="""
        Supplier reviews happened once a year, if at all, and relied on a paper form completed by whoever managed the contract. Suppliers rarely saw the results. When a cleaning contract failed in its second year, the university found that staff had been complaining for months through channels procurement never saw.
        """,
        solution="""
        The university introduced [supplier performance management](/supplier-performance-management) for its 60 strategic suppliers:
        - Quarterly scorecards combining system data with a five-question stakeholder survey
        - Annual 360-degree surveys in which suppliers also rate the university as a customer
        - Gap analysis reports shared with each supplier before the review meeting
        ![img-gap-analysis]
        """,
        outcomes="""
        Within a year, average stakeholder satisfaction with strategic suppliers rose from 3.1 to 3.9 out of 5. The surveys also revealed that slow payment was the most common supplier complaint; fixing the invoice approval process improved scores across the board.
        """,
    ),
    dict(
        slug="energy-retailer-etender",
        title="An Energy Company Cuts Eight Weeks from Its Sourcing Cycle",
        organisation="Tasman Ridge Energy",
        products=["eRFx"], priority=4,
        person="Hemi Walker", job="Head of Procurement",
        quote="Moving every tender online gave us back eight weeks on our biggest projects, and our probity adviser now asks for the audit report instead of a box of emails.",
        teaser_heading="Eight weeks faster from RFT to award",
        extract="Tasman Ridge Energy moved its RFIs, RFPs and RFTs onto one e-tendering platform and cut up to eight weeks from major sourcing projects.",
        category="Capital works and services", location="Wellington, New Zealand", suppliers="850 registered suppliers",
        strategy="e-Tendering for every request type", industry="Energy",
        pdf="Tasman Ridge Energy customer story", palette="slate",
        background="""
        Tasman Ridge Energy generates and retails electricity to homes and businesses across the lower North Island of New Zealand, and runs a busy capital works programme on its generation assets.
        """,
        challenge="""
        Tenders were run by email with responses collated by hand. Large tenders took up to six months, and a supplier complaint about a missed clarification answer took weeks to investigate.
        """,
        solution="""
        Tasman Ridge adopted [eTender](/etender) for every request over NZ$50,000:
        1. Templates for RFI, RFP and RFT, approved by legal
        2. A clarification board so every answer reaches every respondent
        3. Side-by-side evaluation with price hidden until non-price scoring was complete
        """,
        outcomes="""
        Major projects now reach award up to **eight weeks** sooner. Supplier participation rose by a third, and the next complaint was resolved in a day by sharing the audit report.
        """,
    ),
    dict(
        slug="dairy-cooperative-contract-management",
        title="A Dairy Co-operative Takes Control of 900 Contracts",
        organisation="Coolabah Dairy Co-operative",
        products=["SCM", "SPM"], priority=5,
        person="Rachel Nguyen", job="Commercial Manager",
        quote="We found contracts we did not know we had, and renewals we would have missed. The register paid for itself in the first quarter.",
        teaser_heading="900 contracts in one register",
        extract="Coolabah Dairy Co-operative brought 900 supplier contracts into one register with renewal alerts, and added scorecards for its key ingredient and packaging suppliers.",
        category="Contract management", location="Northern Victoria, Australia", suppliers="420 suppliers",
        strategy="Central contract register with alerts", industry="Food and beverage manufacturing",
        pdf=None, palette="green",
        background="""
        Coolabah Dairy Co-operative is owned by 230 farming families and makes milk, cheese and milk powders at two sites for Australian and export markets.
        """,
        challenge="""
        Contracts were held by each site and department. Three packaging contracts had rolled over at old prices, and a transport contract expired without anyone noticing until invoices were queried.
        """,
        solution="""
        The co-operative loaded every current contract into Supplysite [contract management](/contract-management), with owners, key dates and obligations. Renewal alerts now go to each owner nine months ahead. Key ingredient and packaging suppliers were added to quarterly scorecards.
        ![img-contract-lifecycle]
        """,
        outcomes="""
        - 900 contracts in one register, each with an owner
        - A$410,000 saved in the first year by renegotiating rolled-over contracts
        - No missed renewals since the register went live
        """,
    ),
    dict(
        slug="health-network-supplier-onboarding",
        title="A Health Network Halves Supplier Onboarding Time",
        organisation="Redgum Health Network",
        products=["SIM"], priority=6,
        person="Dr Tom Castellano", job="Director, Supply Chain",
        quote="Clinicians wait less for new products, and finance no longer worries about bank detail fraud.",
        teaser_heading="Onboarding in days, not weeks",
        extract="Redgum Health Network replaced paper supplier forms with an online portal, halving onboarding time and verifying every bank detail change.",
        category="Supplier onboarding", location="South Australia", suppliers="2,300 suppliers",
        strategy="Supplier self-registration with verification", industry="Health care",
        pdf=None, palette="teal", seo=False,
        background="""
        Redgum Health Network runs four hospitals and twelve community health centres, buying everything from surgical consumables to food services.
        """,
        challenge="""
        New suppliers completed a six-page paper form. Onboarding took an average of 19 days, and the network had been targeted twice by fraudsters posing as suppliers asking to change bank details.
        """,
        solution="""
        Suppliers now self-register through [supplier information management](/supplier-information-management). ABNs are checked automatically, bank details are verified by call-back and any later change triggers the same check.
        """,
        outcomes="""
        Average onboarding time fell from 19 days to 8. There have been no successful bank detail frauds since the portal went live.
        """,
    ),
    dict(
        slug="ports-authority-freight-auction",
        title="A Ports Authority Re-tenders Its Marine Services",
        organisation="Corella Ports Authority",
        products=["eAuction", "SPM"], priority=8,
        person="Grace Fonoti", job="Procurement Business Partner",
        quote="Splitting our marine services into sensible lots brought new suppliers to the table for the first time in a decade.",
        teaser_heading="Eleven bidders where there used to be two",
        extract="Corella Ports Authority redesigned its marine services lots and ran a managed auction, attracting eleven bidders and saving 12% against its estimate.",
        category="Marine services", location="Queensland, Australia", suppliers="11 bidders",
        strategy="Lot redesign and managed reverse auction", industry="Ports and logistics",
        pdf=None, palette="teal",
        background="""
        Corella Ports Authority manages two regional ports handling bulk exports and a growing cruise trade.
        """,
        challenge="""
        Marine services such as line handling, pilot transfers and vessel cleaning had been bundled into one contract held by the same supplier for ten years.
        """,
        solution="""
        The authority split the services into five lots following the approach in our [lot design](/insights/auction-lot-strategy) guidance, qualified suppliers through an RFP and ran a managed [reverse auction](/reverse-auction-eauction).
        """,
        outcomes="""
        Eleven suppliers bid, three of them new to the port. Prices came in **12%** below the authority's estimate, and performance is now reviewed quarterly on a shared scorecard.
        """,
    ),
]
