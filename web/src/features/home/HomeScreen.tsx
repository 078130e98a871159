// The home page (docs/behaviour.md §2 "Home"), every section in the order of the view model.
import {
  BlogCards,
  ButtonRow,
  Cards,
  Claims,
  Paragraphs,
  ProductCards,
  QuoteBlock,
} from '../../components/Blocks/Blocks';
import { ButtonLink } from '../../components/Button/Button';
import { Carousel } from '../../components/Carousel/Carousel';
import { CaseStudyTeaser } from '../../components/CaseStudyTeaser/CaseStudyTeaser';
import { Hero } from '../../components/Hero/Hero';
import { ProductIcon } from '../../components/icons/ProductIcon';
import { Image } from '../../components/Image/Image';
import * as sizes from '../../components/Image/sizes';
import { inspect } from '../../lib/inspector';
import { MiniCard } from '../../components/MiniCard/MiniCard';
import { Section } from '../../components/Section/Section';
import { VideoButton } from '../../components/VideoModal/VideoButton';
import type { HomeView } from '../../lib/view';
import styles from './HomeScreen.module.css';
import { UI } from '../../lib/contract.gen';

/** docs/behaviour.md §9: 4 logos, 3 at 1024px or less, 2 at 600px or less, 1 at 480px or less. */
const LOGO_BREAKPOINTS = [
  { maxWidth: 1024, slidesToShow: 3 },
  { maxWidth: 600, slidesToShow: 2 },
  { maxWidth: 480, slidesToShow: 1 },
];

/** docs/behaviour.md §9: 3 shown and scrolled at a time; 2 at 600px or less starting at index 2; 1 at 480px. */
const MINI_CARD_BREAKPOINTS = [
  { maxWidth: 1024, slidesToShow: 3, slidesToScroll: 3 },
  { maxWidth: 600, slidesToShow: 2, slidesToScroll: 2, initialSlide: 2 },
  { maxWidth: 480, slidesToShow: 1, slidesToScroll: 1 },
];

export function HomeScreen({ view }: { view: HomeView }) {
  const { hero } = view;
  return (
    <>
      <Hero className={styles.hero} labelledBy="home-title">
        <div className={styles.heroCopy}>
          <h1 id="home-title">{hero.title}</h1>
          <p className={styles.heroLead}>{hero.lead}</p>
          <ButtonRow buttons={hero.buttons} inverse />
        </div>
        <nav className={styles.help} aria-labelledby="home-help">
          <h2 id="home-help" className={styles.helpHeading}>
            {hero.helpHeading}
          </h2>
          <ul className={styles.helpGrid}>
            {hero.helpLinks.map((link) => (
              <li key={link.href}>
                <ButtonLink href={link.href} fill="outline" inverse block className={styles.helpLink}>
                  <ProductIcon href={link.href} size={24} />
                  <span>{link.label}</span>
                </ButtonLink>
              </li>
            ))}
          </ul>
        </nav>
      </Hero>

      {view.logos.length > 0 && (
        <section className={styles.logos} aria-label={UI.customers}>
          <div className={styles.logosInner}>
            <Carousel
              label={UI.customerLogos}
              slides={view.logos.slice(0, 12).map((logo, i) => (
                <div key={logo.url} className={styles.logo}>
                  <Image image={logo} sizes={sizes.byHeight(logo, 64)} inspector={inspect(view, 'logos', i)} />
                </div>
              ))}
              slidesToShow={4}
              responsive={LOGO_BREAKPOINTS}
              autoplay
              autoplaySpeed={5000}
              speed={500}
            />
          </div>
        </section>
      )}

      <Section heading={view.platformIntro.heading}>
        <div className={styles.split}>
          <div>
            <Paragraphs paragraphs={view.platformIntro.paragraphs} lead />
          </div>
          <div className={styles.videoPanel}>
            <VideoButton button={view.overviewVideo} inverse />
          </div>
        </div>
      </Section>

      <Section heading={view.foodIndustry.heading} tone="tint">
        <div className={styles.prose}>
          <Paragraphs paragraphs={view.foodIndustry.paragraphs} />
          {view.foodIndustry.button && <ButtonRow buttons={[view.foodIndustry.button]} />}
        </div>
      </Section>

      <Section heading={view.howItWorks.heading} intro={view.howItWorks.intro || undefined}>
        <Cards section={view.howItWorks} numbered />
      </Section>

      <Section tone="tint" narrow>
        <QuoteBlock quote={view.featuredQuote} large />
      </Section>

      <Section heading={view.whyOthersChoose.heading} intro={view.whyOthersChoose.intro || undefined} tone="navy">
        <Cards section={view.whyOthersChoose} />
        <div className={styles.claims}>
          <Claims claims={view.claims} inverse />
        </div>
      </Section>

      <Section heading={view.about.heading}>
        <div className={styles.prose}>
          <Paragraphs paragraphs={view.about.paragraphs} />
          {view.about.button && <ButtonRow buttons={[view.about.button]} />}
        </div>
      </Section>

      <Section heading={view.solutions.heading} tone="tint" centred>
        <ProductCards list={view.solutions} />
      </Section>

      {view.caseStudyTeaser && (
        <Section>
          <CaseStudyTeaser teaser={view.caseStudyTeaser} />
        </Section>
      )}

      {view.latestInsights.cards.length > 0 && (
        <Section heading={view.latestInsights.heading}>
          <BlogCards list={view.latestInsights} />
        </Section>
      )}

      <Section heading={view.customerStories.heading} tone="navy" centred>
        <div className={styles.banner}>
          <Paragraphs paragraphs={view.customerStories.paragraphs} />
          {view.customerStories.button && <ButtonRow buttons={[view.customerStories.button]} inverse />}
        </div>
      </Section>

      {view.moreInsights.cards.length > 0 && (
        <Section heading={view.moreInsights.heading} tone="tint">
          <Carousel
            // The section already carries the heading as its name; a landmark inside it needs its own.
            label={UI.insightsAndPages}
            slides={view.moreInsights.cards.map((card) => (
              <MiniCard key={card.href} card={card} />
            ))}
            slidesToShow={3}
            slidesToScroll={3}
            responsive={MINI_CARD_BREAKPOINTS}
            speed={500}
          />
        </Section>
      )}
    </>
  );
}
