"""About-us timeline milestones and the privacy policy; copy in the markup of richtext.py."""

# (position, icon text, title markup, main content markup, image caption or None,
#  image hyperlink, button text, button link)
TIMELINE = [
    (1, "2007", "**2007**: Founded in Sydney", """
        Supplysite is founded in a small office in Surry Hills by two procurement consultants who were tired of running tenders with binders and couriers. The first product is a simple online tender box for Australian and New Zealand organisations.
        """, "Sydney, 2007", None, None, None),
    (2, "2009", "**2009**: Our first council customer", """
        A regional New South Wales council runs its first e-tender on the platform. Within a year, twelve councils are publishing requests online.
        """, None, None, None, None),
    (3, "2011", "**2011**: Managed reverse auctions", """
        We launch our managed eAuction service, with a team that prepares lots, trains suppliers and runs each event alongside the buyer.
        """, "Our first auction room", "/reverse-auction-eauction", "About eAuction", "/reverse-auction-eauction"),
    (4, "2012", "**2012**: Across the Tasman", """
        Our first New Zealand customers come on board, served from our Sydney office. Auctions follow in the UK through a partner the year after.
        """, None, None, None, None),
    (5, "2015", "**2015**: ISO27001 certified", """
        We achieve ISO27001 certification for our information security management system, covering the whole platform and the people who run it. We have been recertified every cycle since.
        """, "Certified secure", "https://www.iso.org/standard/27001", None, None),
    (6, "2017", "**2017**: Contracts and performance", """
        Supplier contract management and supplier performance management join the platform, giving customers one place for the whole supplier lifecycle.
        """, None, None, "See our solutions", "/supplier-management-platform"),
    (7, "2019", "**2019**: Built for food makers", """
        We release product information management for food and beverage manufacturers, with specifications, allergen data and supplier approval in one place.
        """, "Food industry", "/food-industry-software", "Food industry software", "/food-industry-software"),
    (8, "2021", "**2021**: 1,000 auctions", """
        Our auction team runs its 1,000th managed event across the UK, Australia and New Zealand, with an average saving of *14%* against buyer expectations.
        """, None, None, None, None),
    (9, "2023", "**2023**: Strategic sourcing", """
        Strategic sourcing management brings pipeline planning, project allocation and approval routing to procurement teams.
        """, "Planning the pipeline", None, "Sourcing management", "/sourcing-management"),
    (10, "Today", "**Today**: Still in Sydney", """
        Hundreds of organisations across Australia and New Zealand use Supplysite every day. We are still based in Sydney, still independent and still focused on making procurement simpler.
        """, "Our team today", None, "Get in touch", "/contact-us"),
]

PRIVACY_TITLE = "Privacy Policy"

PRIVACY_SECTIONS = [
    """
    ## 1. About this policy
    This policy explains how Supplysite Pty Ltd (ABN 41 126 904 337) collects, uses, discloses and protects personal information. We are bound by the *Privacy Act 1988* (Cth) and the [Australian Privacy Principles](https://www.oaic.gov.au/privacy/australian-privacy-principles), and, for individuals in New Zealand, by the [Privacy Act 2020](https://www.legislation.govt.nz/act/public/2020/0031/latest/LMS23223.html) and its Information Privacy Principles.
    This policy was last updated on 1 July 2025.
    """,
    """
    ## 2. What we collect and why
    We collect personal information when you contact us, request a demonstration, download a factsheet, register as a supplier on a customer's portal or use our platform. This may include:
    - your name, organisation, job title, email address and phone number
    - the content of your enquiry or message
    - for supplier users, details your customer asks you to provide, such as insurance and licence documents
    - technical information such as your browser type and the pages you visit
    We use this information to respond to enquiries, provide and support our services, keep our platform secure and, where you agree, send you information about our products. You can opt out of marketing emails at any time using the link in each email.
    ### Tracking, where your visit came from, and Global Privacy Control
    When our marketing analytics are switched on, this site loads Brevo's marketing-automation tracker, which records the pages you view and the calls to action you click. After you send the contact form, your email address is kept in your browser (as trackingEmail) so that those visits can be linked to your enquiry.
    An enquiry you send also says where your visit came from, so that we can tell which newsletter, campaign, search or article led to it: the page you arrived on, the name of the website that linked to us (never the page or search it linked from), the campaign labels in the link you followed (utm_source, utm_medium, utm_campaign, utm_term and utm_content), whether you came from an advertisement (never the advertisement's click identifier) and the page you were on before the contact page. Your browser keeps these in session storage only, which is cleared when you close the tab; no cookie is set.
    We keep them with your enquiry and as attributes of your contact in Brevo. For our leads report we also keep, for 400 days, a record of each enquiry's date, where it came from and whether it reached our team, without your name, email address, phone number, organisation or message; after 400 days it is deleted.
    We honour Global Privacy Control. If your browser sends it, the tracker is never loaded, your email address is not kept in your browser (one kept earlier is removed) and nothing about where your visit came from is kept or sent. Your enquiry still reaches our team.
    """,
    """
    ## 3. Disclosure and overseas recipients
    We do not sell personal information. We disclose it only to service providers who help us run our business, such as our email delivery and hosting providers, and only as needed for them to provide their services. Supplier information entered on a customer's portal is disclosed to that customer.
    Our platform and customer data are hosted in Australia. Some service providers, such as our email delivery provider, may store limited information overseas, including in the European Union. Where this happens we take reasonable steps, as APP 8 requires, to ensure the recipient protects it.
    """,
    """
    ## 4. Security, access and correction
    Our information security management system is certified to ISO/IEC 27001. We protect personal information with access controls, encryption in transit and at rest, and regular independent audits.
    You may ask to access or correct the personal information we hold about you. We will respond within 30 days. Supplier users can update most of their details directly in the portal.
    """,
    """
    ## 5. Questions and complaints
    If you have a question or complaint about privacy, contact our Privacy Officer at privacy@supplysite.com.au or write to Supplysite Pty Ltd, Privacy Officer, Level 9, 60 Clarence Street, Sydney NSW 2000. We will acknowledge your complaint within five business days and aim to resolve it within 30 days.
    If you are not satisfied with our response, you may contact the [Office of the Australian Information Commissioner](https://www.oaic.gov.au/privacy/privacy-complaints) or, in New Zealand, the [Office of the Privacy Commissioner](https://www.privacy.org.nz/your-rights/making-a-complaint/).
    """,
]
