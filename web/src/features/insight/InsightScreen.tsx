// An insight article (docs/behaviour.md §2): 'Insight', the read-time line (or publish date), title, hero
// image, rich-text body, 'More Insights' beside it, the video button when the post has one,
// the FAQ block when the page has one, and 'Read More Insights' / 'View Insights'.
import { CtaSection } from '../../components/Blocks/Blocks';
import { FaqAccordion } from '../../components/FaqAccordion/FaqAccordion';
import { Image } from '../../components/Image/Image';
import * as sizes from '../../components/Image/sizes';
import { RichText } from '../../components/RichText/RichText';
import { Section } from '../../components/Section/Section';
import { SmartLink } from '../../components/SmartLink/SmartLink';
import { VideoButton } from '../../components/VideoModal/VideoButton';
import { inspect } from '../../lib/inspector';
import type { InsightView } from '../../lib/view';
import styles from './InsightScreen.module.css';

export function InsightScreen({ view }: { view: InsightView }) {
  return (
    <>
      <article className={styles.article}>
        <header className={styles.header}>
          <p className={styles.kicker}>{view.heading}</p>
          <p className={styles.meta}>
            <time dateTime={view.publishedIso}>{view.readTime}</time>
          </p>
          <h1 className={styles.title} {...inspect(view, 'title')}>
            {view.title}
          </h1>
          {view.video && (
            <div className={styles.video}>
              <VideoButton button={view.video} fill="outline" />
            </div>
          )}
        </header>
        {view.hero && (
          <div className={styles.hero} {...inspect(view, 'hero')}>
            <Image image={view.hero} sizes={sizes.COLUMN} priority />
          </div>
        )}
        <div className={styles.layout}>
          <RichText html={view.body} className={styles.body} inspector={inspect(view, 'body')} />
          {view.moreInsights.cards.length > 0 && (
            <aside className={styles.aside} aria-labelledby="more-insights">
              <h2 id="more-insights" className={styles.asideHeading}>
                {view.moreInsights.heading}
              </h2>
              <ul className={styles.asideList}>
                {view.moreInsights.cards.map((card) => (
                  <li key={card.href}>
                    <SmartLink href={card.href} className={styles.asideLink}>
                      {card.image && (
                        <Image
                          image={card.image}
                          sizes={sizes.ASIDE_CARD}
                          className={styles.asideImage}
                          inspector={inspect(card, 'image')}
                        />
                      )}
                      <span className={styles.asideTitle} {...inspect(card, 'title')}>
                        {card.title}
                      </span>
                      <span className={styles.asideMeta}>{card.readTime}</span>
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </aside>
          )}
        </div>
      </article>

      {view.faq && view.faq.items.length > 0 && (
        <Section tone="tint">
          <FaqAccordion faq={view.faq} />
        </Section>
      )}

      <CtaSection cta={view.cta} />
    </>
  );
}
