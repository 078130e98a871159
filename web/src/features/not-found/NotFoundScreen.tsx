// The screen for a path that is not on the site: says so plainly and offers the ways on
// (home, insights, contact) from the view model. A bare not-found answer, which has no view
// model, shows the same heading with a link home.
import { MiniCardLinks } from '../../components/Blocks/Blocks';
import { ButtonLink } from '../../components/Button/Button';
import { SearchField } from '../../components/SearchField/SearchField';
import { Section } from '../../components/Section/Section';
import type { NotFoundView } from '../../lib/view';
import styles from './NotFoundScreen.module.css';
import { UI } from '../../lib/contract.gen';

export function NotFoundScreen({ view }: { view: NotFoundView | null }) {
  const heading = view?.heading ?? UI.pageNotFound;
  const links = view?.links ?? [{ label: 'Home', href: '/', style: 'filled' as const }];
  return (
    <>
      <section className={styles.notFound} aria-labelledby="not-found-title">
        <p className={styles.code}>404</p>
        <h1 id="not-found-title">{heading}</h1>
        {view?.text && <p className={styles.lead}>{view.text}</p>}
        <div className={styles.actions}>
          {links.map((link) => (
            <ButtonLink key={link.href} href={link.href} fill={link.style}>
              {link.label}
            </ButtonLink>
          ))}
        </div>
        <SearchField id="not-found-search" className={styles.search} />
      </section>
      {view?.latest && view.latest.cards.length > 0 && (
        <Section heading={view.latest.heading} tone="tint">
          <MiniCardLinks list={view.latest} />
        </Section>
      )}
    </>
  );
}
