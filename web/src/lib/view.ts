// The view models the UI renders: a TypeScript mirror of `supplysite_core::view` (and the
// `copy` structs it embeds), as serde writes them (camelCase keys; `Option::None` as null,
// except an image's width and height, which are left out when unknown). Keep in step with
// crates/core/src/view/*.rs.

// ---- shared pieces (view/parts.rs, copy.rs) ----

/** Rich text already rendered to safe HTML by the server. */
export type Html = string;

/** An image; width and height are present when known, so the page can reserve the space. */
export interface Image {
  url: string;
  /** Empty for decorative images. */
  alt: string;
  width?: number;
  height?: number;
}

export type ButtonStyle = 'filled' | 'outline';

/** A link drawn as a button. */
export interface LinkButton {
  label: string;
  /** A site path, or an absolute URL for links that leave the site. */
  href: string;
  style: ButtonStyle;
}

/** A blog card: image, title, read-time line, description and READ POST. */
export interface BlogCard {
  href: string;
  title: string;
  image: Image | null;
  /** 'Read Time: N minutes', or the publish date when the post has no read time. */
  readTime: string;
  description: string;
  buttonLabel: string;
}

export interface BlogCardList {
  heading: string;
  cards: BlogCard[];
}

export type MiniCardKind = 'post' | 'page';

/** A post (its title) or a page-builder page (its banner text). */
export interface MiniCard {
  href: string;
  text: string;
  kind: MiniCardKind;
}

export interface MiniCardList {
  heading: string;
  cards: MiniCard[];
}

export interface CaseStudyTeaser {
  href: string;
  quotedPerson: string;
  jobTitle: string;
  organisation: string;
  quote: string;
  heading: string;
  extract: string;
  logo: Image | null;
  readLabel: string;
  /** Absent on the customer stories index itself. */
  moreLabel: string | null;
  moreHref: string | null;
}

export interface FaqEntry {
  question: string;
  /** Plain text. */
  answer: string;
}

export interface Faq {
  title: string;
  items: FaqEntry[];
}

/** A hosted video: the service (as core's VideoService serialises), the id there and the
 * player URL core built for it. The page reads only the URL: it finds the service and id in it
 * again with the WebAssembly core (lib/video.ts), so both sides apply the same rules. */
export interface Video {
  service: string;
  id: string;
  embedUrl: string;
}

export interface VideoButton {
  label: string;
  video: Video;
}

/** A file to fetch and save. */
export interface Download {
  label: string;
  href: string;
  fileName: string;
}

export interface Quote {
  quote: string;
  person: string | null;
  role: string;
  organisation: string;
  href: string | null;
}

export interface ProductCard {
  title: string;
  text: string;
  icon: Image;
  href: string;
  buttonLabel: string;
}

export interface ProductCardList {
  heading: string;
  cards: ProductCard[];
}

/** Fixed copy: heading, paragraphs and an optional button. */
export interface Promo {
  heading: string;
  paragraphs: string[];
  button: LinkButton | null;
}

/** copy::Block: a heading and its paragraphs. */
export interface Block {
  heading: string;
  paragraphs: string[];
}

export interface Card {
  title: string;
  text: string;
}

/** copy::CardSection: a heading, an optional introduction (may be empty) and cards. */
export interface CardSection {
  heading: string;
  intro: string;
  cards: Card[];
}

/** A claim as a figure and what it measures. */
export interface Claim {
  figure: string;
  text: string;
}

/** A customer's words, attributed by role and kind of organisation. */
export interface Testimonial {
  quote: string;
  role: string;
  organisation: string;
}

export type Side = 'left' | 'right';

export type ProductTag = 'SPM' | 'eRFx' | 'SCM' | 'eAuction' | 'SSM' | 'SIM' | 'PIM';

// ---- head (view/head.rs) ----

export interface OpenGraph {
  type: string;
  title: string;
  description: string;
  image: string | null;
  url: string;
  siteName: string;
}

/** A page's <head>. */
export interface Head {
  title: string;
  description: string;
  canonical: string;
  /** 'index, follow' or 'noindex, follow'. */
  robots: string;
  /** The page before this one in a paginated listing. */
  prev?: string;
  /** The page after this one in a paginated listing. */
  next?: string;
  openGraph: OpenGraph;
  jsonLd: unknown[];
}

// ---- chrome (view/chrome.rs) ----

export interface NavLink {
  label: string;
  href: string;
}

export interface NavGroup {
  label: string;
  links: NavLink[];
}

export interface Brand {
  name: string;
  href: string;
  logoUrl: string;
  logoAlt: string;
  logoWidth: number;
  logoHeight: number;
}

export interface SolutionsMenu {
  groups: NavGroup[];
  overview: NavLink;
  /** The large graphic shown at 992px and wider. */
  graphicUrl: string;
  graphicAlt: string;
}

export interface Phone {
  /** AU, NZ, UK. */
  label: string;
  display: string;
  /** tel:+61… */
  href: string;
}

export interface ContactBlock {
  heading: string;
  address: string[];
  phones: Phone[];
  messageLink: NavLink;
}

export interface Footer {
  products: NavGroup;
  menu: NavGroup;
  contact: ContactBlock;
  copyright: string;
}

/** Everything around a page's body, the same on every page. */
export interface Chrome {
  brand: Brand;
  menuLabel: string;
  loadingLabel: string;
  solutionsLabel: string;
  solutions: SolutionsMenu;
  nav: NavLink[];
  footer: Footer;
}

// ---- screens ----

export interface HomeHero {
  title: string;
  lead: string;
  helpHeading: string;
  helpLinks: LinkButton[];
  buttons: LinkButton[];
}

export interface HomeView {
  head: Head;
  hero: HomeHero;
  logos: Image[];
  platformIntro: Block;
  overviewVideo: VideoButton;
  foodIndustry: Promo;
  howItWorks: CardSection;
  featuredQuote: Quote;
  whyOthersChoose: CardSection;
  claims: Claim[];
  about: Promo;
  solutions: ProductCardList;
  caseStudyTeaser: CaseStudyTeaser | null;
  latestInsights: BlogCardList;
  customerStories: Promo;
  moreInsights: MiniCardList;
}

export interface SolutionsView {
  head: Head;
  heading: string;
  intro: string[];
  modules: ProductCard[];
  video: VideoButton;
  demoLink: LinkButton;
  featuredQuote: Quote;
  claims: Claim[];
  faq: Faq | null;
}

export interface ProductHero {
  title: string;
  lead: string;
  logo: Image;
  testimonial: Testimonial;
}

export interface ModuleArticles {
  product: ProductTag;
  heading: string;
  cards: BlogCard[];
}

export interface SourcingView {
  contactButton: LinkButton;
  moduleLinks: LinkButton[];
  productCards: ProductCardList;
  moduleArticles: ModuleArticles[];
  erfxArticles: MiniCard[];
}

export interface ProductView {
  head: Head;
  segment: string;
  storageKey: string;
  product: ProductTag;
  hero: ProductHero;
  whatItIs: Block;
  claim: Claim | null;
  features: CardSection;
  extra: Block[];
  quotes: Testimonial[];
  demo: VideoButton;
  factsheet: Download | null;
  faq: Faq | null;
  caseStudyTeaser: CaseStudyTeaser | null;
  blogCards: BlogCardList;
  miniCards: MiniCardList;
  sourcing: SourcingView | null;
}

export interface IndexedTeaser extends CaseStudyTeaser {
  logoSide: Side;
}

/** Where a page of a listing sits among the others (view/pagination.rs). */
export interface Pagination {
  /** This page, from 1. */
  page: number;
  pages: number;
  /** Entries in the whole listing. */
  total: number;
  /** Position of this page's first entry in the whole listing, from 0. */
  offset: number;
  pageSize: number;
  /** Path of the page before, on page 2 and later. */
  prev: string | null;
  /** Path of the page after, while entries remain. */
  next: string | null;
  prevLabel: string;
}

/** One page of the customer stories (12 a page; an ordinary space fits on the first). */
export interface CaseStudyIndexView {
  head: Head;
  heading: string;
  intro: string;
  teasers: IndexedTeaser[];
  pagination: Pagination;
  nextLabel: string;
}

export interface Fact {
  label: string;
  value: string;
}

export interface StorySection {
  heading: string;
  html: Html;
  image: Image | null;
}

export interface CaseStudyView {
  head: Head;
  title: string;
  organisation: string;
  logo: Image | null;
  productLogo: Image | null;
  bannerImage: Image | null;
  quote: Quote | null;
  facts: Fact[];
  sections: StorySection[];
  download: Download | null;
  faq: Faq | null;
  blogCards: BlogCardList;
  relatedPages: MiniCardList;
}

/** One page of the insights listing; LOAD MORE INSIGHTS appends the next page's cards. */
export interface InsightsView {
  head: Head;
  heading: string;
  /** This page's cards. */
  cards: BlogCard[];
  pageSize: number;
  loadMoreLabel: string;
  pagination: Pagination;
}

export interface InsightView {
  head: Head;
  heading: string;
  readTime: string;
  published: string;
  publishedIso: string;
  title: string;
  hero: Image | null;
  body: Html;
  products: ProductTag[];
  video: VideoButton | null;
  moreInsights: BlogCardList;
  faq: Faq | null;
  cta: Promo;
}

export interface TimelineItem {
  side: Side;
  title: Html;
  html: Html;
  iconText: string | null;
  image: Image | null;
  imageHref: string | null;
  button: LinkButton | null;
}

export interface AboutView {
  head: Head;
  intro: Block;
  timeline: TimelineItem[];
  founder: Block;
  team: Block;
  culture: Block;
  claims: Claim[];
  caseStudyTeaser: CaseStudyTeaser | null;
  productCards: ProductCardList;
  insights: BlogCardList;
  links: MiniCardList;
  cta: Promo;
}

export interface BannerView {
  image: Image | null;
  text: string | null;
  logo: Image | null;
  textBox: Html | null;
  bodyText: string | null;
}

export type Layout = 'leftColumn' | 'rightColumn' | 'fullWidth';
export type Justification = 'full' | 'centre' | 'right' | 'left';

export type ActionButton =
  | { action: 'link'; label: string; style: ButtonStyle; href: string; external: boolean }
  | { action: 'video'; label: string; style: ButtonStyle; video: Video }
  | { action: 'download'; label: string; style: ButtonStyle; href: string; fileName: string };

export type SliceView =
  | {
      kind: 'textMedia';
      title: string | null;
      html: Html;
      image: Image | null;
      layout: Layout;
      justification: Justification;
      button: ActionButton | null;
    }
  | ({ kind: 'faq' } & Faq)
  | { kind: 'dividerCta'; title: string | null; text: string | null; buttons: ActionButton[] };

export interface PageBuilderView {
  head: Head;
  title: string;
  banner: BannerView | null;
  slices: SliceView[];
  productCards: ProductCardList | null;
  caseStudyTeaser: CaseStudyTeaser | null;
  insights: BlogCardList | null;
}

export interface Policy {
  image1: Image | null;
  sections: Html[];
  image5: Image | null;
}

export interface EmptyState {
  heading: string;
  text: string;
  link: LinkButton;
}

export interface PrivacyView {
  head: Head;
  title: string;
  policy: Policy | null;
  emptyState: EmptyState | null;
}

export interface Office {
  country: string;
  heading: string;
  lines: string[];
  phone: Phone | null;
  email: string | null;
  note: string | null;
}

export interface ContactFormCopy {
  heading: string;
  intro: string;
  firstName: string;
  lastName: string;
  orgName: string;
  phone: string;
  email: string;
  message: string;
  robot: string;
  submit: string;
  submitting: string;
  thankYou: string;
  failed: string;
}

export interface ContactView {
  head: Head;
  heading: string;
  intro: string;
  offices: Office[];
  form: ContactFormCopy;
}

export interface VideoPopupView {
  head: Head;
  video: VideoButton;
}

export interface NotFoundView {
  head: Head;
  heading: string;
  text: string;
  links: LinkButton[];
  /** The latest insights, as a way on. */
  latest?: MiniCardList;
}

// ---- the envelope (view.rs) ----

/** Screen name → its view model, as `PageView` tags them. */
export interface ScreenViews {
  home: HomeView;
  videoPopup: VideoPopupView;
  caseStudyIndex: CaseStudyIndexView;
  caseStudy: CaseStudyView;
  solutions: SolutionsView;
  product: ProductView;
  page: PageBuilderView;
  aboutUs: AboutView;
  privacy: PrivacyView;
  contactUs: ContactView;
  insights: InsightsView;
  insight: InsightView;
  notFound: NotFoundView;
}

export type ScreenName = keyof ScreenViews;

/** One screen's view model, tagged with the screen's name. */
export type PageView = { [S in ScreenName]: { screen: S; view: ScreenViews[S] } }[ScreenName];

/** What a request for a path comes to. The server's not-found answer also carries the
 * helpful 404 view (`{"outcome":"not_found","screen":"notFound","view":{…}}`). */
export type Outcome =
  | ({ outcome: 'page' } & PageView)
  | { outcome: 'redirect'; to: string }
  | { outcome: 'not_found'; screen?: 'notFound'; view?: NotFoundView };

/** The JSON the server embeds in the page and answers on the page API. */
export interface PagePayload {
  chrome?: Chrome;
  outcome: Outcome;
}
