// 'Our Latest Insights' (docs/behaviour.md §2, §4): the first page of blog cards, and LOAD MORE INSIGHTS,
// which shows a loading state for one second while it fetches the next page from the page API,
// appends its cards, then scrolls the page by an offset that depends on the viewport width; the
// button goes once the last post is shown. A request that fails or gives no answer within
// LOAD_MORE_TIMEOUT_MS is said so in a live region and the button stays for another try, which
// asks for the same page again (a card already shown is never shown twice). Before the script runs (or without it) the button is
// a link to the next page (`/insights?page=2`), which the server renders on its own.
import { useEffect, useRef, useState } from 'react';
import { BlogCard } from '../../components/BlogCard/BlogCard';
import { Button, ButtonLink } from '../../components/Button/Button';
import { Pager } from '../../components/Pager/Pager';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader';
import { SearchField } from '../../components/SearchField/SearchField';
import { Section } from '../../components/Section/Section';
import { fetchPage } from '../../lib/api';
import { useHydrated } from '../../lib/hydrated';
import type { BlogCard as Card, InsightsView, PagePayload } from '../../lib/view';
import styles from './InsightsScreen.module.css';
import { UI } from '../../lib/contract.gen';

/** docs/behaviour.md §9: the load-more loading state lasts 1000 ms. */
const LOAD_MORE_DELAY_MS = 1000;
/** How long LOAD MORE INSIGHTS waits for the next page before it says it did not arrive. */
export const LOAD_MORE_TIMEOUT_MS = 5000;

/** How far to scroll after revealing more cards: about the height of the revealed rows' start. */
export function loadMoreScrollOffset(viewportWidth: number): number {
  if (viewportWidth > 1023) return 450;
  if (viewportWidth > 599) return 700;
  return 900;
}

/** The cards appended to a page of the listing so far, and the page that comes next. */
interface Appended {
  /** Which page of the listing they follow (its canonical). */
  page: string;
  cards: Card[];
  next: string | null;
}

/** The cards and next page of a listing page's payload; null for any other answer. */
function listingPage(payload: PagePayload | null): { cards: Card[]; next: string | null } | null {
  const outcome = payload?.outcome;
  if (outcome?.outcome !== 'page' || outcome.screen !== 'insights') return null;
  return { cards: outcome.view.cards, next: outcome.view.pagination.next };
}

export function InsightsScreen({ view }: { view: InsightsView }) {
  const hydrated = useHydrated();
  const page = view.head.canonical;
  const fresh = (): Appended => ({ page, cards: [], next: view.pagination.next });
  const [appended, setAppended] = useState<Appended>(fresh);
  // Another page of the listing (in-app navigation to it) starts over; the same page read
  // again keeps what was appended.
  const current = appended.page === page ? appended : fresh();
  const [loading, setLoading] = useState(false);
  // Whether the last load failed or ran out of time: the live region says so until the next try.
  const [failed, setFailed] = useState(false);
  // Set when a load appended cards: the scroll waits for them to be drawn, or a page already
  // scrolled to its end would have nowhere to go.
  const scrollPending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const request = useRef<AbortController>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
      request.current?.abort();
    };
  }, []);

  function loadMore() {
    const next = current.next;
    if (loading || !next) return;
    setLoading(true);
    setFailed(false);
    const controller = new AbortController();
    request.current = controller;
    const limit = setTimeout(() => {
      console.error(`the next insights (${next}) gave no answer within ${LOAD_MORE_TIMEOUT_MS} ms`);
      controller.abort();
    }, LOAD_MORE_TIMEOUT_MS);
    const nextPage = fetchPage(next, controller.signal)
      .then(listingPage)
      .finally(() => clearTimeout(limit));
    const shown = new Promise<void>((resolve) => {
      timer.current = setTimeout(resolve, LOAD_MORE_DELAY_MS);
    });
    void Promise.all([nextPage, shown]).then(([loaded]) => {
      if (!mounted.current) return;
      setLoading(false);
      // A failure is logged (by fetchPage, or above for a timeout); the page says so and the
      // button stays for another try.
      if (!loaded) {
        setFailed(true);
        return;
      }
      scrollPending.current = true;
      setAppended((before) => {
        const base = before.page === page ? before.cards : [];
        // A post published between two requests shifts the pages by one: never show a card twice.
        const seen = new Set([...view.cards, ...base].map((c) => c.href));
        return { page, cards: [...base, ...loaded.cards.filter((c) => !seen.has(c.href))], next: loaded.next };
      });
    });
  }

  useEffect(() => {
    if (!scrollPending.current) return;
    scrollPending.current = false;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollBy({ top: loadMoreScrollOffset(window.innerWidth), behavior: reduced ? 'auto' : 'smooth' });
  }, [appended]);

  const cards = [...view.cards, ...current.cards];
  return (
    <>
      <ScreenHeader className={styles.header}>
        <h1>{view.heading}</h1>
      </ScreenHeader>
      <Section>
        <SearchField id="insights-search" className={styles.search} />
        <ul className={styles.grid}>
          {cards.map((card) => (
            <li key={card.href}>
              <BlogCard card={card} headingLevel={2} />
            </li>
          ))}
        </ul>
        {current.next && (
          <div className={styles.more}>
            {hydrated ? (
              <Button onClick={loadMore} aria-busy={loading || undefined} disabled={loading}>
                {loading && <span className={styles.spinner} aria-hidden="true" />}
                {view.loadMoreLabel}
              </Button>
            ) : (
              <ButtonLink href={current.next} rel="next">
                {view.loadMoreLabel}
              </ButtonLink>
            )}
          </div>
        )}
        <p className={styles.failed} role="status" aria-live="polite">
          {failed ? view.loadMoreFailed : null}
        </p>
        <Pager label={UI.insightsPages} prev={view.pagination.prev} prevLabel={view.pagination.prevLabel} />
      </Section>
    </>
  );
}
