"""Page-builder pages (content types `pageBuilder`, `pageBanner`, `textAndMedia`, `dividerCta`,
`button`, and `addOnFaqList` used as a slice); copy in the markup of richtext.py.

Slices: ("text", {...}), ("faq", title, [(q, a), ...]), ("divider", title, text, [buttons]).
Buttons: dict(action, label, url=None, asset=None, fill=True, internal=None).
Images named `scene:<caption>` are drawn for the page (SVG), `photo:<caption>` are photographs
(the banners), `cutout:<caption>` product shots on a transparent background (PNG); other image
names are asset ids.
"""

VIDEO = "View Video"
URL = "Go To URL"
DOWNLOAD = "Download Asset (Doc, Preso, Image)"

TRANSFORMATION_FAQ = [
    ("How long does a procurement transformation take?", "Most organisations see results from the first phase within three to six months. A full programme across sourcing, contracts and suppliers usually runs for 18 months to two years."),
    ("Where should we start?", "Start where the risk or the savings are greatest. For many organisations that is the contract register; for others it is supplier onboarding or e-tendering."),
    ("Do we need to replace our finance system?", "No. Our modules sit alongside your finance system and exchange supplier, contract and purchase data with it."),
    ("How do we get stakeholders on board?", "Show early results. A first tender run online or a first renewal caught by an alert does more than any presentation."),
    ("What does it cost?", "Pricing depends on the modules and the number of users. Contact us for a proposal; there is no charge for suppliers."),
    ("Can we run a pilot?", "Yes. Many customers start with a single team or category for three months before rolling out more widely."),
    ("How do you measure success?", "We agree measures up front, such as cycle time, savings against budget, contracts under management and supplier compliance, and report on them at each review."),
    ("Who does the configuration?", "Our implementation team configures templates, workflows and approval paths with you, and trains your administrators to make changes themselves."),
    ("Will our data be secure?", "Yes. The platform is ISO27001 certified and hosted in Australian data centres."),
    ("What happens after go-live?", "You have a named customer success manager and access to our Sydney support team, with quarterly reviews of how the platform is being used."),
]

PAGES = [
    dict(
        slug="procurement-transformation-guide",
        title="The Procurement Transformation Guide",
        title_tag="Procurement Transformation Guide | Supplysite",
        meta="A practical, step-by-step guide to transforming procurement in Australian and New Zealand organisations: sourcing, contracts, suppliers and data.",
        seo=True,
        add=["Product Cards Panel", "Case Study Teaser", "Insights (Blog) Teasers"],
        products=["eRFx", "SSM"],
        banner=dict(
            image="photo:Procurement, transformed", logo="logo-supplysite",
            text="The Procurement Transformation Guide", text_us="The Procurement Transformation Guide: A Practical Roadmap",
            textbox="**Twelve steps** from spreadsheets and email to a procurement function that *plans, controls and improves*.",
            body="Written from fifteen years of working with councils, universities, utilities and food makers across Australia and New Zealand.",
        ),
        slices=[
            ("text", dict(title="Why transform procurement?", image="img-sourcing-cycle", layout="Left Column", just="Left Justified", body="""
                Procurement teams are asked to deliver savings, manage risk, support local suppliers and report on ethical sourcing and emissions, often with the same headcount as ten years ago. Transformation is not about technology for its own sake. It is about giving a small team the visibility and control to do all of that well.
                """)),
            ("text", dict(title="Step 1: Know what you spend", image="scene:Spend analysis", layout="Right Column", just="Fully Justified", body="""
                Start with twelve months of accounts payable data. Group it by supplier and category, and find the **20% of suppliers** that account for 80% of spend. Those suppliers and categories are where the rest of this guide will focus.
                """)),
            ("text", dict(title="Step 2: Get every contract into one register", image="img-contract-lifecycle", layout="Left Column", just="Centre Justified", body="""
                A central register with an owner and an end date for every contract is the single most valuable early step. It turns renewals from surprises into plans. See our article on [renewal alerts](entry:post-contract-renewal-alerts).
                """, button=dict(action=URL, label="Explore contract management", url="/contract-management", fill=False, internal="cta-contract-management"))),
            ("text", dict(title="Step 3: Plan the pipeline", image="scene:Pipeline planning", layout="Full Width", just="Left Justified", body="""
                With contracts and spend in view, build a twelve-month sourcing pipeline. Size each project, allocate it and review the plan monthly with stakeholders.
                """)),
            ("text", dict(title="Step 4: Move tenders online", image="icon-erfx", layout="Right Column", just="Right Justified", body="""
                E-tendering cuts one to twelve weeks from a sourcing cycle and leaves a complete audit trail. Suppliers respond free of charge.
                """, button=dict(action=VIDEO, label="Watch the eTender demo", url="https://vimeo.com/398812345", fill=True, internal="video-etender-demo"))),
            ("text", dict(title="Step 5: Use auctions where markets allow", image="img-auction-savings", layout="Left Column", just="Fully Justified", body="""
                For categories with clear specifications and several able suppliers, a managed reverse auction has saved **14% on average** against buyer expectations across more than 1,000 events.
                """)),
            ("divider", "Ready to talk about your roadmap?", "Our team has helped more than 200 organisations plan their procurement transformation.", [
                dict(action=URL, label="Request a free demo", url="/contact-us", fill=True, internal="cta-demo-top"),
            ]),
            ("text", dict(title="Step 6: Onboard suppliers properly", image="img-onboarding-steps", layout="Right Column", just="Left Justified", body="""
                Replace paper forms with supplier self-registration. Verify ABNs and bank details, track insurances and licences, and let suppliers keep their own records current.
                """)),
            ("text", dict(title="Step 7: Measure supplier performance", image="img-scorecard", layout="Left Column", just="Left Justified", body="""
                Scorecards with five measures, quarterly reviews and an annual 360-degree survey build better relationships than penalty clauses.
                """)),
            ("text", dict(title="Steps 8 to 12: Sustain the change", image=None, layout="Full Width", just="Centre Justified", body="""
                - **Step 8:** Route approvals by value and risk
                - **Step 9:** Report savings and compliance monthly
                - **Step 10:** Collect ethical sourcing and emissions data
                - **Step 11:** Train every buyer on the new process
                - **Step 12:** Review the roadmap every six months
                """)),
            ("faq", "Procurement transformation: your questions", TRANSFORMATION_FAQ),
            ("text", dict(title="Download the guide", image="icon-ssm", layout="Right Column", just="Centre Justified", body="""
                Prefer to read offline? The sourcing management factsheet summarises the tools behind steps 3 to 5.
                """, button=dict(action=DOWNLOAD, label="Download the factsheet", asset="factsheet-sourcing-management", fill=False, internal="download-ssm-factsheet"))),
            ("divider", "Choose your next step", "Every organisation starts somewhere different. Pick the area that matters most to you.", [
                dict(action=URL, label="eTender", url="/etender", fill=True),
                dict(action=URL, label="eAuction", url="/reverse-auction-eauction", fill=False),
                dict(action=URL, label="Sourcing management", url="/sourcing-management", fill=True),
                dict(action=URL, label="Contract management", url="/contract-management", fill=False),
                dict(action=URL, label="Supplier information", url="/supplier-information-management", fill=True),
            ]),
            ("text", dict(title="Keep reading", image="scene:Keep learning", layout="Left Column", just="Right Justified", body="""
                Our [insights](/insights) cover every step in more depth, from [pipeline planning](entry:post-sourcing-pipeline-planning) to [supplier master data](entry:post-supplier-master-data-clean-up).
                """)),
        ],
    ),
    dict(
        slug="supplier-onboarding-toolkit",
        title="Supplier Onboarding Toolkit",
        title_tag="Supplier Onboarding Toolkit | Supplysite",
        meta="Everything you need to onboard suppliers and contractors properly: a checklist, a short video and a factsheet.",
        seo=True,
        add=["Case Study Teaser"],
        products=["SIM"],
        banner=dict(
            image="photo:Onboarding made simple", logo="icon-sim", text="Supplier Onboarding Toolkit",
            textbox="A checklist, a video and a factsheet to help you **onboard suppliers safely** and keep their records current.",
            body=None,
        ),
        slices=[
            ("text", dict(title="The onboarding checklist", image="img-onboarding-steps", layout="Left Column", just="Left Justified", body="""
                Our [onboarding checklist for councils](entry:post-supplier-onboarding-checklist) covers identity, payments, insurance, safety and ethical sourcing. It applies to most organisations, public or private.
                """, button=dict(action=URL, label="Read the checklist", url="/insights/supplier-onboarding-checklist", fill=True))),
            ("text", dict(title="See it in two minutes", image="cutout:Supplier portal tour", layout="Right Column", just="Fully Justified", body="""
                Watch a supplier register, upload an insurance certificate and receive an expiry reminder, all without a phone call to your team.
                """, button=dict(action=VIDEO, label="Play the video", url="https://www.youtube.com/watch?v=Lm4tY8rVc2k", fill=False, internal="video-sim-tour"))),
            ("text", dict(title="The factsheet", image="icon-sim", layout="Full Width", just="Centre Justified", body="""
                A one-page summary of supplier information management to share with finance, risk and audit colleagues.
                """, button=dict(action=DOWNLOAD, label="Download the SIM factsheet", asset="factsheet-supplier-information-management", fill=True))),
            ("divider", "Talk to an onboarding specialist", None, [
                dict(action=URL, label="Contact us", url="/contact-us", fill=True),
                dict(action=URL, label="Supplier information management", url="/supplier-information-management", fill=False),
            ]),
        ],
    ),
    dict(
        slug="food-safety-compliance",
        title="Food Safety Compliance for Manufacturers",
        title_tag="Food Safety Compliance Software | Supplysite",
        meta="Supplier approval, specifications and allergen control for Australian and New Zealand food and beverage manufacturers.",
        seo=True,
        add=["Product Cards Panel"],
        products=["PIM"],
        banner=dict(
            image="photo:From farm gate to label", logo="icon-pim", text="Food Safety Compliance for Manufacturers",
            textbox=None,
            body="Supplier approval, specifications and allergen control in one place, built for food makers.",
        ),
        slices=[
            ("text", dict(title="Specifications you can trust", image="img-spec-workflow", layout="Left Column", just="Fully Justified", body="""
                Every raw material specification is submitted by the supplier against your template, reviewed by your technical team and published to every site. Read [why specifications matter](entry:post-food-spec-management-basics).
                """)),
            ("text", dict(title="Allergen control", image="scene:Allergen control", layout="Right Column", just="Left Justified", body="""
                Structured allergen fields, mandatory answers and change alerts mean a supplier reformulation is caught **before** it reaches a label.
                """, button=dict(action=URL, label="FSANZ allergen labelling guidance", url="https://www.foodstandards.gov.au/consumer/food-allergies/allergen-labelling", fill=False))),
            ("text", dict(title="See the approval workflow", image="img-spec-workflow", layout="Full Width", just="Left Justified", body="""
                Download the workflow diagram to share with your quality team.
                """, button=dict(action=DOWNLOAD, label="Download the diagram", asset="img-spec-workflow", fill=True, internal="download-spec-diagram"))),
            ("faq", "Food safety compliance: your questions", [
                ("Which standards do you support?", "Supplier approval questionnaires can be aligned to GFSI-benchmarked schemes and to retailer codes of practice."),
                ("Can we record certificates?", "Yes. Certificates are stored with their expiry dates, and suppliers are reminded before they lapse."),
                ("Do you support packaging data?", "Yes. Specifications hold component materials, weights and recycled content for packaging reporting."),
            ]),
            ("divider", "Built for food makers", "See how dairy, bakery and seafood manufacturers use our software.", [
                dict(action=URL, label="Food industry software", url="/food-industry-software", fill=True),
                dict(action=DOWNLOAD, label="PIM factsheet", asset="factsheet-product-information-management", fill=False),
            ]),
        ],
    ),
    dict(
        slug="security-and-trust",
        title="Security and Trust",
        title_tag="Security and Trust | Supplysite",
        meta="How Supplysite protects your procurement data: ISO27001 certification, Australian hosting, encryption and access controls.",
        seo=True,
        add=["Insights (Blog) Teasers"],
        products=[],
        banner=dict(
            image="photo:Security by design", logo="logo-supplysite", text="Security and Trust",
            textbox="ISO27001 certified since 2015. Hosted in Australia.",
            body="Tender responses, pricing and supplier bank details deserve the highest standard of care.",
        ),
        slices=[
            ("text", dict(title="Certified, every year", image="scene:Independent audit", layout="Left Column", just="Left Justified", body="""
                Our information security management system is certified to ISO/IEC 27001 and audited every year by an independent certification body. The scope covers the whole platform and the people who run it.
                """, button=dict(action=URL, label="About ISO/IEC 27001", url="https://www.iso.org/standard/27001", fill=False))),
            ("text", dict(title="Your data stays in Australia", image="cutout:Australian hosting", layout="Right Column", just="Right Justified", body="""
                Customer data is hosted in Australian data centres, encrypted in transit and at rest, with tested backups and a documented recovery plan.
                """)),
            ("divider", "Questions from your security team?", "We share our certificate and statement of applicability with customers under confidentiality.", [
                dict(action=URL, label="Contact us", url="/contact-us", fill=True, internal="cta-security-contact"),
            ]),
        ],
    ),
    dict(
        slug="procurement-webinar-2025",
        title="Webinar Recording: Procurement Priorities for 2025",
        title_tag="Webinar: Procurement Priorities for 2025",
        meta="Recording of our customer webinar on procurement priorities for 2025.",
        seo=False,
        add=[],
        products=["eRFx", "SPM"],
        banner=dict(
            image="photo:Webinar recording", logo=None, text="Procurement Priorities for 2025",
            textbox="A recording for customers who registered for our February webinar.",
            body=None,
        ),
        slices=[
            ("text", dict(title="Watch the recording", image="scene:Panel discussion", layout="Full Width", just="Centre Justified", body="""
                Our panel of customers from local government, higher education and food manufacturing discuss emissions data, AI in evaluation and supplier risk.
                """, button=dict(action=VIDEO, label="Watch the webinar", url="https://player.vimeo.com/video/905512873", fill=True))),
            ("divider", "Related reading", None, [
                dict(action=URL, label="AI in tender evaluation", url="/insights/ai-in-tender-evaluation", fill=False),
                dict(action=URL, label="Scope 3 emissions data", url="/insights/scope-3-emissions-supplier-data", fill=False),
            ]),
        ],
    ),
]
