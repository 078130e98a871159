// 'Customer Stories' (docs/behaviour.md §2): the case studies by order priority as teasers, the logo
// alternating sides from row to row as the view model says. A space with more stories than
// one page holds (12) shows plain links to the pages before and after.
import { CaseStudyTeaser } from '../../components/CaseStudyTeaser/CaseStudyTeaser';
import { Pager } from '../../components/Pager/Pager';
import { ScreenHeader, screenIntro } from '../../components/ScreenHeader/ScreenHeader';
import { Section } from '../../components/Section/Section';
import type { CaseStudyIndexView } from '../../lib/view';
import styles from './CaseStudyIndexScreen.module.css';
import { UI } from '../../lib/contract.gen';

export function CaseStudyIndexScreen({ view }: { view: CaseStudyIndexView }) {
  const { pagination } = view;
  return (
    <>
      <ScreenHeader>
        <h1>{view.heading}</h1>
        {view.intro && <p className={screenIntro}>{view.intro}</p>}
      </ScreenHeader>
      <Section>
        <ol className={styles.list} start={pagination.offset > 0 ? pagination.offset + 1 : undefined}>
          {view.teasers.map((teaser) => (
            <li key={teaser.href}>
              <CaseStudyTeaser teaser={teaser} variant="listing" logoSide={teaser.logoSide} headingLevel={2} />
            </li>
          ))}
        </ol>
        <Pager
          label={UI.customerStoryPages}
          prev={pagination.prev}
          prevLabel={pagination.prevLabel}
          next={pagination.next}
          nextLabel={view.nextLabel}
        />
      </Section>
    </>
  );
}
