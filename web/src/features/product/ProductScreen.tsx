// A product page (docs/behaviour.md §2 "Product pages"): hero with logo and testimonial, what it is, how it
// works or benefits, the demo video, the factsheet download, FAQ, customer story, related
// insights and the list of other pages; the strategic sourcing page adds its own sections.
// Each page records its last path segment in local storage under its product key.
import { useEffect } from 'react';
import {
  BlogCards,
  ButtonRow,
  Cards,
  Claims,
  MiniCardLinks,
  Paragraphs,
  ProductCards,
  QuoteBlock,
} from '../../components/Blocks/Blocks';
import { CaseStudyTeaser } from '../../components/CaseStudyTeaser/CaseStudyTeaser';
import { DownloadButton } from '../../components/DownloadButton/DownloadButton';
import { FaqAccordion } from '../../components/FaqAccordion/FaqAccordion';
import { Hero } from '../../components/Hero/Hero';
import { Image } from '../../components/Image/Image';
import { Section } from '../../components/Section/Section';
import { VideoButton } from '../../components/VideoModal/VideoButton';
import type { ProductView, SourcingView } from '../../lib/view';
import styles from './ProductScreen.module.css';

export function ProductScreen({ view }: { view: ProductView }) {
  const { hero } = view;

  useEffect(() => {
    try {
      window.localStorage.setItem(view.storageKey, view.segment);
    } catch (error) {
      // Storage can be full or blocked (private modes); the page works without it.
      console.error('could not record the product page in local storage', error);
    }
  }, [view.storageKey, view.segment]);

  return (
    <>
      <Hero className={styles.hero} labelledBy="product-title">
        <div className={styles.heroCopy}>
          <Image image={hero.logo} className={styles.logo} priority />
          <h1 id="product-title">{hero.title}</h1>
          <p className={styles.lead}>{hero.lead}</p>
          <ButtonRow inverse>
            <VideoButton button={view.demo} inverse />
            {view.factsheet && <DownloadButton download={view.factsheet} fill="outline" inverse />}
          </ButtonRow>
        </div>
        <figure className={styles.testimonial}>
          <blockquote>
            <p>{hero.testimonial.quote}</p>
          </blockquote>
          <figcaption>
            {hero.testimonial.role}, {hero.testimonial.organisation}
          </figcaption>
        </figure>
      </Hero>

      <Section heading={view.whatItIs.heading}>
        <div className={styles.split}>
          <div className={styles.prose}>
            <Paragraphs paragraphs={view.whatItIs.paragraphs} lead />
          </div>
          {view.claim && (
            <div className={styles.claim}>
              <Claims claims={[view.claim]} />
            </div>
          )}
        </div>
      </Section>

      <Section heading={view.features.heading} intro={view.features.intro || undefined} tone="tint">
        <Cards section={view.features} />
      </Section>

      {view.howItWorks && (
        <Section heading={view.howItWorks.heading} intro={view.howItWorks.intro || undefined}>
          <Cards section={view.howItWorks} />
        </Section>
      )}

      {view.extra.map((block) => (
        <Section key={block.heading} heading={block.heading}>
          <div className={styles.prose}>
            <Paragraphs paragraphs={block.paragraphs} />
          </div>
        </Section>
      ))}

      {view.sourcing && <SourcingSections sourcing={view.sourcing} />}

      {view.quotes.length > 0 && (
        <Section tone="tint">
          <ul className={styles.quotes}>
            {view.quotes.map((quote) => (
              <li key={quote.quote}>
                <QuoteBlock quote={quote} />
              </li>
            ))}
          </ul>
        </Section>
      )}

      {view.faq && view.faq.items.length > 0 && (
        <Section>
          <FaqAccordion faq={view.faq} />
        </Section>
      )}

      {view.caseStudyTeaser && (
        <Section>
          <CaseStudyTeaser teaser={view.caseStudyTeaser} />
        </Section>
      )}

      {view.blogCards.cards.length > 0 && (
        <Section heading={view.blogCards.heading} tone="tint">
          <BlogCards list={view.blogCards} />
        </Section>
      )}

      {view.miniCards.cards.length > 0 && (
        <Section heading={view.miniCards.heading}>
          <MiniCardLinks list={view.miniCards} />
        </Section>
      )}
    </>
  );
}

/** The strategic sourcing page's own sections. */
function SourcingSections({ sourcing }: { sourcing: SourcingView }) {
  return (
    <>
      <Section tone="navy" centred>
        <div className={styles.sourcingCta}>
          <ButtonRow buttons={sourcing.moduleLinks} inverse />
          <ButtonRow buttons={[sourcing.contactButton]} inverse />
        </div>
      </Section>
      <Section heading={sourcing.productCards.heading} tone="tint">
        <ProductCards list={sourcing.productCards} />
      </Section>
      {sourcing.moduleArticles
        .filter((m) => m.cards.length > 0)
        .map((m) => (
          <Section key={m.product} heading={m.heading}>
            <BlogCards list={{ heading: m.heading, cards: m.cards }} />
          </Section>
        ))}
      {sourcing.erfxArticles.cards.length > 0 && (
        <Section heading={sourcing.erfxArticles.heading} tone="tint">
          <MiniCardLinks list={sourcing.erfxArticles} />
        </Section>
      )}
    </>
  );
}
