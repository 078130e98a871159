"""Insight articles, 2019 to early 2022 (copy in the markup of richtext.py)."""

POSTS = [
    dict(
        slug="what-is-e-tendering",
        title="What Is e-Tendering? A Plain-English Guide for Public Sector Buyers",
        description="e-Tendering replaces paper and email with one controlled, auditable process. Here is what changes for buyers, suppliers and probity advisers.",
        title_tag="What Is e-Tendering? | Supplysite Insights",
        meta="A plain-English guide to e-tendering for Australian and New Zealand public sector buyers: how it works, what changes and what to look for.",
        date="2019-02-18T09:00+11:00", read=6, products=["eRFx"], tags=["tendering", "public sector"], palette="teal",
        body="""
        # e-Tendering in one page
        Ask ten procurement officers what e-tendering means and you will hear ten answers. At its simplest, **e-tendering is running a tender through a secure online platform instead of through email, couriers and tender boxes.** The documents, the questions, the responses and the evaluation all live in one place, and every action is recorded.
        That sounds like a small change. In practice it changes how long a tender takes, how confident you can be in the result and how much work a probity review creates.
        ## What happens in an e-tender
        1. **Prepare.** The buyer builds the request: specification, conditions of tender, pricing schedule and response questions.
        2. **Publish.** Suppliers are invited directly or find the opportunity on a public portal, then download documents and register interest.
        3. **Clarify.** Questions go through a clarification board. Answers are published to every respondent at the same time, so nobody gains an advantage.
        4. **Submit.** Responses are uploaded before the closing time and stay *sealed* until the tender closes.
        5. **Evaluate.** The panel scores responses side by side against weighted criteria.
        6. **Award.** The recommendation, approvals and notifications to successful and unsuccessful suppliers are issued from the same record.
        ## What changes for buyers
        The biggest gain is time. Our customers typically cut between one and twelve weeks from a sourcing cycle, mostly by removing the collation work: nobody has to retype pricing schedules into a spreadsheet or chase a late courier. The second gain is control. Late submissions are simply not possible, and the system, not a person, decides when the box opens.
        > "Our first e-tender closed on a Friday afternoon and the panel had a side-by-side comparison on Monday morning. Under the old process that took a fortnight."
        > Procurement Lead, a regional council in New South Wales
        ## What changes for suppliers
        Suppliers no longer print and bind six copies of a response. They can see every clarification, get reminders before closing and receive a confirmation receipt the moment they submit. For small local businesses, that lowers the cost of bidding for council work.
        ## What to look for in a platform
        - Hosting in Australia and independent security certification such as ISO27001
        - A complete, tamper-evident audit trail
        - Evaluation tools that keep price hidden until non-price scoring is finished
        - Support for every request type, from a quick RFQ to a formal RFT
        If you are choosing between request types, our guide to [RFI, RFQ, RFP and RFT](entry:post-rfq-vs-rfp-vs-rft) explains when each one fits. For a one-page summary of our own platform, download the [eTender factsheet](asset:factsheet-etender) or read about [eTender](/etender).
        """,
    ),
    dict(
        slug="reverse-auction-myths",
        title="Five Myths About Reverse Auctions",
        description="Reverse auctions still carry a reputation from the early 2000s. We look at five common objections and what more than a thousand managed events actually show.",
        title_tag="Five Myths About Reverse Auctions | Supplysite",
        meta="Do reverse auctions damage supplier relationships or only suit commodities? Five myths, tested against more than 1,000 managed auctions.",
        date="2019-05-07T10:30+10:00", read=5, products=["eAuction"], tags=["auctions", "negotiation"], palette="rust",
        body="""
        ## Where the reputation comes from
        Reverse auctions arrived in Australia in the early 2000s, often run badly: poorly defined lots, untrained suppliers and a buyer who awarded on price alone. The reputation stuck. Having now run more than 1,000 managed auctions across the UK, Australia and New Zealand, we see the same five objections again and again.
        ## Myth 1: ~~Auctions damage supplier relationships~~
        Relationships suffer when the process feels unfair. A well-run auction is the opposite: every supplier sees the same information, bids under the same rules and knows exactly where they stand. Incumbents often tell us they prefer it to a closed negotiation where they never learn why they lost.
        ## Myth 2: Auctions only work for commodities
        Auctions need a clear specification and enough able suppliers, not a commodity. We regularly run events for *freight lanes, facilities maintenance, packaging and energy*, all with detailed service requirements agreed before bidding starts.
        ## Myth 3: The lowest bidder always wins
        The auction sets the price; it does not make the award decision. Buyers can weight non-price factors, qualify suppliers in advance and award to a supplier who was not the lowest bidder if the quality case supports it. What matters is that the rules are published before the event.
        ## Myth 4: Suppliers will not take part
        Suppliers take part when they are prepared. Our team trains every bidder, runs a practice event and stays on the phone during the live auction. Participation rates on our managed events sit above 90%.
        ## Myth 5: The savings do not last
        Savings leak when the contract is not managed after award. That is a contract management problem, not an auction problem. Pairing the auction with [contract renewal alerts](entry:post-contract-renewal-alerts) and regular performance reviews keeps the price you negotiated.
        ---
        ### What the numbers show
        Across our events, the average saving against the buyer's own pre-auction expectation is **14%**. Savings vary by category:
        ![img-auction-savings]
        Thinking about your first event? Read how to [design auction lots that attract competitive bids](entry:post-auction-lot-strategy), or see the [eAuction service](/reverse-auction-eauction).
        """,
    ),
    dict(
        slug="supplier-scorecards-that-work",
        title="Building Supplier Scorecards That People Actually Use",
        description="Most supplier scorecards are filled in once and forgotten. Six design choices make the difference between a report nobody reads and a tool that improves performance.",
        title_tag="Supplier Scorecards That Work | Supplysite",
        meta="How to design supplier scorecards that get used: fewer measures, shared definitions, both sides of the story and a clear improvement loop.",
        date="2019-08-26T08:45+10:00", read=7, products=["SPM"], tags=["supplier performance", "KPIs"], palette="slate",
        title_us="Building Supplier Scorecards That People Actually Use", description_us="Most supplier scorecards are filled out once and forgotten. Six design choices make the difference between a report nobody reads and a tool that improves performance.",
        body="""
        ## Why scorecards fail
        A scorecard that nobody reads costs more than no scorecard at all: suppliers spend time feeding it and buyers lose faith in measurement. When we review failed scorecard programmes with customers, the causes are nearly always the same. Too many measures, vague definitions, data that arrives too late and no conversation about the result.
        ## Six design choices that work
        1. **Measure five things, not twenty-five.** Pick the measures that the contract actually depends on.
        2. **Define every measure in writing.** *On time* means delivered within the agreed window, not "roughly when we needed it".
        3. **Use data you already have.** Pull delivery and quality data from your systems rather than asking people to re-enter it.
        4. **Ask for opinions as well as numbers.** A short stakeholder survey captures what the data misses.
        5. **Show the supplier the same view you see.** Shared results build trust and stop arguments about whose numbers are right.
        6. **Close the loop.** Every red result needs an owner, an action and a date.
        ## A scorecard that fits on one screen
        Here is a typical quarterly result for a packaging supplier, with five measures weighted by what matters to the business:
        ![img-scorecard]
        | Measure | Weight | Target | Result |
        |---|---|---|---|
        | On-time delivery | 30% | 95% | 94% |
        | Quality, right first time | 30% | 98% | 97% |
        | Responsiveness | 15% | 85% | 81% |
        | Invoice accuracy | 15% | 90% | 88% |
        | Sustainability actions | 10% | 75% | 72% |
        Nothing here is dramatic, and that is the point: small, consistent gaps are easier to fix than a crisis found at contract renewal.
        ## Bring in both sides of the story
        Numbers tell you *what* happened; surveys tell you *why*. Asking stakeholders and the supplier the same questions, then comparing the answers, is the idea behind [360-degree supplier surveys](entry:post-360-degree-supplier-surveys). Where the two views differ, you have found something worth discussing.
        ## Review it together
        Hold a short quarterly review with each strategic supplier. Walk through the scorecard, agree on two or three actions and record them. Over a year, that rhythm does more for performance than any penalty clause.
        Our [supplier performance management](/supplier-performance-management) module builds scorecards like this from your own data.
        """,
    ),
    dict(
        slug="modern-slavery-act-supplier-due-diligence",
        title="The Modern Slavery Act and Your Supplier Due Diligence",
        description="Australia's Modern Slavery Act asks large entities to report on risks in their supply chains. Here is a practical way to build the supplier evidence behind your statement.",
        title_tag="Modern Slavery Act: Supplier Due Diligence | Supplysite",
        meta="A practical approach to supplier due diligence under Australia's Modern Slavery Act 2018: risk mapping, questionnaires and evidence.",
        date="2019-11-11T11:00+11:00", read=None, products=["SIM"], tags=["compliance", "modern slavery", "ESG"], palette="green",
        body="""
        ## What the Act requires
        The [Modern Slavery Act 2018](https://www.legislation.gov.au/C2018A00153/latest/text) requires entities with annual consolidated revenue of at least $100 million to publish a statement each year describing the risks of modern slavery in their operations and supply chains, and the actions they take to address them. Many smaller organisations are asked for the same information by their larger customers, so the effect reaches far beyond the reporting threshold.
        The Act does not ask you to guarantee your supply chain is free of modern slavery. It asks you to understand your risks and show what you are doing about them. That is a supplier information problem before it is a reporting problem.
        ## Step 1: Map your spend by risk
        Start with what you buy and where it comes from. Risk is usually concentrated in a handful of categories:
        - Cleaning, security and facilities services
        - Textiles, uniforms and personal protective equipment
        - Electronics and solar components
        - Food and agricultural produce, especially seasonal labour
          - Horticulture picked by labour-hire workers
          - Seafood caught or processed offshore
        ## Step 2: Ask suppliers the right questions
        Send a short questionnaire to suppliers in high-risk categories first. Ask about recruitment fees, labour-hire arrangements, subcontracting and their own supplier checks. Keep it proportionate: a local stationery supplier does not need the same questions as an offshore garment maker.
        ## Step 3: Keep the evidence current
        Answers go stale. Policies are updated, audits expire and suppliers change subcontractors. A supplier information system that reminds suppliers to refresh their responses each year turns a once-off exercise into a living record.
        ## Step 4: Act on what you find
        Where a supplier's answers raise concern, agree an improvement plan instead of walking away. Exiting a supplier can move the problem somewhere less visible. Record the conversation, the actions and the follow-up date.
        ## Step 5: Report honestly
        Your statement is stronger when it describes real findings and real actions. Reviewers and the public are wary of statements that claim no risk at all.
        Supplier questionnaires, evidence and expiry reminders are core to [supplier information management](/supplier-information-management). The same approach underpins our [supplier onboarding checklist for councils](entry:post-supplier-onboarding-checklist).
        """,
    ),
    dict(
        slug="supply-continuity-during-covid",
        title="Keeping Supply Moving When Borders Close",
        description="Notes from the first weeks of the 2020 pandemic: how our customers kept critical supplies moving when freight stopped and demand spiked.",
        title_tag="Keeping Supply Moving When Borders Close",
        meta=None,
        date="2020-03-30T16:00+11:00", read=4, products=[], tags=["supply risk", "resilience"], palette="navy", seo=False,
        body="""
        ## A fortnight like no other
        In the last two weeks of March 2020 our support team took more calls about supply continuity than in the whole of the previous year. Hand sanitiser, gloves, toilet paper and freight capacity all became scarce at once, and buyers needed answers faster than their usual processes allowed.
        ## What worked
        - **Knowing who supplies what.** Customers with a current supplier register could find every supplier of a critical item in minutes.
        - **Short, sharp RFQs.** A two-day RFQ to pre-qualified suppliers replaced the usual three-week process for urgent items, with the audit trail intact.
        - **Talking to suppliers early.** Buyers who called their key suppliers in the first week secured allocations that others missed.
        ## What did not
        Spreadsheets held on one person's laptop, contracts that nobody could find and approval chains that required wet signatures all slowed teams down just when speed mattered.
        ## Emergency procurement still needs a record
        Emergency provisions in procurement policies allow faster processes, but they do not remove the need to document decisions. Several councils told us that the audit trail from a quick online RFQ was what satisfied their auditors months later. Our note on [audit trails and probity reviews](entry:post-procurement-audit-trail) covers this in more depth.
        ## Looking ahead
        When this passes, the lesson will not be "hold more stock". It will be *know your suppliers, know your contracts and be able to go to market quickly*. Those are the same capabilities that make procurement effective in ordinary times.
        ## Practical steps this week
        1. Export your top 50 suppliers by spend and check you have a current contact for each.
        2. List the items you cannot operate without and find a second source for each one.
        3. Agree an emergency approval path with your finance team now, in writing, before you need it.
        4. Ask key suppliers what they are seeing in their own supply chains, and write it down.
        We are keeping our support lines open for longer hours while this lasts. If you need help setting up an urgent request, [contact our team](/contact-us).
        """,
    ),
    dict(
        slug="contract-renewal-alerts",
        title="Never Miss a Contract Renewal Again",
        description="Contracts that roll over by default cost money. A simple alert schedule and a central register stop renewals slipping past unnoticed.",
        title_tag="Never Miss a Contract Renewal | Supplysite",
        meta="Why contracts roll over unnoticed, and a simple alert schedule that gives contract owners time to review, renegotiate or go to market.",
        date="2020-06-15T09:15+10:00", read=4, products=["SCM"], tags=["contract management"], palette="plum",
        body="""
        ## The quiet cost of rollover
        Most organisations have at least one contract that renewed itself because nobody noticed the notice period. It might be a software licence that auto-renews for three years, or a cleaning contract that rolls month to month at a price set in 2014. Each one is small. Together they are often the easiest savings in the organisation.
        ## Why renewals slip
        - Contracts are stored in email, shared drives and filing cabinets
        - Key dates live in a spreadsheet that one person maintains
        - The contract owner has moved on and nobody inherited the reminder
        - Notice periods are buried in clause 27.3
        ## A simple alert schedule
        | Alert | When | Who | Purpose |
        |---|---|---|---|
        | Planning | 9 months before expiry | Contract owner, category lead | Decide: renew, renegotiate or go to market |
        | Notice | 30 days before the notice deadline | Contract owner | Issue notice if not renewing |
        | Expiry | 60 days before expiry | Contract owner, finance | Confirm the new arrangement is in place |
        Nine months sounds early. It is not, if the answer is "go to market": a tender for a significant service often takes six months from planning to a signed contract.
        ## Make one register the source of truth
        Alerts only work when they come from a register that everyone uses. Record the key fields for every contract: supplier, owner, value, start and end dates, extension options, notice period and a copy of the signed agreement. Then set the alerts from those fields, not from a separate calendar.
        ## Review before you renew
        A renewal is a chance to check performance. Pull the supplier's scorecard, ask the people who use the service and compare the price with the market. If you have never measured the supplier, our article on [scorecards that people actually use](entry:post-supplier-scorecards-that-work) is a good place to start.
        ## Who owns the alert?
        Every alert needs a named person, not a team mailbox. When the owner changes role, reassign their contracts the same week; a register that shows contracts without an active owner makes the gap obvious.
        [[post-contract-lifecycle-stages]]
        Read more about [contract management](/contract-management).
        """,
    ),
    dict(
        slug="rfq-vs-rfp-vs-rft",
        title="RFI, RFQ, RFP or RFT: Choosing the Right Request",
        description="The four request types are not interchangeable. Choosing the right one saves time for you and your suppliers and gives a better result.",
        title_tag="RFI vs RFQ vs RFP vs RFT | Supplysite",
        meta="When to use an RFI, RFQ, RFP or RFT: a comparison of purpose, effort and evaluation for Australian and New Zealand buyers.",
        date="2020-09-07T08:30+10:00", read=6, products=["eRFx"], tags=["tendering", "RFx"], palette="teal",
        video="https://www.youtube.com/watch?v=Q3mKx7Lr2pE",
        title_us="RFI, RFQ, RFP or RFT: Choosing the Right Request", description_us="The four request types are not interchangeable. Choosing the right one saves time for you and your suppliers and gets a better result.",
        body="""
        ## Four requests, four purposes
        Procurement teams often reach for a full tender out of habit. But an RFT for a simple purchase wastes weeks, and an RFQ for a complex service invites prices for the wrong thing. Each request type answers a different question.
        ![img-rfx-types]
        | Request | Question it answers | Typical effort for suppliers | Evaluated on |
        |---|---|---|---|
        | RFI, request for information | What is out there? | Low | Not scored; informs strategy |
        | RFQ, request for quote | What will this exact thing cost? | Low to medium | Mainly price |
        | RFP, request for proposal | How would you solve this problem? | Medium to high | Solution, capability and price |
        | RFT, request for tender | Who should we contract with, under formal conditions? | High | Weighted criteria under conditions of tender |
        ## When to use each
        ### RFI
        Use an RFI when you do not yet know enough to write a specification. It is a conversation with the market, not a purchase. Keep it short and tell suppliers honestly what happens next.
        ### RFQ
        Use an RFQ when the requirement is fully defined, for example 2,000 m^2^ of carpet to a stated specification, and the main variable is price.
        ### RFP
        Use an RFP when you know the outcome you want but not the best way to get there. Suppliers propose solutions and you compare them.
        ### RFT
        Use an RFT for significant, formal procurements, especially in the public sector where thresholds and probity rules apply. Conditions of tender govern the whole process.
        ## Combining them
        The types work well in sequence. An RFI shapes the specification; an RFP or RFT selects the supplier; and an [auction](entry:post-auction-lot-strategy) can settle the final price where the market supports it.
        ## A quick test
        1. Can you write the specification today? If not, start with an RFI.
        2. Is price the only real difference between compliant offers? Use an RFQ.
        3. Do you want suppliers to design the solution? Use an RFP.
        4. Is it high value, high risk or subject to public sector rules? Use an RFT.
        Whatever you choose, run it on a platform that keeps an audit trail; see [What is e-tendering?](entry:post-what-is-e-tendering) for the basics. The video above walks through setting up each request type, step by step. New to online tendering? Start here: {{post-what-is-e-tendering}}
        """,
    ),
    dict(
        slug="food-spec-management-basics",
        title="Product Specifications: The Foundation of Food Safety",
        description="For food manufacturers, the specification is the contract with the ingredient. Getting specifications right, current and approved underpins food safety and labelling.",
        title_tag="Food Product Specifications Explained | Supplysite",
        meta="Why ingredient and finished product specifications matter for food safety, allergen labelling and retailer audits, and how to manage them well.",
        date="2020-11-23T10:00+11:00", read=5, products=["PIM"], tags=["food industry", "specifications", "food safety"], palette="green",
        body="""
        ## More than a data sheet
        In a food business, the specification is the agreement between you and your supplier about exactly what arrives at the dock: composition, allergens, microbiological limits, packaging, shelf life and country of origin. When a specification is wrong or out of date, the errors flow straight onto labels and into products.
        ## What a good specification holds
        - Full ingredient declaration, including sub-ingredients and processing aids
        - Allergen status for every allergen that must be declared under the Food Standards Code
        - Nutrition information per 100 g
        - Physical, chemical and microbiological limits
        - Country of origin and any claims such as organic, halal or kosher, with certificates
        - Packaging materials and pack sizes
        ## Where it goes wrong
        *Version drift* is the most common problem. A supplier reformulates, sends an updated PDF by email and the new version never reaches the site that uses the ingredient. The second is **incomplete data**: a field left blank that a label developer reads as "none".
        ## A workflow that holds up in an audit
        ![img-spec-workflow]
        1. The supplier submits the specification through a portal, against your template.
        2. The technical team reviews composition and limits.
        3. Allergen and nutrition data are checked against the label.
        4. Quality signs off and the approved version is published to every site.
        5. The supplier is reminded to review it every year, or sooner if anything changes.
        #### A note on claims
        Claims such as *organic*, *gluten free* or *Australian grown* need evidence behind them. Keep the certificate with the specification, record its expiry date and ask the supplier for the renewed certificate before it lapses.
        ## Why it matters to retailers
        Retailer and certification audits increasingly ask to see how specifications are controlled, not just whether they exist. A system that shows who approved what, and when, answers those questions in minutes.
        We explore allergen data further in [Allergen declarations without the spreadsheets](entry:post-allergen-declarations-pim). For an overview of our tools for food makers, see [product information management](/product-information-management).
        """,
    ),
    dict(
        slug="auction-lot-strategy",
        title="Designing Auction Lots That Attract Competitive Bids",
        description="The way you group items into lots decides how many suppliers can bid and how hard they compete. Practical rules from hundreds of managed auctions.",
        title_tag="Designing Auction Lots | Supplysite Insights",
        meta="How to structure reverse auction lots for real competition: bundling, splitting, reserve prices and supplier preparation.",
        date="2021-02-22T09:00+11:00", read=8, products=["eAuction", "eRFx"], tags=["auctions", "sourcing strategy"], palette="rust",
        body="""
        ## Lots decide the competition
        An auction can only be as competitive as its lots. Bundle everything together and only the largest suppliers can bid. Split too finely and nobody finds it worth their time. Getting the lot design right is the single biggest factor in auction results we see.
        ## Five rules for lot design
        1. **Group by how suppliers deliver, not by your cost centres.** A freight auction works best with lanes grouped by origin and destination, not by business unit.
        2. **Make each lot worth winning.** If a lot is too small to justify the bidder's attention, merge it.
        3. **Keep at least three able bidders per lot.** Fewer than three and the auction becomes a negotiation with an audience.
        4. **Separate the unusual from the routine.** Put specialised items in their own lot so they do not drag down competition on the rest.
        5. **Publish the rules early.** Bidders need to know the format, extensions and award criteria before the day.
        ## Choosing a format
        - *Rank* bidding shows each supplier their position but not the leading price. It suits markets where suppliers know each other well.
        - *Price* bidding shows the leading price. It drives the fastest movement but can deter some suppliers.
        - *Traffic light* bidding shows how close a bid is to leading without revealing rank. It is a good default for a first event.
        ## Setting the reserve
        Set a reserve price from market intelligence and your current spend, not from a hope. An unrealistic reserve leads to a failed lot and suppliers who will not bid next time.
        ## Preparing suppliers
        Most of the work happens before the auction opens:
        - Qualify suppliers through an [RFP or RFT first](entry:post-rfq-vs-rfp-vs-rft) so every bidder is acceptable
        - Run a training session and a practice event
          - Cover the bidding screen, extensions and what happens if the connection drops
          - Confirm each bidder has authority to commit to a price
        - Share the draft contract so there are no surprises after the event
        ## On the day
        Our auction team monitors every lot, answers bidder questions and manages extensions. Buyers watch live; most are surprised how calm a well-prepared event feels.
        ---
        > "We split our packaging spend into six lots instead of one and had eleven suppliers bidding. The previous tender had drawn three."
        > Category Manager, a New Zealand food manufacturer
        For the savings you can expect by category, see [Five myths about reverse auctions](entry:post-reverse-auction-myths). Download the [eAuction factsheet](asset:factsheet-reverse-auction-eauction) for a summary of our managed service.
        """,
    ),
    dict(
        slug="360-degree-supplier-surveys",
        title="Why 360-Degree Supplier Surveys Beat One-Way Reviews",
        description="Asking suppliers how you perform as a customer, as well as asking your people how suppliers perform, reveals problems that one-way reviews never find.",
        title_tag="360-Degree Supplier Surveys | Supplysite",
        meta="How 360-degree surveys of suppliers and internal stakeholders expose the gaps that one-way supplier reviews miss.",
        date="2021-05-10T09:30+10:00", read=None, products=["SPM", "SIM"], tags=["supplier performance", "surveys"], palette="slate",
        body="""
        ## One-way reviews tell half the story
        A traditional supplier review asks your stakeholders to rate the supplier. It rarely asks the supplier how it is to work with you. Yet late purchase orders, changing requirements and slow payment all affect a supplier's performance. When only one side is measured, the conversation turns defensive.
        ## How a 360-degree survey works
        - Your stakeholders rate the supplier on a short set of questions
        - The supplier rates you, as a customer, on a matching set
        - The supplier also rates *itself* against the stakeholder questions
        - Results are compared side by side to find the gaps
        ## The value is in the gaps
        When stakeholders score a supplier's communication at 2.9 out of 5 and the supplier scores itself at 4.7, you have found something real to talk about. It might be the wrong contact, a reporting format nobody reads or an account manager stretched too thin. The [gap analysis](entry:post-gap-analysis-supplier-performance) approach turns those differences into a prioritised list.
        ## Keep it short
        Survey fatigue is real. Ten questions is plenty, and the same questions each round let you track change over time. Good questions are specific:
        1. How well does the supplier communicate changes that affect you?
        2. How easy is it to resolve a problem with the supplier?
        3. How well does the supplier understand your business needs?
        4. How likely are you to recommend this supplier to a colleague?
        ## Share the results
        Share the results with the supplier, including what they said about you. It signals that the review is about improving the relationship, not building a case. Several customers now include the survey results in their quarterly business reviews, alongside the [scorecard](entry:post-supplier-scorecards-that-work).
        ## Start with your strategic suppliers
        Begin with the ten or twenty suppliers that matter most. Run one round, act on two or three findings and run it again six months later. The change in scores will make the case for going wider.
        Surveys, scorecards and gap analysis are all part of [supplier performance management](/supplier-performance-management).
        """,
    ),
    dict(
        slug="iso-27001-what-it-means-for-buyers",
        title="ISO 27001: What It Means for Your Procurement Data",
        description="Tender responses, pricing and supplier bank details are sensitive. Here is what ISO 27001 certification covers, and the questions to ask any software vendor.",
        title_tag="ISO 27001 for Procurement Software | Supplysite",
        meta="What ISO/IEC 27001 certification means for procurement data, and the security questions to ask any procurement software vendor.",
        date="2021-08-02T10:00+10:00", read=5, products=[], tags=["security", "ISO27001"], palette="navy",
        body="""
        ## Procurement data is sensitive data
        Think about what sits in a procurement system: commercial-in-confidence pricing, supplier bank account details, evaluation scores and the personal details of supplier contacts. A breach would harm suppliers, breach confidentiality undertakings and damage trust in your procurement process.
        ## What ISO 27001 is
        [ISO/IEC 27001](https://www.iso.org/standard/27001) is the international standard for an *information security management system*. Certification means an independent auditor has confirmed that the organisation:
        - Identifies and assesses information security risks
        - Applies controls proportionate to those risks
        - Monitors, reviews and improves those controls over time
        - Is audited every year, with full recertification every three years
        It is not a one-off badge. Certified organisations must show ongoing evidence to keep it.
        ## What it does not mean
        Certification does not mean a system cannot be breached. It means risks are managed in a disciplined, audited way. You still need to ask how the controls apply to *your* data.
        ## Questions to ask any vendor
        | Question | Why it matters |
        |---|---|
        | Where is our data hosted? | Data sovereignty and the Privacy Act |
        | Who can access it, and how is that logged? | Insider risk |
        | Is data encrypted in transit and at rest? | Interception and theft |
        | How are backups tested? | Recovery after an incident |
        | What is in scope for certification? | Some certificates cover only part of a business |
        ## Certification in your own tenders
        When you buy software, ask for certification in the request documents and score it. Ask for the certificate itself, the name of the certification body and the date of the last surveillance audit. A vendor that is certified will have these ready; a vendor that is "working towards" certification should tell you when it expects to be audited.
        ## Our approach
        Supplysite has held ISO 27001 certification since 2015, and the scope covers the whole platform and the people who run it. Customer data is hosted in Australian data centres. We are happy to share our certificate and statement of applicability with customers under confidentiality.
        The security of sealed tender responses is part of what makes [e-tendering](entry:post-what-is-e-tendering) trustworthy. If your security team has questions, [get in touch](/contact-us).
        """,
    ),
    dict(
        slug="contract-lifecycle-stages",
        title="The Seven Stages of Contract Lifecycle Management",
        description="From the first request to renewal or exit, contracts move through seven stages. Knowing where each contract sits is the key to managing risk and value.",
        title_tag="Contract Lifecycle Management: 7 Stages | Supplysite",
        meta="The seven stages of contract lifecycle management, the risks at each stage and what good practice looks like for ANZ organisations.",
        date="2021-10-18T09:00+11:00", read=7, products=["SCM"], tags=["contract management", "CLM"], palette="plum",
        video="https://vimeo.com/712345678",
        body="""
        ## Why think in stages
        Contract lifecycle management is a mouthful, but the idea is simple: every contract passes through the same stages, and each stage has its own risks. Knowing which stage a contract is in tells you what needs to happen next and who should be doing it.
        ![img-contract-lifecycle]
        ## The seven stages
        ### 1. Request
        A business unit identifies a need. The risk here is starting without a budget or a clear owner.
        ### 2. Author
        The contract is drafted from an approved template. Using the wrong template, or an old one, is the common failure.
        ### 3. Negotiate
        Terms are negotiated and changes tracked. Keep every version; you will want to know later why a clause changed.
        ### 4. Approve and sign
        Approvals follow your delegations. Electronic signatures save days.
        ### 5. Store and record obligations
        The signed contract goes into a central register with its key dates and obligations.
        ##### Obligations worth recording
        - Reporting due from the supplier, such as monthly service reports
        - Insurances the supplier must hold, with expiry dates
        - Price review dates and the index they follow
        ###### Tip: record the clause number next to each obligation so anyone can check the source.
        ### 6. Monitor
        Performance, spend and obligations are tracked against the contract. This is the longest stage and the one most often neglected.
        ### 7. Renew or exit
        Decide well ahead whether to extend, renegotiate or go to market; our piece on [renewal alerts](entry:post-contract-renewal-alerts) sets out a practical schedule.
        ## Stage ownership
        | Stage | Usually owned by | Key record |
        |---|---|---|
        | Request | Business unit | Approved business case |
        | Author and negotiate | Procurement and legal | Draft versions |
        | Approve and sign | Delegated officer | Signed contract |
        | Store, monitor | Contract owner | Register entry, scorecards |
        | Renew or exit | Contract owner and procurement | Renewal decision |
        ## Where to start
        If you do nothing else, get every current contract into one register with an owner and an end date. That single step makes every other stage easier.
        Watch our short video on the contract lifecycle, download the [contract management factsheet](asset:factsheet-contract-management) or explore [contract management](/contract-management).
        """,
    ),
    dict(
        slug="supplier-onboarding-checklist",
        title="A Supplier Onboarding Checklist for Councils",
        description="A practical checklist for onboarding suppliers and contractors in local government, from ABN checks to insurance certificates and induction.",
        title_tag="Supplier Onboarding Checklist for Councils | Supplysite",
        meta="A supplier and contractor onboarding checklist for Australian and New Zealand councils: identity, insurance, safety, modern slavery and payments.",
        date="2022-02-14T09:00+11:00", read=6, products=["SIM"], tags=["onboarding", "local government", "compliance"], palette="green",
        body="""
        ## Why onboarding matters in local government
        Councils engage hundreds of suppliers and contractors, many of them small local businesses. A weak onboarding process leads to payments to the wrong bank account, contractors on site without insurance and audit findings that take months to close. A clear checklist, applied consistently, prevents most of it.
        ![img-onboarding-steps]
        ## The checklist
        ### Identity and registration
        - ABN or NZBN verified against the public register, and GST status confirmed
        - Legal entity name matches the bank account name
        - Key contacts recorded, including an accounts contact
        ### Payments
        1. Bank details collected through a secure portal, never by email
        2. Bank details verified by a call-back to a known number
        3. Any change to bank details re-verified the same way
        ### Insurance and licences
        - Public liability insurance, typically $20 million for contractors on council sites
        - Workers compensation certificate of currency
        - Professional indemnity where advice or design is supplied
        - Trade licences for electrical, plumbing and other licensed work
        ### Safety
        - Safety management system or safe work method statements for high-risk work
        - Site induction completed before work starts
        ### Ethical sourcing
        - Modern slavery questionnaire for higher-risk categories; see our note on [supplier due diligence](entry:post-modern-slavery-act-supplier-due-diligence)
        - Acceptance of the council's supplier code of conduct
        ## Keep it current
        Onboarding is not a one-time event. Insurance certificates expire every year and licences lapse. Automatic reminders to suppliers, thirty days before expiry, keep records current without chasing.
        ## Common gaps we see
        When we review onboarding processes with councils, the same gaps come up: bank details accepted by email, insurance checked only at engagement, and no record of which contractor completed which induction. None of these needs a big project to fix. A portal, a verification step and automatic reminders close most of them within a quarter.
        ## Make it easy for small suppliers
        Local businesses are often the ones councils most want to support. A simple online form, clear guidance and a single place to upload documents make it easier for them to work with you.
        Read how a water utility brought 1,400 contractors into line in {{case-manage-contractor-compliance}}, or see [supplier information management](/supplier-information-management).
        """,
    ),
]
