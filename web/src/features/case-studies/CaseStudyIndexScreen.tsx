// 'Customer Stories' (SPEC §2): every case study by order priority as a teaser, the logo
// alternating sides from row to row as the view model says.
import { CaseStudyTeaser } from '../../components/CaseStudyTeaser/CaseStudyTeaser';
import { Section } from '../../components/Section/Section';
import type { CaseStudyIndexView } from '../../lib/view';
import styles from './CaseStudyIndexScreen.module.css';

export function CaseStudyIndexScreen({ view }: { view: CaseStudyIndexView }) {
  return (
    <>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <h1>{view.heading}</h1>
          {view.intro && <p className={styles.intro}>{view.intro}</p>}
        </div>
      </header>
      <Section>
        <ol className={styles.list}>
          {view.teasers.map((teaser) => (
            <li key={teaser.href}>
              <CaseStudyTeaser teaser={teaser} variant="listing" logoSide={teaser.logoSide} headingLevel={2} />
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
