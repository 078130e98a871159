"""Insight articles, mid 2022 to 2026, and one unpublished draft (copy in the markup of richtext.py)."""

POSTS = [
    dict(
        slug="allergen-declarations-pim",
        title="Allergen Declarations Without the Spreadsheets",
        description="Allergen errors are the leading cause of food recalls in Australia. Structured supplier data, not spreadsheets, is the way to keep declarations right.",
        title_tag="Allergen Declarations Without Spreadsheets | Supplysite",
        meta="How food manufacturers can manage supplier allergen declarations with structured data, change alerts and sign-off, instead of spreadsheets.",
        date="2022-05-09T09:00+10:00", read=5, products=["PIM", "SIM"], tags=["food industry", "allergens", "food safety"], palette="green",
        body="""
        ## The recall problem
        Undeclared allergens are consistently the most common reason for food recalls in Australia, according to Food Standards Australia New Zealand. Most of those recalls do not start in the factory. They start with information: a supplier changes a sub-ingredient, a specification is not updated and a label goes to print with the old data.
        ## Why spreadsheets fail
        Spreadsheets are flexible, which is exactly the problem. Columns get added, formulas break and copies multiply. When an auditor asks which version of a supplier's declaration was current on a given date, a spreadsheet cannot answer.
        ## Structured declarations
        A better approach treats each allergen as a structured field on the specification:
        | Allergen | Present as ingredient | Present by cross-contact | Evidence |
        |---|---|---|---|
        | Gluten (wheat) | No | May be present | Supplier allergen control plan |
        | Milk | Yes | n/a | Specification v4 |
        | Sesame | No | No | Site allergen register |
        | Lupin | No | No | Site allergen register |
        Every field must be answered; a blank is not allowed. Changes to any field trigger a review before the new version is approved.
        ## Plain English Allergen Labelling
        The [Plain English Allergen Labelling](https://www.foodstandards.gov.au/consumer/food-allergies/allergen-labelling) requirements changed how allergens must be named and shown on labels, with a transition period that ended in February 2024. Structured allergen data made the transition far easier for manufacturers who had it, because label text could be checked against one source.
        ## What to ask suppliers
        1. A complete allergen declaration against your template, not theirs
        2. Their allergen control plan for shared lines
        3. Notification **before** any change to formulation or site
        4. An annual confirmation that the declaration is still correct
        ## Joining it up
        The allergen declaration sits alongside the rest of the [product specification](entry:post-food-spec-management-basics) and the supplier's approval status in the [supplier record](/supplier-information-management). When all three live in one place, a change to one flags the others.
        Download the [PIM factsheet](asset:factsheet-product-information-management) or see our [food industry software](/food-industry-software).
        """,
    ),
    dict(
        slug="sourcing-pipeline-planning",
        title="Planning Your Sourcing Pipeline for the Year Ahead",
        description="A sourcing pipeline turns a reactive procurement team into a planned one. How to build a twelve-month pipeline from your contract register and budgets.",
        title_tag="Sourcing Pipeline Planning | Supplysite",
        meta="Build a twelve-month sourcing pipeline from your contract register, budgets and business plans, and allocate projects with confidence.",
        date="2022-08-29T09:00+10:00", read=6, products=["SSM", "eRFx"], tags=["sourcing strategy", "planning"], palette="navy",
        body="""
        ## From reactive to planned
        Most procurement teams know the feeling: a contract expires next month, the business unit has only just noticed and there is no time for a proper process. A sourcing pipeline fixes that by showing every project the team will need to run in the next twelve months, before it becomes urgent.
        ![img-sourcing-cycle]
        ## Where pipeline projects come from
        - **Expiring contracts** from the contract register, flagged nine to twelve months ahead
        - **New budget items** from the annual budget and capital works programme
        - **Category strategies** that plan to consolidate or re-tender spend
        - **Unplanned requests**, which you will always have, but fewer of
        ## Sizing each project
        Not every project needs the same effort. A simple sizing model helps allocate people fairly:
        | Size | Typical value | Typical approach | Typical duration |
        |---|---|---|---|
        | Small | Under $100k | RFQ to three suppliers | 2 to 4 weeks |
        | Medium | $100k to $1m | Open RFP or RFT | 8 to 12 weeks |
        | Large | Over $1m | Staged RFI and RFT, possibly an auction | 4 to 9 months |
        ## Allocating the work
        Once projects are sized, allocate them to category managers by expertise and capacity. A pipeline view that shows each person's load by month makes conversations about priorities far easier. When a new urgent request arrives, everyone can see what will move to make room.
        ## Keeping the pipeline alive
        A pipeline built in a spreadsheet in January is usually out of date by March. Review it monthly with your stakeholders and update stages as projects move. Automated reminders and [approval routing](entry:post-approval-routing-for-sourcing) keep projects moving between reviews.
        ## Reporting upwards
        Executives rarely want the detail. They want to know how many projects are planned, how many are on track and what value is going to market. A one-page dashboard from the pipeline answers all three.
        Strategic sourcing management brings pipeline planning, allocation and workflows together; see [sourcing management](/sourcing-management) or download the [sourcing management factsheet](asset:factsheet-sourcing-management).
        """,
    ),
    dict(
        slug="kpis-vs-slas",
        title="KPIs and SLAs: Measuring What Matters in Supplier Contracts",
        description="SLAs set the minimum a supplier must deliver; KPIs show whether the contract is achieving what you need. Contracts need both, and they are not the same thing.",
        title_tag="KPIs vs SLAs in Supplier Contracts | Supplysite",
        meta="The difference between SLAs and KPIs in supplier contracts, with examples, and how to measure both without creating a reporting burden.",
        date="2022-11-21T09:00+11:00", read=6, products=["SPM", "SCM"], tags=["KPIs", "contract management", "supplier performance"], palette="slate",
        body="""
        ## Two different questions
        A **service level agreement** answers: *did the supplier do what the contract requires?* A **key performance indicator** answers: *is this contract delivering what we need?* The first is a floor; the second is a direction. Confusing them leads to contracts where every SLA is green and the business is still unhappy.
        ## Examples side by side
        | Contract | SLA (the floor) | KPI (the direction) |
        |---|---|---|
        | IT service desk | 95% of priority 1 calls answered within 15 minutes | User satisfaction above 4 out of 5 |
        | Cleaning services | All scheduled cleans completed | Complaints per month falling year on year |
        | Freight | 98% of deliveries within the booked window | Cost per pallet moved |
        | Food ingredients | Zero specification non-conformances | Supplier-led cost or quality improvements per year |
        ## How many measures?
        Fewer than you think. Three to five SLAs and two or three KPIs are enough for most contracts. Every extra measure adds reporting cost for the supplier, and that cost ends up in the price.
        ## Getting the data
        - Use system data wherever possible: delivery dates, ticket times, invoice matches
        - Use short surveys for what systems cannot measure, such as responsiveness
        - Agree the source of each measure in the contract, so nobody argues about the numbers later
        ## Consequences and incentives
        SLAs often carry service credits. Used sparingly they focus attention; used as a revenue line they sour the relationship. KPIs work better with incentives and recognition, or with a simple commitment to discuss them at every review.
        ## A common mistake
        Many contracts copy a long list of measures from a previous agreement without asking whether anyone uses them. Before you sign, ask who will look at each measure, how often and what they will do if it turns red. If nobody can answer, leave the measure out and put the effort into the ones that matter.
        ## Bringing it together
        The contract register holds the measures; the [scorecard](entry:post-supplier-scorecards-that-work) shows the results; the review meeting turns results into actions. When those three are connected, measurement stops being paperwork.
        Find out more about [supplier performance management](/supplier-performance-management).
        """,
    ),
    dict(
        slug="gap-analysis-supplier-performance",
        title="Using Gap Analysis to Find Hidden Supplier Risk",
        description="When your people and your supplier see performance differently, the gap is a warning sign. How to run a gap analysis and act on what it shows.",
        title_tag="Supplier Gap Analysis | Supplysite Insights",
        meta="How gap analysis between stakeholder and supplier ratings exposes hidden supplier risk, with a worked example and next steps.",
        date="2023-03-06T09:00+11:00", read=5, products=["SPM"], tags=["supplier performance", "risk"], palette="plum",
        video="https://youtu.be/b8VtR4nWqXo",
        body="""
        ## What a gap tells you
        In a [360-degree survey](entry:post-360-degree-supplier-surveys), stakeholders rate the supplier and the supplier rates itself on the same questions. The difference between the two scores is the gap. A small gap means both sides see the relationship the same way, even if the score is low. A large gap means one side has a blind spot, and blind spots are where risk hides.
        ## A worked example
        A facilities services supplier scored itself highly across the board. Stakeholders agreed on delivery and quality but not on communication or innovation:
        ![img-gap-analysis]
        The supplier believed its monthly report covered communication. Stakeholders had never seen it: it went to a shared mailbox nobody monitored. The fix took a week.
        ## Reading the results
        - **Large gap, low stakeholder score:** the supplier does not know there is a problem. Talk now.
        - **Large gap, high stakeholder score:** the supplier undervalues itself. Tell them what is working.
        - **Small gap, low score:** both sides know. Agree an improvement plan.
        - **Small gap, high score:** a healthy relationship. Keep doing what works.
        ## Turning gaps into actions
        1. Rank the gaps from largest to smallest
        2. Discuss the top three with the supplier in the next review
        3. Agree an action, an owner and a date for each
        4. Re-survey in six months and compare
        ## How often to run it
        Once a year is enough for most strategic suppliers, with a shorter pulse survey between reviews if a relationship is under strain. Running the same questions each time matters more than frequency: trends only mean something when the questions stay the same.
        ## Beyond the individual supplier
        Across a whole supplier base, patterns emerge. If many suppliers rate you poorly on *paying on time* or *clear requirements*, the problem is inside your own organisation, and fixing it improves every relationship at once.
        Our short video shows a gap analysis report in action. Learn more about [supplier performance management](/supplier-performance-management).
        """,
    ),
    dict(
        slug="procurement-audit-trail",
        title="Audit Trails: Your Best Defence in a Probity Review",
        description="When a tender decision is challenged, the audit trail is what protects the buyer. What a good trail records and how to make sure yours stands up.",
        title_tag="Procurement Audit Trails and Probity | Supplysite",
        meta="What a procurement audit trail should record, why it matters in a probity review or complaint, and how e-tendering builds one automatically.",
        date="2023-06-19T09:00+10:00", read=None, products=["eRFx", "SCM"], tags=["probity", "tendering", "governance"], palette="teal",
        body="""
        ## When decisions are challenged
        Sooner or later an unsuccessful supplier will question a tender decision, or an internal auditor will review a procurement. The question is always the same: *can you show that the process was fair and followed the rules?* An audit trail is how you answer it.
        ## What a good audit trail records
        - Who created, changed and approved the request documents, and when
        - Every supplier who viewed, downloaded or responded to the request
        - Every clarification question and the answer published to all respondents
        - The exact time each submission was received, and proof that none were opened early
        - Each evaluator's conflict of interest declaration and individual scores
        - The recommendation, the approval and the notifications sent
        ## Why email is not enough
        Email records exist, but they are scattered across inboxes and easy to miss. A complaint investigation that must reconstruct a process from thirty mailboxes takes weeks and rarely produces a confident answer.
        ## Built-in, not bolted on
        An e-tendering platform records every action as it happens, and the record __cannot be edited afterwards__. That means the trail is complete without anyone having to remember to keep it. See [What is e-tendering?](entry:post-what-is-e-tendering) for how the process flows.
        ## Contracts need trails too
        Probity does not end at award. Variations, extensions and price reviews should be recorded against the contract with the same care. Our guide to the [contract lifecycle](entry:post-contract-lifecycle-stages) sets out what to record at each stage.
        > A tender process is only as defensible as the record it leaves behind.
        ## A quick self-check
        1. Could you produce every clarification and answer for last year's largest tender within an hour?
        2. Could you show who scored what, and when?
        3. Could you prove no submission was opened before closing?
        If any answer is no, your next complaint will be harder than it needs to be. Download the [eTender factsheet](asset:factsheet-etender) to see how our platform records each step.
        """,
    ),
    dict(
        slug="packaging-data-and-national-targets",
        title="Packaging Data and the 2025 National Packaging Targets",
        description="Meeting packaging targets starts with knowing what your packaging is made of. Why food makers are adding packaging fields to supplier specifications.",
        title_tag="Packaging Data and National Packaging Targets | Supplysite",
        meta="How food manufacturers can collect packaging material data from suppliers to report against Australia's National Packaging Targets.",
        date="2023-09-11T09:00+10:00", read=6, products=["PIM"], tags=["food industry", "packaging", "sustainability"], palette="green",
        body="""
        ## Targets need data
        Australia's [2025 National Packaging Targets](https://apco.org.au/national-packaging-targets) set goals for reusable, recyclable or compostable packaging, recycled content and phasing out problematic single-use plastics. Whatever happens after 2025, one thing is clear: manufacturers need to know, item by item, what their packaging is made of.
        ## What most businesses have today
        Packaging information tends to be scattered: a weight on a drawing, a material on an invoice, a recyclability claim in a supplier's brochure. Reporting means weeks of chasing suppliers and reconciling spreadsheets.
        ## Fields worth adding to every specification
        - Component list (tray, film, label, carton) with the material of each
        - Weight of each component in grams
        - Recycled content as a percentage, with evidence
        - Recyclability classification, for example using the Australasian Recycling Label assessment
        - Country of manufacture
        ## An example
        | Component | Material | Weight | Recycled content |
        |---|---|---|---|
        | Tray | rPET | 18.5 g | 50% |
        | Lidding film | PET/PE laminate | 3.2 g | 0% |
        | Label | Paper | 1.1 g | 30% |
        | Shipper carton | Corrugated board | 240 g | 85% |
        The lidding film stands out immediately: a mixed laminate that is hard to recycle. That is exactly the kind of insight reporting should produce.
        ## Collecting it from suppliers
        Ask packaging and ingredient suppliers to complete the same fields through a portal, and make the fields mandatory for new items. Existing items can be backfilled over a year, starting with your highest-volume lines.
        ## Who owns the data?
        Packaging data often falls between teams: procurement buys the packaging, technical approves it and sustainability reports on it. Agree early who owns the fields on the specification and who approves changes. Without an owner, the data decays as quickly as it was collected.
        ## Beyond compliance
        Once the data exists, it supports better decisions: choosing between two tray suppliers, redesigning a pack or answering a retailer's sustainability questionnaire in an afternoon.
        Read [Product specifications: the foundation of food safety](entry:post-food-spec-management-basics) for the wider specification picture.
        """,
    ),
    dict(
        slug="energy-contracts-reverse-auction",
        title="Buying Energy by Reverse Auction",
        description="Energy prices move daily, which makes a traditional tender a gamble. A reverse auction lets retailers compete on the same day, on the same terms.",
        title_tag="Buying Energy by Reverse Auction | Supplysite",
        meta="Why reverse auctions suit large electricity and gas contracts, and how to prepare load data, terms and bidders for the event.",
        date="2024-03-05T09:00+11:00", read=5, products=["eAuction"], tags=["auctions", "energy"], palette="rust",
        body="""
        ## The timing problem
        Wholesale electricity prices change every day. In a traditional tender, retailers price their offers on different days and add a margin for the risk that prices move before you sign. By the time you evaluate, the offers are stale and no longer comparable.
        ## Why an auction fits
        A reverse auction brings every retailer to the market at the same moment, on identical terms. Offers are comparable, validity periods can be short and the contract can be signed the same day. Energy is consistently one of the strongest categories in our results, with savings well above the **14%** average across all our auctions.
        ## Preparing for the event
        1. **Load data.** Gather at least twelve months of interval data for every site. Retailers price risk they cannot see.
        2. **Contract terms.** Agree the terms and the contract form before the event, so the auction settles price only.
        3. **Product design.** Decide between fixed price, a portion of spot exposure or a green energy component. Each may be a separate lot.
        4. **Approvals.** Arrange delegation to sign on the day. Prices are valid for hours, not weeks.
        ## Councils and groups
        Smaller councils and organisations can join together to form a buying group. The larger combined load attracts more retailers and sharper prices, and the auction keeps the process transparent for every member.
        ## What the day looks like
        A typical energy auction runs for about an hour. Retailers log in from their trading desks, our team confirms every bidder is ready and the first lot opens. Most movement happens in the final ten minutes, with automatic extensions when late bids arrive. Within minutes of closing, you have a ranked result for each lot and a report ready for the delegate to sign.
        ## After the auction
        Track consumption and invoices against the contract, and set a reminder well ahead of expiry. Our piece on [contract renewal alerts](entry:post-contract-renewal-alerts) covers the schedule.
        Planning an energy event? Download the [eAuction factsheet](asset:factsheet-reverse-auction-eauction) or [talk to our auction team](/contact-us).
        """,
    ),
    dict(
        slug="approval-routing-for-sourcing",
        title="Approval Routing That Does Not Slow Sourcing Down",
        description="Approvals protect the organisation, but badly designed routing adds weeks to every project. How to route approvals by value and risk without the wait.",
        title_tag="Approval Routing for Sourcing | Supplysite",
        meta="Design approval routing for sourcing projects by value and risk, with parallel approvals, reminders and delegations that keep projects moving.",
        date="2024-03-05T14:00+11:00", read=4, products=["SSM"], tags=["sourcing strategy", "workflow", "governance"], palette="navy",
        body="""
        ## Approvals are not the enemy
        Approvals exist for good reasons: spending public or shareholder money needs oversight. The problem is not approval itself but routing that sends every project through every approver, in sequence, regardless of value or risk.
        ## Route by value and risk
        ![img-approval-routing]
        A tiered model sends each project only to the approvers it needs. Add a risk flag so that a low-value but high-risk purchase, such as a contractor doing work at height, still gets the right scrutiny.
        ## Four ways to cut waiting time
        - **Approve in parallel.** Finance and legal can review at the same time.
        - **Remind automatically.** A reminder after two days and an escalation after five clears most queues.
        - **Respect delegations.** When an approver is on leave, route to their delegate without a phone call.
        - **Approve on a phone.** Most approvals need a summary and a button, not a desktop.
        ## A worked example
        One council we work with required every sourcing project over $10,000 to pass through five approvers in sequence. Projects spent an average of 19 working days waiting. After moving to value tiers, parallel review by finance and legal and automatic reminders, the average fell to six days, with no change to the level of oversight for large or risky projects.
        ## Design principles
        - Approvers should see a one-page summary, not the full tender file
        - Every approval path should have a named delegate
        - Thresholds should match your delegations manual, not an older version of it
        ## Record the reasons
        An approval without a reason is weak evidence. Ask approvers to add a short comment, especially when they approve with conditions. It is the first thing an auditor will look for in a [probity review](entry:post-procurement-audit-trail).
        ## Measure it
        Track how long each project spends waiting for approval. Teams are usually surprised: waiting often accounts for a third of the total sourcing time. Once measured, it improves.
        See how approvals fit into [pipeline planning](entry:post-sourcing-pipeline-planning), or explore [sourcing management](/sourcing-management).
        """,
    ),
    dict(
        slug="supplier-risk-nz-procurement-rules",
        title="Supplier Risk Under the New Zealand Government Procurement Rules",
        description="The Government Procurement Rules ask New Zealand agencies to manage supplier risk and deliver broader outcomes. What that means for supplier information.",
        title_tag="NZ Government Procurement Rules and Supplier Risk | Supplysite",
        meta="What New Zealand's Government Procurement Rules mean for supplier risk, broader outcomes and the supplier information agencies need to hold.",
        date="2024-07-22T09:00+12:00", read=7, products=["SIM", "eRFx"], tags=["New Zealand", "public sector", "risk"], palette="teal",
        body="""
        ## The rules in brief
        The [Government Procurement Rules](https://www.procurement.govt.nz/procurement/principles-charter-and-rules/government-procurement-rules/) set out how New Zealand government agencies must plan, run and manage procurement. Alongside open competition and fair treatment of suppliers, they ask agencies to consider **broader outcomes**: the wider social, environmental, cultural and economic benefits that procurement can deliver.
        ## Where supplier risk comes in
        Agencies must understand who they are contracting with. That means knowing a supplier's ownership, financial position, health and safety record and, increasingly, their approach to employment standards and emissions. Significant service contracts carry specific expectations about fair employment.
        ## What agencies need to hold
        - Legal identity, NZBN and ownership
        - Insurance and health and safety records
        - Employment standards declarations for designated contracts
        - Broader outcomes commitments made in the tender
        - Performance and compliance history over the life of the contract
        ## Making broader outcomes measurable
        A commitment in a tender response is only as good as the follow-up. If a supplier commits to employing local apprentices or reducing emissions, record the commitment against the contract and ask for evidence at each review. Otherwise the commitment is forgotten within a year.
        ## Significant service contracts
        Some contracts, such as cleaning, security and catering, carry specific expectations about the pay and conditions of the workers who deliver them. Agencies need evidence that suppliers meet those expectations, and a way to check it during the contract, not only at tender time.
        ## A note for Australian suppliers
        Australian suppliers bidding for New Zealand government work will find the expectations familiar but not identical. Registering on the Government Electronic Tender Service and keeping supplier information current across both countries saves time.
        ## Practical steps for agencies
        1. Decide what supplier information each category requires, by risk
        2. Collect it once, through a supplier portal, and keep it current with reminders
        3. Link tender commitments to the contract record
        4. Report broader outcomes from the record, not from memory
        Our [supplier onboarding checklist](entry:post-supplier-onboarding-checklist) is written for councils, but most of it applies equally to agencies. See also [supplier information management](/supplier-information-management).
        """,
    ),
    dict(
        slug="procurement-year-in-review-2024",
        title="Procurement in 2024: What Changed for ANZ Buyers",
        description="A look back at the year in procurement across Australia and New Zealand: modern slavery reviews, allergen labelling, cyber security and the cost of living.",
        title_tag="Procurement in 2024: Year in Review",
        meta=None,
        date="2024-12-09T09:00+11:00", read=4, products=[], tags=["year in review"], palette="slate", seo=False,
        body="""
        ## A busy year
        2024 asked a lot of procurement teams on both sides of the Tasman. Here are the themes we heard most from customers.
        ## Cost pressure did not ease
        Inflation slowed but prices did not fall back. Buyers spent more time testing price review clauses and going back to market, and more of them used [reverse auctions](entry:post-reverse-auction-myths) for categories that had not been competed in years.
        ## Ethical sourcing moved up the agenda
        Following the statutory review of the Modern Slavery Act, many organisations refreshed their supplier questionnaires and began asking higher-risk suppliers for more evidence, not just policies.
        ## Allergen labelling deadlines arrived
        The transition period for Plain English Allergen Labelling ended in February. Food makers with structured [allergen data](entry:post-allergen-declarations-pim) found the change far easier than those working from spreadsheets.
        ## Cyber security became a procurement question
        After several high-profile data breaches, security teams joined more sourcing evaluations. Questions about hosting, access and certification such as [ISO 27001](entry:post-iso-27001-what-it-means-for-buyers) became standard in software tenders.
        ## Looking ahead to 2025
        - Scope 3 emissions data from suppliers, as climate reporting begins for large entities
        - Better use of AI to read and summarise tender responses
        - Continued focus on local and small business participation
        Thank you to every customer who shared their year with us. We look forward to working with you in 2025.
        ## By the numbers
        Across our own platform this year, customers published more requests than in any previous year, ran auctions in every Australian state and in both islands of New Zealand, and invited thousands of new suppliers to register. The busiest month was June, as always, with end-of-financial-year purchasing in Australia.
        ## Thank you
        Our support team answered calls from councils, universities, health services and food makers all year. The most common question was not about features at all, but about process: how to run a fair evaluation, how to write a clear specification and how to explain a decision to an unsuccessful supplier. We will keep writing about those topics in the year ahead.
        """,
    ),
    dict(
        slug="ai-in-tender-evaluation",
        title="Where AI Helps (and Does Not) in Tender Evaluation",
        description="AI can summarise long responses and check compliance, but scoring must stay with people. A practical view of where AI fits in a fair evaluation.",
        title_tag="AI in Tender Evaluation | Supplysite",
        meta="Where artificial intelligence can help tender evaluation panels, where it should not be used and how to keep the process fair and defensible.",
        date="2025-04-14T09:00+10:00", read=8, products=["eRFx", "SPM"], tags=["AI", "tendering", "probity"], palette="teal",
        video="https://www.youtube.com/embed/Hn3pXr7KZ1c",
        body="""
        ## The promise and the worry
        A complex tender can attract responses of hundreds of pages each. Evaluation panels are busy people, and AI tools that summarise documents are now everywhere. Used well, AI can save panels days. Used badly, it can undermine the fairness of the whole process.
        ## Where AI helps
        - **Compliance checks.** Confirming that every mandatory document and declaration is present.
        - **Summaries for orientation.** A short summary of each response helps evaluators find their way before reading in full.
        - **Consistency prompts.** Flagging where an evaluator's comment does not match their score, for the panel chair to review.
        - **Clarification drafting.** Suggesting clear wording for clarification questions, which a person then checks.
        ## Where it should not be used
        - **Scoring.** Scores must reflect the panel's judgement against published criteria. A model's score cannot be explained in a debrief or defended in a complaint.
        - **Replacing reading.** Evaluators must still read the responses they score. A summary can omit exactly the detail that matters.
        - **Anything the conditions of tender do not allow.** If suppliers were not told their responses would be processed by AI, check your obligations before you do it.
        ## Data and confidentiality
        Tender responses are commercial-in-confidence. Sending them to a public AI service may breach your conditions of tender and your privacy obligations. Any AI used must run within a platform whose security you have assessed, such as an [ISO 27001 certified](entry:post-iso-27001-what-it-means-for-buyers) environment hosted in Australia.
        ## Keep the record
        Record where AI was used, what it produced and how the panel used it. The [audit trail](entry:post-procurement-audit-trail) should show that people made the decisions.
        ## A simple policy
        1. AI may assist with compliance checks, summaries and drafting.
        2. AI may not score, rank or recommend.
        3. Every use is recorded in the evaluation file.
        4. Suppliers are told in the request documents.
        ### The bottom line
        AI is a useful assistant for an evaluation panel, not a member of it. Watch our video on how our platform uses AI for compliance checks, or [contact us](/contact-us) to see it in a demonstration.
        """,
    ),
    dict(
        slug="scope-3-emissions-supplier-data",
        title="Collecting Scope 3 Emissions Data from Suppliers",
        description="With climate reporting now mandatory for large Australian entities, procurement teams are being asked for supplier emissions data. How to start without overwhelming suppliers.",
        title_tag="Scope 3 Emissions Data from Suppliers | Supplysite",
        meta="A practical approach to collecting scope 3 emissions data from suppliers for mandatory climate reporting, starting with the suppliers that matter most.",
        date="2025-09-01T09:00+10:00", read=6, products=["SIM", "SPM", "SCM"], tags=["ESG", "emissions", "sustainability"], palette="green",
        body="""
        ## Why procurement is involved
        Mandatory climate-related financial disclosures began for the largest Australian entities in 2025, with more to follow. Scope 3 emissions, those in the value chain, usually make up most of an organisation's footprint, and much of that sits with suppliers. Sustainability teams are turning to procurement for the data.
        ## Scope 3 in one paragraph
        Scope 1 is what you burn; scope 2 is the electricity you buy; scope 3 is everything else, including purchased goods and services. Emissions are reported in tonnes of CO~2~e, carbon dioxide equivalent.
        ## Start with spend, then improve
        - **Year one:** estimate emissions from spend using published emission factors by category
        - **Year two:** ask your top suppliers by spend and emissions for their own figures
        - **Year three:** build emissions commitments into new contracts and track them
        Coverage improves quickly when you focus on the suppliers that matter:
        ![img-emissions-coverage]
        ## What to ask suppliers
        1. Their total scope 1 and 2 emissions, and the reporting year
        2. The method used, for example the GHG Protocol
        3. Whether figures are verified by a third party
        4. Their reduction targets, if any
        Keep the questions consistent from year to year. Changing the questionnaire every year makes trends impossible to read.
        ## Allocating supplier emissions to you
        Most suppliers cannot yet tell you the emissions of the goods they sell *to you*. Until they can, allocate their total emissions by your share of their revenue, and record the method so it can be improved later.
        ## Contracts and performance
        Emissions commitments made in a tender belong in the contract and on the [supplier scorecard](entry:post-supplier-scorecards-that-work). Reviewing them alongside delivery and quality signals that they matter.
        > "We had emissions data for 18% of our spend two years ago. Today it is 61%, and the suppliers who report are now asking us for help to reduce."
        > Head of Procurement, an Australian university
        The same supplier portal that holds insurances and certifications can hold emissions data; see [supplier information management](/supplier-information-management).
        """,
    ),
    dict(
        slug="supplier-master-data-clean-up",
        title="Cleaning Up Your Supplier Master Data",
        description="Duplicate suppliers, stale bank details and dormant records create risk and waste. A step-by-step plan to clean up supplier master data and keep it clean.",
        title_tag="Supplier Master Data Clean-Up | Supplysite",
        meta="A step-by-step plan to find duplicate and dormant suppliers, verify details and keep supplier master data clean with supplier self-service.",
        date="2026-02-09T09:00+11:00", read=5, products=["SIM"], tags=["data quality", "master data"], palette="navy", hero=False,
        body="""
        ## The state of most vendor files
        A typical vendor master file in a mid-sized organisation holds thousands of records, and a third of them have not been paid in two years. Duplicates are common: the same supplier set up twice under slightly different names, sometimes with different bank accounts. Each duplicate is a chance for a duplicate payment, and each stale record is a target for fraud.
        ## Step 1: Find duplicates
        Match records on ABN or NZBN first, then on bank account, then on normalised names. A quick first pass in your finance system might group records by the `abn` field and list any group with more than one active record.
        ## Step 2: Archive the dormant
        Block records with no payments in the last 18 to 24 months. Blocking, rather than deleting, keeps the history for audit.
        ## Step 3: Verify what remains
        - Confirm ABN status and GST registration against the public register
        - Confirm bank details by call-back for high-value suppliers
        - Confirm contacts, especially the accounts contact
        ## Step 4: Hand the upkeep to suppliers
        The people best placed to keep supplier details current are the suppliers themselves. A self-service portal, with verification on any change to bank details, keeps records current without your team retyping them.
        ## Step 5: Stop new mess arriving
        Require every new supplier to be created through the onboarding process, never directly in the finance system. The [onboarding checklist](entry:post-supplier-onboarding-checklist) covers what to collect.
        ## How long does it take?
        For a file of 5,000 records, expect four to eight weeks for the first clean-up and a few hours a month afterwards. The savings from a single prevented duplicate or fraudulent payment usually cover the effort.
        ## Measure the result
        Before you start, count active records, duplicates found and records with missing ABNs or contacts. Repeat the count each quarter. A simple chart of those four numbers keeps the work visible to finance and audit, and shows when the file has drifted again.
        See how [supplier information management](/supplier-information-management) keeps supplier records current, or download the [SIM factsheet](asset:factsheet-supplier-information-management).
        """,
    ),
    dict(
        slug="eauction-planning-guide-2026",
        title="Planning Your First eAuction in 2026",
        description="A step-by-step planning guide for first-time auction buyers. (Draft, not yet published.)",
        title_tag=None, meta=None,
        date="2026-11-30T09:00+11:00", read=6, products=["eAuction"], tags=["auctions"], palette="rust", published=False, hero=False,
        body="""
        ## Draft outline
        This guide will take first-time buyers through choosing a category, preparing suppliers and running the event, with a checklist for each stage. It is still being reviewed by the auction team and is not yet published.
        """,
    ),
]
