// 'Our Latest Insights' (SPEC §2, §4): the first page of blog cards, and LOAD MORE INSIGHTS,
// which shows a loading state for one second, reveals the next page, then scrolls the page by
// an offset that depends on the viewport width; the button goes once every card is shown.
import { useEffect, useRef, useState } from 'react';
import { BlogCard } from '../../components/BlogCard/BlogCard';
import { Button } from '../../components/Button/Button';
import { Section } from '../../components/Section/Section';
import type { InsightsView } from '../../lib/view';
import styles from './InsightsScreen.module.css';

/** SPEC §9: the load-more loading state lasts 1000 ms. */
export const LOAD_MORE_DELAY_MS = 1000;

/** How far to scroll after revealing more cards: about the height of the revealed rows' start. */
export function loadMoreScrollOffset(viewportWidth: number): number {
  if (viewportWidth > 1023) return 450;
  if (viewportWidth > 599) return 700;
  return 900;
}

export function InsightsScreen({ view }: { view: InsightsView }) {
  const [shown, setShown] = useState(view.pageSize);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function loadMore() {
    if (loading) return;
    setLoading(true);
    timer.current = setTimeout(() => {
      setShown((n) => n + view.pageSize);
      setLoading(false);
      const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      window.scrollBy({ top: loadMoreScrollOffset(window.innerWidth), behavior: reduced ? 'auto' : 'smooth' });
    }, LOAD_MORE_DELAY_MS);
  }

  return (
    <>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <h1>{view.heading}</h1>
        </div>
      </header>
      <Section>
        <ul className={styles.grid}>
          {view.cards.slice(0, shown).map((card) => (
            <li key={card.href}>
              <BlogCard card={card} headingLevel={2} />
            </li>
          ))}
        </ul>
        {shown < view.cards.length && (
          <div className={styles.more}>
            <Button onClick={loadMore} aria-busy={loading || undefined} disabled={loading}>
              {loading && <span className={styles.spinner} aria-hidden="true" />}
              {view.loadMoreLabel}
            </Button>
          </div>
        )}
      </Section>
    </>
  );
}
