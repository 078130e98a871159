// About Us (docs/behaviour.md §2): intro, the vertical timeline (entries alternating right and left),
// founder story, Our Team, Our Culture, claims, customer story, product cards, the 3 latest
// insights, the link list and the closing call to action.
import { BlogCards, Claims, CtaSection, MiniCardLinks, Paragraphs, ProductCards } from '../../components/Blocks/Blocks';
import { ButtonLink } from '../../components/Button/Button';
import { CaseStudyTeaser } from '../../components/CaseStudyTeaser/CaseStudyTeaser';
import { Image } from '../../components/Image/Image';
import * as sizes from '../../components/Image/sizes';
import { inspect } from '../../lib/inspector';
import { RichText } from '../../components/RichText/RichText';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader';
import { Section } from '../../components/Section/Section';
import { SmartLink } from '../../components/SmartLink/SmartLink';
import type { AboutView, TimelineItem } from '../../lib/view';
import styles from './AboutScreen.module.css';

export function AboutScreen({ view }: { view: AboutView }) {
  return (
    <>
      <ScreenHeader>
        <h1>{view.intro.heading}</h1>
        <div className={styles.intro}>
          <Paragraphs paragraphs={view.intro.paragraphs} lead />
        </div>
      </ScreenHeader>

      {view.timeline.length > 0 && (
        <Section>
          <ol className={styles.timeline}>
            {view.timeline.map((item, i) => (
              <TimelineEntry key={i} item={item} />
            ))}
          </ol>
        </Section>
      )}

      <Section heading={view.founder.heading} tone="tint">
        <div className={styles.prose}>
          <Paragraphs paragraphs={view.founder.paragraphs} />
        </div>
      </Section>

      <Section>
        <div className={styles.columns}>
          <div>
            <h2>{view.team.heading}</h2>
            <Paragraphs paragraphs={view.team.paragraphs} />
          </div>
          <div>
            <h2>{view.culture.heading}</h2>
            <Paragraphs paragraphs={view.culture.paragraphs} />
          </div>
        </div>
      </Section>

      <Section tone="navy">
        <Claims claims={view.claims} inverse />
      </Section>

      {view.caseStudyTeaser && (
        <Section>
          <CaseStudyTeaser teaser={view.caseStudyTeaser} />
        </Section>
      )}

      <Section heading={view.productCards.heading} tone="tint">
        <ProductCards list={view.productCards} />
      </Section>

      {view.insights.cards.length > 0 && (
        <Section heading={view.insights.heading}>
          <BlogCards list={view.insights} />
        </Section>
      )}

      {view.links.cards.length > 0 && (
        <Section heading={view.links.heading} tone="tint">
          <MiniCardLinks list={view.links} />
        </Section>
      )}

      <CtaSection cta={view.cta} />
    </>
  );
}

function TimelineEntry({ item }: { item: TimelineItem }) {
  const image = item.image && (
    <Image image={item.image} sizes={sizes.TIMELINE} className={styles.entryImage} inspector={inspect(item, 'image')} />
  );
  return (
    <li className={[styles.entry, item.side === 'left' ? styles.left : styles.right].join(' ')}>
      <span className={styles.marker} aria-hidden="true" {...inspect(item, 'iconText')}>
        {item.iconText}
      </span>
      <div className={styles.entryCard}>
        <RichText html={item.title} className={styles.entryTitle} inspector={inspect(item, 'title')} />
        <RichText html={item.html} inspector={inspect(item, 'html')} />
        {image && (item.imageHref ? <SmartLink href={item.imageHref}>{image}</SmartLink> : image)}
        {item.button && (
          <div className={styles.entryButton}>
            <ButtonLink {...inspect(item.button, 'label')} href={item.button.href} fill={item.button.style} newTab>
              {item.button.label}
            </ButtonLink>
          </div>
        )}
      </div>
    </li>
  );
}
