// A customer story (docs/behaviour.md §2 "Case study detail"): logos, organisation, banner image, title,
// facts, the four story sections with their images, the PDF download only when there is one,
// FAQ, blog cards and related pages.
import { BlogCards, MiniCardLinks, QuoteBlock } from '../../components/Blocks/Blocks';
import { DownloadButton } from '../../components/DownloadButton/DownloadButton';
import { FaqAccordion } from '../../components/FaqAccordion/FaqAccordion';
import { Image } from '../../components/Image/Image';
import * as sizes from '../../components/Image/sizes';
import { RichText } from '../../components/RichText/RichText';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader';
import { Section } from '../../components/Section/Section';
import { inspect } from '../../lib/inspector';
import type { CaseStudyView } from '../../lib/view';
import styles from './CaseStudyScreen.module.css';

export function CaseStudyScreen({ view }: { view: CaseStudyView }) {
  const banner = view.bannerImage && (
    <div className={styles.banner}>
      <Image image={view.bannerImage} sizes={sizes.COLUMN} cover priority inspector={inspect(view, 'bannerImage')} />
    </div>
  );
  return (
    <>
      <ScreenHeader className={styles.header} after={banner}>
        <div className={styles.logos}>
          {view.logo && (
            <Image
              image={view.logo}
              sizes={sizes.byHeight(view.logo, 40)}
              className={styles.logo}
              priority
              inspector={inspect(view, 'logo')}
            />
          )}
          {view.productLogo && (
            <Image
              image={view.productLogo}
              sizes={sizes.byHeight(view.productLogo, 40)}
              className={styles.logo}
              priority
              inspector={inspect(view, 'productLogo')}
            />
          )}
        </div>
        <p className={styles.organisation} {...inspect(view, 'organisation')}>
          {view.organisation}
        </p>
        <h1 {...inspect(view, 'title')}>{view.title}</h1>
      </ScreenHeader>

      <Section>
        <div className={styles.layout}>
          <aside className={styles.aside}>
            {view.facts.length > 0 && (
              <dl className={styles.facts}>
                {view.facts.map((fact) => (
                  <div key={fact.label} className={styles.fact}>
                    <dt>{fact.label}</dt>
                    <dd {...inspect(fact, 'value')}>{fact.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            {view.download && (
              <div className={styles.download} {...inspect(view, 'download')}>
                <DownloadButton download={view.download} />
              </div>
            )}
          </aside>
          <div className={styles.story}>
            {view.quote && (
              <div className={styles.quote}>
                <QuoteBlock quote={view.quote} large />
              </div>
            )}
            {view.sections.map((section) => (
              <section key={section.heading} className={styles.section} aria-label={section.heading}>
                <h2>{section.heading}</h2>
                <RichText html={section.html} inspector={inspect(section, 'html')} />
                {section.image && (
                  <Image
                    image={section.image}
                    sizes={sizes.STORY}
                    className={styles.sectionImage}
                    inspector={inspect(section, 'image')}
                  />
                )}
              </section>
            ))}
          </div>
        </div>
      </Section>

      {view.faq && view.faq.items.length > 0 && (
        <Section tone="tint">
          <FaqAccordion faq={view.faq} />
        </Section>
      )}

      {view.blogCards.cards.length > 0 && (
        <Section heading={view.blogCards.heading}>
          <BlogCards list={view.blogCards} />
        </Section>
      )}

      {view.relatedPages.cards.length > 0 && (
        <Section heading={view.relatedPages.heading} tone="tint">
          <MiniCardLinks list={view.relatedPages} />
        </Section>
      )}
    </>
  );
}
