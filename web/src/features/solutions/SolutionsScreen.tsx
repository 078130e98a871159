// The solutions overview (docs/behaviour.md §2): 'Our Solutions', the module icons, the video button, the
// request-a-free-demo link to /contact-us and the featured quote.
import { ButtonRow, Claims, Paragraphs, QuoteBlock } from '../../components/Blocks/Blocks';
import { FaqAccordion } from '../../components/FaqAccordion/FaqAccordion';
import { Image } from '../../components/Image/Image';
import { Section } from '../../components/Section/Section';
import { SmartLink } from '../../components/SmartLink/SmartLink';
import { VideoButton } from '../../components/VideoModal/VideoButton';
import type { SolutionsView } from '../../lib/view';
import styles from './SolutionsScreen.module.css';

export function SolutionsScreen({ view }: { view: SolutionsView }) {
  return (
    <>
      <section className={styles.hero} aria-labelledby="solutions-title">
        <div className={styles.heroInner}>
          <h1 id="solutions-title">{view.heading}</h1>
          <div className={styles.intro}>
            <Paragraphs paragraphs={view.intro} lead />
          </div>
          <ButtonRow buttons={[view.demoLink]} inverse>
            <VideoButton button={view.video} fill="outline" inverse />
          </ButtonRow>
        </div>
      </section>

      <Section>
        <ul className={styles.modules}>
          {view.modules.map((m) => (
            <li key={m.href}>
              <SmartLink href={m.href} className={styles.module}>
                <Image image={m.icon} className={styles.icon} />
                <span className={styles.moduleTitle}>{m.title}</span>
                <span className={styles.moduleText}>{m.text}</span>
              </SmartLink>
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="tint" narrow>
        <QuoteBlock quote={view.featuredQuote} large />
      </Section>

      <Section tone="navy">
        <Claims claims={view.claims} inverse />
      </Section>

      {view.faq && view.faq.items.length > 0 && (
        <Section>
          <FaqAccordion faq={view.faq} />
        </Section>
      )}
    </>
  );
}
