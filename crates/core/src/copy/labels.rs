//! Headings and button labels exactly as docs/behaviour.md §2 spells them (letter case included), and the
//! few more the site needs.

/// Home hero title.
pub const SUPPLY_CHAIN_SOFTWARE: &str = "Supply Chain Software";
/// Heading of the home page's product grid.
pub const I_NEED_HELP_WITH: &str = "I need help with...";
/// Button on product cards.
pub const DISCOVER_MORE: &str = "DISCOVER MORE";
/// Case-study teaser: to the story.
pub const READ_THE_FULL_CUSTOMER_STORY_NOW: &str = "READ THE FULL CUSTOMER STORY NOW";
/// Case-study teaser: to the index.
pub const MORE_CUSTOMER_STORIES: &str = "MORE CUSTOMER STORIES";
/// Blog card button.
pub const READ_POST: &str = "READ POST";
/// Home: heading over the blog cards.
pub const READ_OUR_LATEST_INSIGHTS: &str = "Read Our Latest Insights";
/// Home: banner heading.
pub const READ_OUR_CUSTOMER_STORIES: &str = "Read our Customer Stories";
/// Home: banner button to /case-study-index.
pub const VIEW_CUSTOMER_STORIES: &str = "VIEW CUSTOMER STORIES";
/// The mini-card carousel and link lists.
pub const MORE_INSIGHTS_AND_INFORMATION: &str = "More Insights and Information";
/// The solutions overview and the home grid.
pub const OUR_SOLUTIONS: &str = "Our Solutions";
/// Product pages: opens the demo video.
pub const VIEW_DEMO: &str = "VIEW DEMO";
/// Product pages: saves the factsheet.
pub const DOWNLOAD_FACTSHEET: &str = "DOWNLOAD FACTSHEET";
/// Sourcing page: opens its video.
pub const VIEW_STRATEGIC_SOURCING_VIDEO: &str = "VIEW STRATEGIC SOURCING VIDEO";
/// Sourcing page: saves its factsheet.
pub const DOWNLOAD_SOURCING_MANAGEMENT_FACTSHEET: &str = "DOWNLOAD SOURCING MANAGEMENT FACTSHEET";
/// Sourcing page: to /contact-us.
pub const CONTACT_US_TO_DISCUSS_STRATEGIC_SOURCING: &str =
    "CONTACT US TO DISCUSS STRATEGIC SOURCING";
/// Customer stories index heading (and nav label).
pub const CUSTOMER_STORIES: &str = "Customer Stories";
/// Insights listing heading.
pub const OUR_LATEST_INSIGHTS: &str = "Our Latest Insights";
/// The insights listing's meta description, also the Atom feed's subtitle.
pub const INSIGHTS_DESCRIPTION: &str = "Insights on procurement, e-sourcing, tendering, reverse auctions and supplier management for Australian and New Zealand organisations.";
/// The Atom feed of the insights: its title, and the title of every page's link to it.
pub const INSIGHTS_FEED_TITLE: &str = "Supplysite Insights";
/// Insights listing: reveals 9 more.
pub const LOAD_MORE_INSIGHTS: &str = "LOAD MORE INSIGHTS";
/// Insights listing: said in a live region when more insights did not arrive (the request
/// failed or ran out of time); the button stays for another try.
pub const LOAD_MORE_FAILED: &str = "More insights could not be loaded just now. Please try again.";
/// Listings: the link to the page before, for visitors without JavaScript.
pub const PREVIOUS_PAGE: &str = "Previous page";
/// Customer stories index: the link to the page after.
pub const NEXT_PAGE: &str = "Next page";
/// Insight article heading.
pub const INSIGHT: &str = "Insight";
/// Insight article: the side list.
pub const MORE_INSIGHTS: &str = "More Insights";
/// Insight article: opens the article's video.
pub const WATCH_INSIGHT_VIDEO: &str = "Watch Insight Video";
/// Insight article: closing call to action.
pub const READ_MORE_INSIGHTS: &str = "Read More Insights";
/// Insight article: closing button to /insights.
pub const VIEW_INSIGHTS: &str = "View Insights";
/// Contact page heading.
pub const GET_IN_TOUCH: &str = "Get In Touch";
/// Case study: saves the PDF.
pub const DOWNLOAD_THE_FULL_CUSTOMER_STORY_NOW: &str = "DOWNLOAD THE FULL CUSTOMER STORY NOW";
/// Footer link to /contact-us, and the contact form's heading.
pub const SEND_US_A_MESSAGE: &str = "Send us a message";
/// Small-screen menu toggle.
pub const MENU: &str = "Menu";
/// Overlay while a screen's data has not arrived.
pub const LOADING: &str = "Loading...";

/// Case study fact label beside the spend category.
pub const CATEGORY: &str = "Category";
/// Case study fact label beside where the customer is.
pub const LOCATION: &str = "Location";
/// Case study fact label beside the suppliers involved.
pub const SUPPLIERS: &str = "Suppliers";
/// Case study fact label beside the sourcing strategy.
pub const STRATEGY: &str = "Strategy";
/// Case study fact label beside the customer's industry.
pub const INDUSTRY: &str = "Industry";

/// Case study section heading over the customer's background.
pub const BACKGROUND: &str = "Background";
/// Case study section heading over the problem the customer had.
pub const THE_CHALLENGE: &str = "The Challenge";
/// Case study section heading over what the customer did with the suite.
pub const THE_SOLUTION: &str = "The Solution";
/// Case study section heading over the results.
pub const THE_OUTCOMES: &str = "The Outcomes";

/// Case study page: heading over its blog cards and related pages.
pub const RELATED_INSIGHTS: &str = "Related Insights";
/// Product pages: heading over the related blog cards.
pub const INSIGHTS_AND_ARTICLES: &str = "Insights and Articles";
/// About page: heading over its latest insights.
pub const LATEST_INSIGHTS: &str = "Latest Insights";
/// Product cards panel heading on pages other than the home page.
pub const EXPLORE_THE_SUITE: &str = "Explore the Suite";
/// Solutions overview: the request-a-demo link.
pub const REQUEST_A_FREE_DEMO: &str = "REQUEST A FREE DEMO";
/// Sourcing page: the list of up to 9 eRFx articles.
pub const MORE_ON_ERFX: &str = "More on eRFx and Tendering";
/// Sourcing page: article cards per module.
pub const SSM_INSIGHTS: &str = "Strategic Sourcing Insights";
/// Sourcing page: the heading of the eRFx article cards.
pub const ERFX_INSIGHTS: &str = "eRFx and Tendering Insights";
/// Sourcing page: the heading of the reverse auction article cards.
pub const EAUCTION_INSIGHTS: &str = "Reverse Auction Insights";

/// The customer stories index introduction.
pub const CUSTOMER_STORIES_INTRO: &str = "How procurement, sourcing and supplier teams across Australia and New Zealand use the suite to run fairer tenders, manage suppliers and prove savings.";

/// The 404 page.
pub const NOT_FOUND_TITLE: &str = "Page not found";
/// The 404 page's sentence under its heading.
pub const NOT_FOUND_TEXT: &str = "The page you were looking for has moved or no longer exists. These will get you back on track.";
/// The 404 page's link to the home page.
pub const BACK_TO_HOME: &str = "BACK TO HOME";
/// The 404 page's link to the insights.
pub const BROWSE_INSIGHTS: &str = "BROWSE INSIGHTS";
/// The 404 page's link to the contact page (also used elsewhere for the same link).
pub const CONTACT_US: &str = "CONTACT US";

/// The privacy page when the space has no privacy policy.
pub const PRIVACY_POLICY: &str = "Privacy Policy";
/// The privacy page's heading when the space has no privacy policy.
pub const PRIVACY_EMPTY_HEADING: &str = "Our privacy policy is being updated";
/// The privacy page's sentence when the space has no privacy policy.
pub const PRIVACY_EMPTY_TEXT: &str = "The policy is not available right now. For any question about how we handle personal information, please contact us and our privacy officer will respond.";
