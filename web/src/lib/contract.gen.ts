// Generated from the Rust view models (supplysite-core's `contract` module): do not edit.
// Regenerate with `UPDATE_CONTRACT=1 cargo test -p supplysite-core contract`.

export type AboutView = { 
/**
 * Title, description, canonical, robots and structured data.
 */
head: Head, 
/**
 * The opening section; its heading is the page's.
 */
intro: Block, 
/**
 * The timeline's entries by position.
 */
timeline: Array<TimelineItem>, 
/**
 * The founder's story.
 */
founder: Block, 
/**
 * The team section.
 */
team: Block, 
/**
 * The culture section.
 */
culture: Block, 
/**
 * The company's claims, as figures.
 */
claims: Array<Claim>, 
/**
 * A customer story's teaser, when the space has one.
 */
caseStudyTeaser: CaseStudyTeaser | null, 
/**
 * Cards of every module of the suite.
 */
productCards: ProductCardList, 
/**
 * The 3 latest insights.
 */
insights: BlogCardList, 
/**
 * Indexable articles and pages.
 */
links: MiniCardList, 
/**
 * The closing call to action.
 */
cta: Promo, };

export type ActionButton = { "action": "link", 
/**
 * The button's text.
 */
label: string, 
/**
 * Filled or outline.
 */
style: ButtonStyle, 
/**
 * Where it goes, as the editor wrote it once found safe (never a script link).
 */
href: string, 
/**
 * Leaves the site: open in a new tab.
 */
external: boolean, } | { "action": "video", 
/**
 * The button's text.
 */
label: string, 
/**
 * Filled or outline.
 */
style: ButtonStyle, 
/**
 * The video the modal plays.
 */
video: Video, } | { "action": "download", 
/**
 * The button's text.
 */
label: string, 
/**
 * Filled or outline.
 */
style: ButtonStyle, 
/**
 * The file's address.
 */
href: string, 
/**
 * The name the file is saved under.
 */
fileName: string, };

export type Attribution = { 
/**
 * `utm_source`: who sent the visitor (a newsletter, a search engine, a partner).
 */
source?: string, 
/**
 * `utm_medium`: how (email, cpc, social).
 */
medium?: string, 
/**
 * `utm_campaign`: which campaign.
 */
campaign?: string, 
/**
 * `utm_term`: the paid search term.
 */
term?: string, 
/**
 * `utm_content`: which link or advertisement of the campaign.
 */
content?: string, 
/**
 * The path the visit started on, with no query but the campaign parameters, starting
 * with `/`.
 */
landingPage?: string, 
/**
 * The host of the page that linked to the site (never its path or query).
 */
referrer?: string, 
/**
 * The path of the page the visitor came to the contact page from, starting with `/`.
 */
conversionPage?: string, 
/**
 * Whether the visit came from an advertisement's click (`gclid` or `msclkid` was
 * present); the click id itself is never kept.
 */
adClick?: boolean, };

export type BannerView = { 
/**
 * The banner's background picture.
 */
image: Image | null, 
/**
 * A logo shown on the banner.
 */
logo: Image | null, 
/**
 * The banner's rich text, rendered.
 */
textBox: Html | null, 
/**
 * A plain paragraph on the banner.
 */
bodyText: string | null, };

export type Block = { 
/**
 * The block's heading.
 */
heading: string, 
/**
 * The paragraphs under the heading, in order.
 */
paragraphs: Array<string>, };

export type BlogCard = { 
/**
 * `/insights/{slug}`.
 */
href: string, 
/**
 * The post's title.
 */
title: string, 
/**
 * The post's picture, when it has one.
 */
image: Image | null, 
/**
 * 'Read Time: N minutes', or the publish date when the post has no read time.
 */
readTime: string, 
/**
 * The post's short description.
 */
description: string, 
/**
 * 'READ POST'.
 */
buttonLabel: string, };

export type BlogCardList = { 
/**
 * The heading above the cards.
 */
heading: string, 
/**
 * The cards, in the order shown.
 */
cards: Array<BlogCard>, };

export type Brand = { 
/**
 * The company's name.
 */
name: string, 
/**
 * Where the logo links: the home page.
 */
href: string, 
/**
 * The logo's address, a site path.
 */
logoUrl: string, 
/**
 * The logo's alt text.
 */
logoAlt: string, 
/**
 * The logo's width in CSS pixels.
 */
logoWidth: number, 
/**
 * The logo's height in CSS pixels.
 */
logoHeight: number, };

export type ButtonStyle = "filled" | "outline";

export type Card = { 
/**
 * The card's title.
 */
title: string, 
/**
 * One or two sentences under the title.
 */
text: string, };

export type CardSection = { 
/**
 * The section's heading.
 */
heading: string, 
/**
 * A sentence under the heading.
 */
intro: string, 
/**
 * The cards, in the order shown.
 */
cards: Array<Card>, };

export type CaseStudyIndexView = { 
/**
 * Title, description, canonical, robots and structured data.
 */
head: Head, 
/**
 * 'Customer Stories'.
 */
heading: string, 
/**
 * The sentence under the heading.
 */
intro: string, 
/**
 * This page's stories, lowest priority number first.
 */
teasers: Array<IndexedTeaser>, 
/**
 * Which page of the index this is, and the links to the others.
 */
pagination: Pagination, 
/**
 * 'Next page'.
 */
nextLabel: string, };

export type CaseStudyTeaser = { 
/**
 * `/case-study/{slug}`.
 */
href: string, 
/**
 * The name of the customer quoted; may be empty.
 */
quotedPerson: string, 
/**
 * The quoted person's job title.
 */
jobTitle: string, 
/**
 * The customer's organisation.
 */
organisation: string, 
/**
 * The call-out quote.
 */
quote: string, 
/**
 * The teaser's heading.
 */
heading: string, 
/**
 * The teaser's extract: a sentence or two from the story.
 */
extract: string, 
/**
 * The customer's logo, when the story has one.
 */
logo: Image | null, 
/**
 * READ THE FULL CUSTOMER STORY NOW.
 */
readLabel: string, 
/**
 * MORE CUSTOMER STORIES; absent on the customer stories index itself.
 */
moreLabel: string | null, 
/**
 * `/case-study-index`; absent on the index itself.
 */
moreHref: string | null, };

export type CaseStudyView = { 
/**
 * Title, description, canonical, robots and structured data.
 */
head: Head, 
/**
 * The story's title, its heading.
 */
title: string, 
/**
 * The customer organisation.
 */
organisation: string, 
/**
 * The customer's logo.
 */
logo: Image | null, 
/**
 * The logo of the module the story is about.
 */
productLogo: Image | null, 
/**
 * The story's main picture at the top.
 */
bannerImage: Image | null, 
/**
 * The call-out quote, attributed; absent when the story has none.
 */
quote: Quote | null, 
/**
 * Category, Location, Suppliers, Strategy, Industry: those the story fills in.
 */
facts: Array<Fact>, 
/**
 * Background, The Challenge, The Solution, The Outcomes: those the story fills in.
 */
sections: Array<StorySection>, 
/**
 * 'DOWNLOAD THE FULL CUSTOMER STORY NOW', only when the story has a PDF.
 */
download: Download | null, 
/**
 * The story's questions and answers, when the space has a list for it.
 */
faq: Faq | null, 
/**
 * The related blog cards.
 */
blogCards: BlogCardList, 
/**
 * Links to the newest posts and to page-builder pages.
 */
relatedPages: MiniCardList, };

export type Chrome = { 
/**
 * The logo linking home.
 */
brand: Brand, 
/**
 * The small-screen menu toggle: 'Menu'.
 */
menuLabel: string, 
/**
 * The full-screen overlay while a screen's data has not arrived: 'Loading...'.
 */
loadingLabel: string, 
/**
 * Label of the Solutions dropdown in the top bar.
 */
solutionsLabel: string, 
/**
 * The Solutions dropdown.
 */
solutions: SolutionsMenu, 
/**
 * The top-bar links after Solutions: About, Customer Stories, Insights, Contact Us.
 */
nav: Array<NavLink>, 
/**
 * The footer.
 */
footer: Footer, };

export type Claim = { 
/**
 * The figure as shown, e.g. `2007` or `14%`.
 */
figure: string, 
/**
 * What the figure measures.
 */
text: string, };

export type ContactBlock = { 
/**
 * The block's heading.
 */
heading: string, 
/**
 * The head office's address, one line per entry.
 */
address: Array<string>, 
/**
 * The phone numbers, as shown and as dialled.
 */
phones: Array<Phone>, 
/**
 * 'Send us a message', to /contact-us.
 */
messageLink: NavLink, };

export type ContactFormCopy = { 
/**
 * The heading above the form.
 */
heading: string, 
/**
 * The sentence under the heading.
 */
intro: string, 
/**
 * Label of the first-name field.
 */
firstName: string, 
/**
 * Label of the last-name field.
 */
lastName: string, 
/**
 * Label of the organisation-name field.
 */
orgName: string, 
/**
 * Label of the phone-number field.
 */
phone: string, 
/**
 * Label of the e-mail field.
 */
email: string, 
/**
 * Label of the message field (optional to fill in).
 */
message: string, 
/**
 * Label of the robot check.
 */
robot: string, 
/**
 * Label of the send button.
 */
submit: string, 
/**
 * The send button's label while the message is being sent.
 */
submitting: string, 
/**
 * Shown in place of the form once the message has been accepted.
 */
thankYou: string, 
/**
 * Shown when the message could not be sent.
 */
failed: string, };

export type ContactView = { 
/**
 * Title, description, canonical, robots and structured data.
 */
head: Head, 
/**
 * 'Get In Touch'.
 */
heading: string, 
/**
 * The page's introduction.
 */
intro: string, 
/**
 * The offices, in the order shown.
 */
offices: Array<Office>, 
/**
 * The contact form's labels and messages.
 */
form: ContactFormCopy, };

export type Download = { 
/**
 * The link's text.
 */
label: string, 
/**
 * The file's address.
 */
href: string, 
/**
 * The name the file is saved under.
 */
fileName: string, };

export type Embedded = { 
/**
 * The navigation, footer and other chrome of every page.
 */
chrome: Chrome, 
/**
 * The settings the page's scripts need.
 */
settings: PageSettings, 
/**
 * The answer for the page's path.
 */
outcome: PageAnswer, };

export type EmptyState = { 
/**
 * The message's heading.
 */
heading: string, 
/**
 * A sentence saying what is missing and what to do.
 */
text: string, 
/**
 * The way on (to the contact page).
 */
link: LinkButton, };

export type Fact = { 
/**
 * What the fact is, e.g. Location.
 */
label: string, 
/**
 * The story's value for it.
 */
value: string, };

export type Faq = { 
/**
 * The block's heading.
 */
title: string, 
/**
 * The questions, in editor order.
 */
items: Array<FaqEntry>, };

export type FaqEntry = { 
/**
 * The question.
 */
question: string, 
/**
 * The answer, as plain text.
 */
answer: string, };

export type Footer = { 
/**
 * The Products list: a link to every module.
 */
products: NavGroup, 
/**
 * The Menu list: the site's main pages.
 */
menu: NavGroup, 
/**
 * The address, phone numbers and message link.
 */
contact: ContactBlock, 
/**
 * The copyright line, naming the legal entity.
 */
copyright: string, };

export type Head = { 
/**
 * The `<title>`.
 */
title: string, 
/**
 * The meta description.
 */
description: string, 
/**
 * The canonical URL: the entry's own `canonical` when an editor set one, else the route's
 * path.
 */
canonical: string, 
/**
 * `index, follow` or `noindex, follow`.
 */
robots: string, 
/**
 * The page before this one in a paginated listing (`<link rel="prev">`).
 */
prev?: string, 
/**
 * The page after this one in a paginated listing (`<link rel="next">`).
 */
next?: string, 
/**
 * The Open Graph tags link previews read.
 */
openGraph: OpenGraph, 
/**
 * The template's largest picture above the fold, asked for before the page's script runs
 * (`<link rel="preload" as="image">`).
 */
preload?: Preload, 
/**
 * JSON-LD objects, one `<script type="application/ld+json">` each.
 */
jsonLd: unknown[], };

export type HomeHero = { 
/**
 * 'Supply Chain Software'.
 */
title: string, 
/**
 * The hero's lead paragraph.
 */
lead: string, 
/**
 * 'I need help with...', over the help links.
 */
helpHeading: string, 
/**
 * The eight product pages.
 */
helpLinks: Array<LinkButton>, 
/**
 * To the featured customer story (when it exists), /contact-us and /about-us.
 */
buttons: Array<LinkButton>, };

export type HomeView = { 
/**
 * Title, description, canonical, robots and structured data.
 */
head: Head, 
/**
 * The hero: title, lead, help links and buttons.
 */
hero: HomeHero, 
/**
 * The customer logo carousel: at most 12.
 */
logos: Array<Image>, 
/**
 * The section that introduces the platform.
 */
platformIntro: Block, 
/**
 * Opens the overview video in the modal.
 */
overviewVideo: VideoButton, 
/**
 * The promotion of the food industry page.
 */
foodIndustry: Promo, 
/**
 * Three cards.
 */
howItWorks: CardSection, 
/**
 * A customer's quote: from the featured story when the space has it, else fixed copy.
 */
featuredQuote: Quote, 
/**
 * The reasons customers give for choosing the company.
 */
whyOthersChoose: CardSection, 
/**
 * The company's claims, as figures.
 */
claims: Array<Claim>, 
/**
 * Founded in Sydney in 2007.
 */
about: Promo, 
/**
 * 'Our Solutions': six module cards, each with DISCOVER MORE.
 */
solutions: ProductCardList, 
/**
 * The featured customer story, when there is one.
 */
caseStudyTeaser: CaseStudyTeaser | null, 
/**
 * 'Read Our Latest Insights': the 3 newest posts.
 */
latestInsights: BlogCardList, 
/**
 * 'Read our Customer Stories' with VIEW CUSTOMER STORIES.
 */
customerStories: Promo, 
/**
 * 'More Insights and Information': the mini-card carousel.
 */
moreInsights: MiniCardList, };

export type Html = string;

export type Image = { 
/**
 * The address the `<img src>` loads: a site path or the asset's own URL.
 */
url: string, 
/**
 * The alt text; empty for a decorative image.
 */
alt: string, 
/**
 * The width in pixels, when known.
 */
width?: number, 
/**
 * The height in pixels, when known.
 */
height?: number, 
/**
 * Renditions in the source's own format or its fallback (JPEG, or PNG where the source may
 * be transparent), widest last, for the `<img srcset>`: `"… 320w, … 640w"`. Absent for
 * pictures that are shown as they are (SVG, GIF, unknown width, a host that cannot resize).
 */
srcset?: string, 
/**
 * The same widths in smaller encodings (AVIF, then WebP), for `<picture>`'s `<source>`s,
 * in the order the browser should try them. Empty whenever `srcset` is absent.
 */
sources?: Array<ImageSource>, 
/**
 * The `sizes` the picture is shown at, set only for a template's largest picture above the
 * fold, whose preload in the head must name the very same `sizes`; other pictures take
 * theirs from the component that lays them out.
 */
sizes?: string, };

export type ImageSource = { 
/**
 * `image/avif` or `image/webp`.
 */
type: string, 
/**
 * `"… 320w, … 640w"`.
 */
srcset: string, };

export type IndexedTeaser = { 
/**
 * Which side the logo sits on; alternates from story to story.
 */
logoSide: Side, 
/**
 * `/case-study/{slug}`.
 */
href: string, 
/**
 * The name of the customer quoted; may be empty.
 */
quotedPerson: string, 
/**
 * The quoted person's job title.
 */
jobTitle: string, 
/**
 * The customer's organisation.
 */
organisation: string, 
/**
 * The call-out quote.
 */
quote: string, 
/**
 * The teaser's heading.
 */
heading: string, 
/**
 * The teaser's extract: a sentence or two from the story.
 */
extract: string, 
/**
 * The customer's logo, when the story has one.
 */
logo: Image | null, 
/**
 * READ THE FULL CUSTOMER STORY NOW.
 */
readLabel: string, 
/**
 * MORE CUSTOMER STORIES; absent on the customer stories index itself.
 */
moreLabel: string | null, 
/**
 * `/case-study-index`; absent on the index itself.
 */
moreHref: string | null, };

export type InsightView = { 
/**
 * Title, description, canonical, robots and structured data.
 */
head: Head, 
/**
 * 'Insight'.
 */
heading: string, 
/**
 * 'Read Time: N minutes', or the publish date when the post has no read time.
 */
readTime: string, 
/**
 * The publish date as 'Month DD, YYYY'.
 */
published: string, 
/**
 * The publish date as `YYYY-MM-DD`, for `<time datetime>`.
 */
publishedIso: string, 
/**
 * The post's title.
 */
title: string, 
/**
 * The post's hero picture, when it has one.
 */
hero: Image | null, 
/**
 * The article, rendered.
 */
body: Html, 
/**
 * The product tags of the post.
 */
products: Array<ProductTag>, 
/**
 * 'Watch Insight Video', when the post flags a video and its link gives an id.
 */
video: VideoButton | null, 
/**
 * 'More Insights': 3 other articles.
 */
moreInsights: BlogCardList, 
/**
 * The post's questions and answers, when the space has a list for it.
 */
faq: Faq | null, 
/**
 * 'Read More Insights' with 'View Insights' to /insights.
 */
cta: Promo, };

export type InsightsView = { 
/**
 * Title, description, canonical, robots and structured data.
 */
head: Head, 
/**
 * 'Our Latest Insights'.
 */
heading: string, 
/**
 * This page's cards.
 */
cards: Array<BlogCard>, 
/**
 * How many cards a page of the listing holds.
 */
pageSize: number, 
/**
 * 'LOAD MORE INSIGHTS'.
 */
loadMoreLabel: string, 
/**
 * What the page says when more insights did not arrive.
 */
loadMoreFailed: string, 
/**
 * Which page of the listing this is, and the links to the others.
 */
pagination: Pagination, };

export type InterfaceCopy = { 
/**
 * The video popup's close button.
 */
closeVideo: string, 
/**
 * Shown in the video popup when a link names no video service the site plays.
 */
unrecognisedVideo: string, 
/**
 * A carousel's buttons.
 */
previousSlides: string, 
/**
 * The carousel's button to the next slides.
 */
nextSlides: string, 
/**
 * The carousel's button that starts its slide show.
 */
startSlideShow: string, 
/**
 * The carousel's button that stops its slide show.
 */
stopSlideShow: string, 
/**
 * The top bar's navigation landmark.
 */
mainNavigation: string, 
/**
 * The home page's customer logos: the region and its carousel.
 */
customers: string, 
/**
 * The label of the customer logo carousel.
 */
customerLogos: string, 
/**
 * The home page's carousel of articles and pages.
 */
insightsAndPages: string, 
/**
 * The page-to-page navigation of the two listings.
 */
insightsPages: string, 
/**
 * The page-to-page navigation of the customer stories index.
 */
customerStoryPages: string, 
/**
 * The heading of the screen a rendering error leaves.
 */
unexpectedError: string, 
/**
 * The not-found screen's heading when its page data has not arrived.
 */
pageNotFound: string, };

export type Justification = "full" | "centre" | "right" | "left";

export type KindCount = { 
/**
 * The kind.
 */
kind: SearchKind, 
/**
 * Results of that kind.
 */
count: number, };

export type Layout = "leftColumn" | "rightColumn" | "fullWidth";

export type LinkButton = { 
/**
 * The button's text.
 */
label: string, 
/**
 * A site path, or an absolute URL for links that leave the site.
 */
href: string, 
/**
 * Filled or outline.
 */
style: ButtonStyle, };

export type MiniCard = { 
/**
 * The site path the card links to.
 */
href: string, 
/**
 * The post's title or the page's banner text.
 */
text: string, 
/**
 * Whether the card links to a post or a page.
 */
kind: MiniCardKind, };

export type MiniCardKind = "post" | "page";

export type MiniCardList = { 
/**
 * The heading above the cards.
 */
heading: string, 
/**
 * The cards, in the order shown.
 */
cards: Array<MiniCard>, };

export type ModuleArticles = { 
/**
 * The module the articles are tagged with.
 */
product: ProductTag, 
/**
 * The heading above the cards.
 */
heading: string, 
/**
 * The newest articles tagged with the module, newest first.
 */
cards: Array<BlogCard>, };

export type NavGroup = { 
/**
 * The group's heading.
 */
label: string, 
/**
 * The group's links, in the order shown.
 */
links: Array<NavLink>, };

export type NavLink = { 
/**
 * The link's text.
 */
label: string, 
/**
 * A site path.
 */
href: string, };

export type NotFoundScreen = { "screen": "notFound", "view": NotFoundView };

export type NotFoundView = { 
/**
 * Title, description, canonical, robots and structured data.
 */
head: Head, 
/**
 * 'Page not found'.
 */
heading: string, 
/**
 * A sentence saying the page has moved or no longer exists.
 */
text: string, 
/**
 * Home, insights and contact.
 */
links: Array<LinkButton>, 
/**
 * The newest indexable insights, as somewhere to go next.
 */
latest: MiniCardList, };

export type Office = { 
/**
 * The country the office serves; tells the offices apart.
 */
country: string, 
/**
 * The office's heading, e.g. `London`.
 */
heading: string, 
/**
 * The address, or where the country is served from, one line per entry.
 */
lines: Array<string>, 
/**
 * The office's phone number, when it has one.
 */
phone: Phone | null, 
/**
 * The office's e-mail address, when it has one.
 */
email: string | null, 
/**
 * A remark under the address, e.g. the business hours the country is served in.
 */
note: string | null, };

export type OpenGraph = { 
/**
 * `website` or `article`.
 */
type: string, 
/**
 * `og:title`: the page's title.
 */
title: string, 
/**
 * `og:description`: the page's description.
 */
description: string, 
/**
 * The picture link previews show: a rendition [`crate::rendition::SHARE_WIDTH`] pixels wide
 * where the picture can be resized, with its size.
 */
image: Image | null, 
/**
 * `og:url`: the page's canonical address.
 */
url: string, 
/**
 * `og:site_name`: the site's name.
 */
siteName: string, };

export type PageAnswer = { "outcome": "page" } & PageView | { "outcome": "redirect", 
/**
 * A site path.
 */
to: string, } | { "outcome": "not_found" } & NotFoundScreen;

export type PageBuilderView = { 
/**
 * Title, description, canonical, robots and structured data.
 */
head: Head, 
/**
 * The page's heading: the banner's text, else the page's title.
 */
heading: string, 
/**
 * The banner, when the page has one.
 */
banner: BannerView | null, 
/**
 * At most 12.
 */
slices: Array<SliceView>, 
/**
 * 'Product Cards Panel', when the page asks for it.
 */
productCards: ProductCardList | null, 
/**
 * 'Case Study Teaser', when the page asks for it (for the page's first product).
 */
caseStudyTeaser: CaseStudyTeaser | null, 
/**
 * 'Insights (Blog) Teasers', when the page asks for it (related to the page's first
 * product, else the latest).
 */
insights: BlogCardList | null, };

export type PageSettings = { 
/**
 * The contact form's robot check; null when the site takes no enquiries.
 */
robot: RobotWidget | null, 
/**
 * Null when no tracker key is configured.
 */
tracker: Tracker | null, 
/**
 * How many milliseconds the contact form waits for the answer to an enquiry before it
 * sends it once more: the server's answer budget and a margin for the network. Null when
 * the site takes no enquiries.
 */
contactWaitMs: number | null, 
/**
 * Whether the page captures where the visit came from (in session storage only) and
 * sends it with an enquiry; false when the site takes no enquiries or capture is turned
 * off (`SUPPLYSITE_LEAD_CAPTURE=0`). The page never captures for a visitor sending Global
 * Privacy Control.
 */
leadCapture: boolean, };

export type PageView = { "screen": "home", "view": HomeView } | { "screen": "videoPopup", "view": VideoPopupView } | { "screen": "caseStudyIndex", "view": CaseStudyIndexView } | { "screen": "caseStudy", "view": CaseStudyView } | { "screen": "solutions", "view": SolutionsView } | { "screen": "product", "view": ProductView } | { "screen": "page", "view": PageBuilderView } | { "screen": "aboutUs", "view": AboutView } | { "screen": "privacy", "view": PrivacyView } | { "screen": "contactUs", "view": ContactView } | { "screen": "insights", "view": InsightsView } | { "screen": "insight", "view": InsightView } | { "screen": "search", "view": SearchView } | { "screen": "notFound", "view": NotFoundView };

export type Pagination = { 
/**
 * This page, from 1.
 */
page: number, 
/**
 * How many pages the listing makes (at least 1, even when empty).
 */
pages: number, 
/**
 * How many entries the whole listing has.
 */
total: number, 
/**
 * The position of this page's first entry in the whole listing, from 0.
 */
offset: number, 
/**
 * Entries per page.
 */
pageSize: number, 
/**
 * The path of the page before (`/insights` or `/insights?page=2`), on page 2 and later.
 */
prev: string | null, 
/**
 * The path of the page after, while entries remain.
 */
next: string | null, 
/**
 * 'Previous page'.
 */
prevLabel: string, };

export type Phone = { 
/**
 * `AU`, `NZ`, `UK`.
 */
label: string, 
/**
 * The number as shown to a visitor.
 */
display: string, 
/**
 * `tel:+61…`.
 */
href: string, };

export type Policy = { 
/**
 * The picture above the sections (`image1`).
 */
image1: Image | null, 
/**
 * The policy's sections, rendered, in order.
 */
sections: Array<Html>, 
/**
 * The picture after the sections (`image5`).
 */
image5: Image | null, };

export type Preload = { 
/**
 * `imagesrcset`.
 */
srcset: string, 
/**
 * `imagesizes`.
 */
sizes: string, 
/**
 * The candidates' media type (`image/avif`): browsers without it skip the preload.
 */
type: string, 
/**
 * The viewports the picture shows on (`(min-width: 1024px)`); absent: every viewport.
 */
media?: string, };

export type PrivacyView = { 
/**
 * Title, description, canonical, robots and structured data.
 */
head: Head, 
/**
 * The policy's title, or Privacy Policy when the space has none.
 */
title: string, 
/**
 * The policy, when the space has one.
 */
policy: Policy | null, 
/**
 * What the page says instead, when the space has no policy.
 */
emptyState: EmptyState | null, };

export type ProductCard = { 
/**
 * The module's name.
 */
title: string, 
/**
 * One line about the module.
 */
text: string, 
/**
 * The module's small icon.
 */
icon: Image, 
/**
 * The module's product page, a site path.
 */
href: string, 
/**
 * 'DISCOVER MORE'.
 */
buttonLabel: string, };

export type ProductCardList = { 
/**
 * The heading above the cards.
 */
heading: string, 
/**
 * The cards, in the order shown.
 */
cards: Array<ProductCard>, };

export type ProductCount = { 
/**
 * The product tag.
 */
product: ProductTag, 
/**
 * Results tagged with it.
 */
count: number, };

export type ProductHero = { 
/**
 * The module's hero heading.
 */
title: string, 
/**
 * The hero's lead paragraph.
 */
lead: string, 
/**
 * The module's logo.
 */
logo: Image, 
/**
 * The customer quote in the hero.
 */
testimonial: Testimonial, };

export type ProductTag = "SPM" | "eRFx" | "SCM" | "eAuction" | "SSM" | "SIM" | "PIM";

export type ProductView = { 
/**
 * Title, description, canonical, robots and structured data.
 */
head: Head, 
/**
 * The page's last path segment (`etender`), recorded in local storage under
 * `storage_key`.
 */
segment: string, 
/**
 * The local-storage key the page's segment is recorded under (e.g. `eTender`).
 */
storageKey: string, 
/**
 * The product tag whose posts and case studies the page shows.
 */
product: ProductTag, 
/**
 * Title, lead, logo and testimonial.
 */
hero: ProductHero, 
/**
 * The "what it is" section.
 */
whatItIs: Block, 
/**
 * A figure the module is known for, when the page shows one.
 */
claim: Claim | null, 
/**
 * How it works, Benefits or Features.
 */
features: CardSection, 
/**
 * How it works, after the features on a page that has both.
 */
howItWorks: CardSection | null, 
/**
 * Further sections some pages have (the food page's challenge).
 */
extra: Array<Block>, 
/**
 * More customer quotes (the food page).
 */
quotes: Array<Testimonial>, 
/**
 * VIEW DEMO (or the sourcing page's own label).
 */
demo: VideoButton, 
/**
 * DOWNLOAD FACTSHEET, when the space has the page's factsheet.
 */
factsheet: Download | null, 
/**
 * The page's questions and answers, when the space has a list for it.
 */
faq: Faq | null, 
/**
 * A customer story about the module, when there is one.
 */
caseStudyTeaser: CaseStudyTeaser | null, 
/**
 * The 3 related blog cards.
 */
blogCards: BlogCardList, 
/**
 * Links to the newest posts and to page-builder pages.
 */
miniCards: MiniCardList, 
/**
 * The strategic sourcing page's own sections.
 */
sourcing: SourcingView | null, };

export type Promo = { 
/**
 * The block's heading.
 */
heading: string, 
/**
 * The paragraphs under the heading.
 */
paragraphs: Array<string>, 
/**
 * A button after the paragraphs, when the block has one.
 */
button: LinkButton | null, };

export type Quote = { 
/**
 * The customer's words.
 */
quote: string, 
/**
 * Absent where the customer is described rather than named.
 */
person: string | null, 
/**
 * The speaker's role or job title.
 */
role: string, 
/**
 * The customer's organisation, or a description of it.
 */
organisation: string, 
/**
 * Where the full story is, when there is one.
 */
href: string | null, };

export type ResultCount = { "exactly": number } | { "moreThan": number };

export type RobotWidget = { "kind": "recaptcha", 
/**
 * The reCAPTCHA site key (public).
 */
siteKey: string, } | { "kind": "selfHosted" };

export type SearchAnswer = { 
/**
 * The query as understood (trimmed).
 */
query: string, 
/**
 * How many results there are in all (with the filters): exact up to [`COUNT_CAP`], beyond
 * it "more than" the cap.
 */
total: ResultCount, 
/**
 * This page of answers, from 1.
 */
page: number, 
/**
 * How many pages the results make (at most [`MAX_PAGE`]).
 */
pages: number, 
/**
 * This page's results, best first.
 */
results: Array<SearchHit>, 
/**
 * The counts by filter value.
 */
facets: SearchFacets, };

export type SearchCopy = { 
/**
 * The search page's heading.
 */
heading: string, 
/**
 * After the count of one result ('1 result for “q”').
 */
result: string, 
/**
 * After the count of several results ('3 results for “q”').
 */
results: string, 
/**
 * Between the count and the words asked.
 */
resultsFor: string, 
/**
 * Before a count that stopped at its cap ('More than 1,000 results for “q”').
 */
moreThan: string, 
/**
 * What the page says before anything is asked.
 */
prompt: string, 
/**
 * The filters' landmark.
 */
filters: string, 
/**
 * The heading of the filters by kind.
 */
byType: string, 
/**
 * The heading of the filters by product.
 */
byProduct: string, 
/**
 * The filter that removes a filter.
 */
all: string, 
/**
 * The kinds of result, as the filters and the results name them.
 */
insight: string, 
/**
 * See [`SearchCopy::insight`].
 */
caseStudy: string, 
/**
 * See [`SearchCopy::insight`].
 */
product: string, 
/**
 * See [`SearchCopy::insight`].
 */
page: string, 
/**
 * See [`SearchCopy::insight`].
 */
about: string, 
/**
 * The page-to-page navigation of the results.
 */
resultPages: string, 
/**
 * The link to the page of results before.
 */
previousPage: string, 
/**
 * The link to the next page of results.
 */
nextPage: string, 
/**
 * The heading of the no-results state ('No results for “q”').
 */
noResults: string, 
/**
 * Suggestions when nothing was found.
 */
tipSpelling: string, 
/**
 * See [`SearchCopy::tip_spelling`].
 */
tipFewer: string, 
/**
 * See [`SearchCopy::tip_spelling`]; followed by links to the insights and the products.
 */
tipBrowse: string, 
/**
 * Shown when the search index cannot answer.
 */
unavailable: string, };

export type SearchFacets = { 
/**
 * By kind, in [`SearchKind::ALL`] order.
 */
kinds: Array<KindCount>, 
/**
 * By product, in [`ProductTag::ALL`] order.
 */
products: Array<ProductCount>, 
/**
 * Whether every result was counted; false when the query found more than
 * [`COUNT_CAP`] results and the counts are of the first [`COUNT_CAP`].
 */
complete: boolean, };

export type SearchFieldCopy = { 
/**
 * The label of the field.
 */
label: string, 
/**
 * The form's button.
 */
submit: string, 
/**
 * The form's landmark.
 */
landmark: string, };

export type SearchHit = { 
/**
 * The page's site path.
 */
path: string, 
/**
 * The page's title.
 */
title: string, 
/**
 * The kind of page.
 */
kind: SearchKind, 
/**
 * A passage of the page as HTML: its text escaped, the matched words in `<mark>`.
 */
snippet: string, 
/**
 * The publish day (`YYYY-MM-DD`) of an insight.
 */
date: string | null, };

export type SearchKind = "insight" | "caseStudy" | "product" | "page" | "about";

export type SearchView = { 
/**
 * Title, description, canonical (the page's own address) and robots (`noindex, follow`).
 */
head: Head, 
/**
 * The words asked, trimmed (empty: the form alone).
 */
query: string, 
/**
 * The kind the results are filtered to.
 */
kind: SearchKind | null, 
/**
 * The product the results are filtered to.
 */
product: ProductTag | null, 
/**
 * The answer, when words were asked and the index answered.
 */
answer: SearchAnswer | null, 
/**
 * Whether words were asked and the index could not answer.
 */
unavailable: boolean, 
/**
 * Where to look when nothing is found: the insights and the products.
 */
suggestions: Array<LinkButton>, 
/**
 * The page's words.
 */
copy: SearchCopy, };

export type Side = "left" | "right";

export type SliceView = { "kind": "textMedia", 
/**
 * The heading of the text.
 */
title: string | null, 
/**
 * The text, rendered.
 */
html: Html, 
/**
 * Boxed: a picture with its renditions outweighs every other slice.
 */
image: Image | null, 
/**
 * Where the text sits beside the picture.
 */
layout: Layout, 
/**
 * How the text is aligned.
 */
justification: Justification, 
/**
 * A button under the text; absent when the page has none or it cannot work.
 */
button: ActionButton | null, } | { "kind": "faq" } & Faq | { "kind": "dividerCta", 
/**
 * The divider's heading.
 */
title: string | null, 
/**
 * The line under the heading.
 */
text: string | null, 
/**
 * The buttons that can work, in editor order.
 */
buttons: Array<ActionButton>, };

export type SolutionsMenu = { 
/**
 * Source, Supply, Product and Food Industry, each with its modules.
 */
groups: Array<NavGroup>, 
/**
 * The link to Our Solutions.
 */
overview: NavLink, 
/**
 * The picture of the suite beside the groups, a site path.
 */
graphicUrl: string, 
/**
 * The picture's alt text.
 */
graphicAlt: string, };

export type SolutionsView = { 
/**
 * Title, description, canonical, robots and structured data.
 */
head: Head, 
/**
 * 'Our Solutions'.
 */
heading: string, 
/**
 * The paragraphs above the module cards.
 */
intro: Array<string>, 
/**
 * Every module, each linking to its page.
 */
modules: Array<ProductCard>, 
/**
 * Plays the platform overview video.
 */
video: VideoButton, 
/**
 * Request a free demo, to /contact-us.
 */
demoLink: LinkButton, 
/**
 * The customer quote on the page.
 */
featuredQuote: Quote, 
/**
 * The company's claims, as figures.
 */
claims: Array<Claim>, 
/**
 * The page's questions and answers, when the space has a list for it.
 */
faq: Faq | null, };

export type SourcingView = { 
/**
 * 'CONTACT US TO DISCUSS STRATEGIC SOURCING', to /contact-us.
 */
contactButton: LinkButton, 
/**
 * To /etender and /reverse-auction-eauction.
 */
moduleLinks: Array<LinkButton>, 
/**
 * Cards of every module of the suite.
 */
productCards: ProductCardList, 
/**
 * Article cards for SSM, eRFx and eAuction.
 */
moduleArticles: Array<ModuleArticles>, 
/**
 * Up to 9 eRFx articles.
 */
erfxArticles: MiniCardList, };

export type StorySection = { 
/**
 * Background, The Challenge, The Solution or The Outcomes.
 */
heading: string, 
/**
 * The section's text, rendered.
 */
html: Html, 
/**
 * The section's picture, when it has one.
 */
image: Image | null, };

export type Testimonial = { 
/**
 * The customer's words, without quotation marks.
 */
quote: string, 
/**
 * The speaker's role, e.g. `General Manager, Procurement`.
 */
role: string, 
/**
 * The kind of organisation the speaker works for (never its name).
 */
organisation: string, };

export type TimelineItem = { 
/**
 * Which side of the line the entry sits on.
 */
side: Side, 
/**
 * The entry's title, rendered rich text.
 */
title: Html, 
/**
 * The entry's text, rendered.
 */
html: Html, 
/**
 * The short text in the entry's marker on the line, e.g. a year.
 */
iconText: string | null, 
/**
 * The entry's picture, when it has one.
 */
image: Image | null, 
/**
 * Where the image links to, when it does.
 */
imageHref: string | null, 
/**
 * Opens in a new tab.
 */
button: LinkButton | null, };

export type Tracker = { 
/**
 * The tracker's public client key.
 */
clientKey: string, };

export type Video = { 
/**
 * The service that hosts the video.
 */
service: VideoService, 
/**
 * The video's id on that service.
 */
id: string, 
/**
 * The player address the modal loads in its frame.
 */
embedUrl: string, };

export type VideoButton = { 
/**
 * The button's text.
 */
label: string, 
/**
 * The video it plays.
 */
video: Video, };

export type VideoPopupView = { 
/**
 * Title, description, canonical, robots and structured data.
 */
head: Head, 
/**
 * The overview video and its label.
 */
video: VideoButton, };

export type VideoService = "youtube" | "vimeo" | "vine" | "videopress" | "microsoftstream" | "tiktok" | "dailymotion";

/** The site's interface copy: labels of controls and landmarks. */
export const UI: InterfaceCopy = {
  "closeVideo": "Close video",
  "unrecognisedVideo": "Sorry, this video can’t be played here: its link is not from a video service we recognise.",
  "previousSlides": "Previous slides",
  "nextSlides": "Next slides",
  "startSlideShow": "Start automatic slide show",
  "stopSlideShow": "Stop automatic slide show",
  "mainNavigation": "Main",
  "customers": "Customers",
  "customerLogos": "Customer logos",
  "insightsAndPages": "Insights and pages",
  "insightsPages": "Insights pages",
  "customerStoryPages": "Customer story pages",
  "unexpectedError": "Unexpected Application Error!",
  "pageNotFound": "Page not found"
};
