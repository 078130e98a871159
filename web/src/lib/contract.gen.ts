// Generated from the Rust view models (supplysite-core's `contract` module): do not edit.
// Regenerate with `UPDATE_CONTRACT=1 cargo test -p supplysite-core contract`.

export type AboutView = { head: Head, intro: Block, timeline: Array<TimelineItem>, founder: Block, team: Block, culture: Block, claims: Array<Claim>, caseStudyTeaser: CaseStudyTeaser | null, productCards: ProductCardList, 
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

export type ActionButton = { "action": "link", label: string, style: ButtonStyle, href: string, 
/**
 * Leaves the site: open in a new tab.
 */
external: boolean, } | { "action": "video", label: string, style: ButtonStyle, video: Video, } | { "action": "download", label: string, style: ButtonStyle, href: string, fileName: string, };

export type BannerView = { image: Image | null, logo: Image | null, textBox: Html | null, bodyText: string | null, };

export type Block = { heading: string, paragraphs: Array<string>, };

export type BlogCard = { 
/**
 * `/insights/{slug}`.
 */
href: string, title: string, image: Image | null, 
/**
 * 'Read Time: N minutes', or the publish date when the post has no read time.
 */
readTime: string, description: string, buttonLabel: string, };

export type BlogCardList = { heading: string, cards: Array<BlogCard>, };

export type Brand = { name: string, href: string, logoUrl: string, logoAlt: string, logoWidth: number, logoHeight: number, };

export type ButtonStyle = "filled" | "outline";

export type Card = { title: string, text: string, };

export type CardSection = { heading: string, intro: string, cards: Array<Card>, };

export type CaseStudyIndexView = { head: Head, heading: string, intro: string, teasers: Array<IndexedTeaser>, pagination: Pagination, 
/**
 * 'Next page'.
 */
nextLabel: string, };

export type CaseStudyTeaser = { 
/**
 * `/case-study/{slug}`.
 */
href: string, quotedPerson: string, jobTitle: string, organisation: string, quote: string, heading: string, extract: string, logo: Image | null, 
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

export type CaseStudyView = { head: Head, title: string, organisation: string, logo: Image | null, productLogo: Image | null, bannerImage: Image | null, quote: Quote | null, 
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
download: Download | null, faq: Faq | null, blogCards: BlogCardList, relatedPages: MiniCardList, };

export type Chrome = { brand: Brand, 
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
solutionsLabel: string, solutions: SolutionsMenu, 
/**
 * The top-bar links after Solutions: About, Customer Stories, Insights, Contact Us.
 */
nav: Array<NavLink>, footer: Footer, };

export type Claim = { figure: string, text: string, };

export type ContactBlock = { heading: string, address: Array<string>, phones: Array<Phone>, 
/**
 * 'Send us a message', to /contact-us.
 */
messageLink: NavLink, };

export type ContactFormCopy = { heading: string, intro: string, firstName: string, lastName: string, orgName: string, phone: string, email: string, message: string, robot: string, submit: string, submitting: string, thankYou: string, failed: string, };

export type ContactView = { head: Head, heading: string, intro: string, offices: Array<Office>, form: ContactFormCopy, };

export type Download = { label: string, href: string, 
/**
 * The name the file is saved under.
 */
fileName: string, };

export type Embedded = { chrome: Chrome, settings: PageSettings, outcome: PageAnswer, };

export type EmptyState = { heading: string, text: string, link: LinkButton, };

export type Fact = { label: string, value: string, };

export type Faq = { title: string, items: Array<FaqEntry>, };

export type FaqEntry = { question: string, answer: string, };

export type Footer = { products: NavGroup, menu: NavGroup, contact: ContactBlock, copyright: string, };

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
next?: string, openGraph: OpenGraph, 
/**
 * The template's largest picture above the fold, asked for before the page's script runs
 * (`<link rel="preload" as="image">`).
 */
preload?: Preload, 
/**
 * JSON-LD objects, one `<script type="application/ld+json">` each.
 */
jsonLd: unknown[], };

export type HomeHero = { title: string, lead: string, helpHeading: string, 
/**
 * The eight product pages.
 */
helpLinks: Array<LinkButton>, 
/**
 * To the featured customer story (when it exists), /contact-us and /about-us.
 */
buttons: Array<LinkButton>, };

export type HomeView = { head: Head, hero: HomeHero, 
/**
 * The customer logo carousel: at most 12.
 */
logos: Array<Image>, platformIntro: Block, 
/**
 * Opens the overview video in the modal.
 */
overviewVideo: VideoButton, foodIndustry: Promo, 
/**
 * Three cards.
 */
howItWorks: CardSection, featuredQuote: Quote, whyOthersChoose: CardSection, claims: Array<Claim>, 
/**
 * Founded in Sydney in 2007.
 */
about: Promo, 
/**
 * 'Our Solutions': six module cards, each with DISCOVER MORE.
 */
solutions: ProductCardList, caseStudyTeaser: CaseStudyTeaser | null, 
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

export type Image = { url: string, alt: string, width?: number, height?: number, 
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

export type IndexedTeaser = { logoSide: Side, 
/**
 * `/case-study/{slug}`.
 */
href: string, quotedPerson: string, jobTitle: string, organisation: string, quote: string, heading: string, extract: string, logo: Image | null, 
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

export type InsightView = { head: Head, 
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
publishedIso: string, title: string, hero: Image | null, body: Html, products: Array<ProductTag>, 
/**
 * 'Watch Insight Video', when the post flags a video and its link gives an id.
 */
video: VideoButton | null, 
/**
 * 'More Insights': 3 other articles.
 */
moreInsights: BlogCardList, faq: Faq | null, 
/**
 * 'Read More Insights' with 'View Insights' to /insights.
 */
cta: Promo, };

export type InsightsView = { head: Head, heading: string, 
/**
 * This page's cards.
 */
cards: Array<BlogCard>, pageSize: number, loadMoreLabel: string, pagination: Pagination, };

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
previousSlides: string, nextSlides: string, startSlideShow: string, stopSlideShow: string, 
/**
 * The top bar's navigation landmark.
 */
mainNavigation: string, 
/**
 * The home page's customer logos: the region and its carousel.
 */
customers: string, customerLogos: string, 
/**
 * The home page's carousel of articles and pages.
 */
insightsAndPages: string, 
/**
 * The page-to-page navigation of the two listings.
 */
insightsPages: string, customerStoryPages: string, 
/**
 * The heading of the screen a rendering error leaves.
 */
unexpectedError: string, 
/**
 * The not-found screen's heading when its page data has not arrived.
 */
pageNotFound: string, };

export type Justification = "full" | "centre" | "right" | "left";

export type Layout = "leftColumn" | "rightColumn" | "fullWidth";

export type LinkButton = { label: string, 
/**
 * A site path, or an absolute URL for links that leave the site.
 */
href: string, style: ButtonStyle, };

export type MiniCard = { href: string, text: string, kind: MiniCardKind, };

export type MiniCardKind = "post" | "page";

export type MiniCardList = { heading: string, cards: Array<MiniCard>, };

export type ModuleArticles = { product: ProductTag, heading: string, cards: Array<BlogCard>, };

export type NavGroup = { label: string, links: Array<NavLink>, };

export type NavLink = { label: string, href: string, };

export type NotFoundScreen = { "screen": "notFound", "view": NotFoundView };

export type NotFoundView = { head: Head, heading: string, text: string, 
/**
 * Home, insights and contact.
 */
links: Array<LinkButton>, 
/**
 * The newest indexable insights, as somewhere to go next.
 */
latest: MiniCardList, };

export type Office = { country: string, heading: string, lines: Array<string>, phone: Phone | null, email: string | null, 
/**
 * E.g. 'Serviced out of our Sydney office'.
 */
note: string | null, };

export type OpenGraph = { 
/**
 * `website` or `article`.
 */
type: string, title: string, description: string, 
/**
 * The picture link previews show: a rendition [`crate::rendition::SHARE_WIDTH`] pixels wide
 * where the picture can be resized, with its size.
 */
image: Image | null, url: string, siteName: string, };

export type PageAnswer = { "outcome": "page" } & PageView | { "outcome": "redirect", to: string, } | { "outcome": "not_found" } & NotFoundScreen;

export type PageBuilderView = { head: Head, 
/**
 * The page's heading: the banner's text, else the page's title.
 */
heading: string, banner: BannerView | null, 
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
tracker: Tracker | null, };

export type PageView = { "screen": "home", "view": HomeView } | { "screen": "videoPopup", "view": VideoPopupView } | { "screen": "caseStudyIndex", "view": CaseStudyIndexView } | { "screen": "caseStudy", "view": CaseStudyView } | { "screen": "solutions", "view": SolutionsView } | { "screen": "product", "view": ProductView } | { "screen": "page", "view": PageBuilderView } | { "screen": "aboutUs", "view": AboutView } | { "screen": "privacy", "view": PrivacyView } | { "screen": "contactUs", "view": ContactView } | { "screen": "insights", "view": InsightsView } | { "screen": "insight", "view": InsightView } | { "screen": "notFound", "view": NotFoundView };

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
label: string, display: string, 
/**
 * `tel:+61…`.
 */
href: string, };

export type Policy = { image1: Image | null, sections: Array<Html>, image5: Image | null, };

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

export type PrivacyView = { head: Head, title: string, policy: Policy | null, emptyState: EmptyState | null, };

export type ProductCard = { title: string, text: string, icon: Image, href: string, buttonLabel: string, };

export type ProductCardList = { heading: string, cards: Array<ProductCard>, };

export type ProductHero = { title: string, lead: string, logo: Image, testimonial: Testimonial, };

export type ProductTag = "SPM" | "eRFx" | "SCM" | "eAuction" | "SSM" | "SIM" | "PIM";

export type ProductView = { head: Head, 
/**
 * The page's last path segment (`etender`), recorded in local storage under
 * `storage_key`.
 */
segment: string, storageKey: string, 
/**
 * The product tag whose posts and case studies the page shows.
 */
product: ProductTag, hero: ProductHero, whatItIs: Block, claim: Claim | null, 
/**
 * How it works, Benefits or Features.
 */
features: CardSection, 
/**
 * How it works, after the features on a page that has both.
 */
howItWorks: CardSection | null, extra: Array<Block>, quotes: Array<Testimonial>, 
/**
 * VIEW DEMO (or the sourcing page's own label).
 */
demo: VideoButton, 
/**
 * DOWNLOAD FACTSHEET, when the space has the page's factsheet.
 */
factsheet: Download | null, faq: Faq | null, caseStudyTeaser: CaseStudyTeaser | null, 
/**
 * The 3 related blog cards.
 */
blogCards: BlogCardList, miniCards: MiniCardList, 
/**
 * The strategic sourcing page's own sections.
 */
sourcing: SourcingView | null, };

export type Promo = { heading: string, paragraphs: Array<string>, button: LinkButton | null, };

export type Quote = { quote: string, 
/**
 * Absent where the customer is described rather than named.
 */
person: string | null, role: string, organisation: string, 
/**
 * Where the full story is, when there is one.
 */
href: string | null, };

export type RobotWidget = { "kind": "recaptcha", siteKey: string, } | { "kind": "selfHosted" };

export type Side = "left" | "right";

export type SliceView = { "kind": "textMedia", title: string | null, html: Html, 
/**
 * Boxed: a picture with its renditions outweighs every other slice.
 */
image: Image | null, layout: Layout, justification: Justification, button: ActionButton | null, } | { "kind": "faq" } & Faq | { "kind": "dividerCta", title: string | null, text: string | null, buttons: Array<ActionButton>, };

export type SolutionsMenu = { groups: Array<NavGroup>, overview: NavLink, graphicUrl: string, graphicAlt: string, };

export type SolutionsView = { head: Head, heading: string, intro: Array<string>, 
/**
 * Every module, each linking to its page.
 */
modules: Array<ProductCard>, video: VideoButton, 
/**
 * Request a free demo, to /contact-us.
 */
demoLink: LinkButton, featuredQuote: Quote, claims: Array<Claim>, faq: Faq | null, };

export type SourcingView = { 
/**
 * 'CONTACT US TO DISCUSS STRATEGIC SOURCING', to /contact-us.
 */
contactButton: LinkButton, 
/**
 * To /etender and /reverse-auction-eauction.
 */
moduleLinks: Array<LinkButton>, productCards: ProductCardList, 
/**
 * Article cards for SSM, eRFx and eAuction.
 */
moduleArticles: Array<ModuleArticles>, 
/**
 * Up to 9 eRFx articles.
 */
erfxArticles: MiniCardList, };

export type StorySection = { heading: string, html: Html, image: Image | null, };

export type Testimonial = { quote: string, role: string, organisation: string, };

export type TimelineItem = { side: Side, title: Html, html: Html, iconText: string | null, image: Image | null, 
/**
 * Where the image links to, when it does.
 */
imageHref: string | null, 
/**
 * Opens in a new tab.
 */
button: LinkButton | null, };

export type Tracker = { clientKey: string, };

export type Video = { service: VideoService, id: string, embedUrl: string, };

export type VideoButton = { label: string, video: Video, };

export type VideoPopupView = { head: Head, video: VideoButton, };

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
