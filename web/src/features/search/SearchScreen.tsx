// The site search's page (/search): the form, the count said in a polite live region, the
// results (kind, title, the server's escaped snippet with its <mark>s, and date), filters by
// kind and product with their counts, and pages of results as real links. The server renders it
// with its answer, so it works without the script; once hydrated, the results follow the words
// as they are typed (the server's answer from GET /api/search, fetched after a short pause),
// and the address follows them with replaceState. Nothing is ranked here.
import { useEffect, useRef, useState } from 'react';
import { ButtonLink } from '../../components/Button/Button';
import { Pager } from '../../components/Pager/Pager';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader';
import { SearchField } from '../../components/SearchField/SearchField';
import { Section } from '../../components/Section/Section';
import { SiteLink } from '../../components/SmartLink/SmartLink';
import { fetchSearch } from './api';
import type { ProductTag, ResultCount, SearchAnswer, SearchCopy, SearchKind, SearchView } from '../../lib/view';
import { canonicalWords, queryString, searchHref, type SearchParams } from './query';
import styles from './SearchScreen.module.css';

/** How long typing must pause before the results are asked for. */
export const TYPING_PAUSE_MS = 250;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `2024-03-05` as the site writes dates: 'March 05, 2024'. */
export function formatDay(ymd: string): string {
  const [year, month, day] = ymd.split('-');
  const name = MONTHS[Number(month) - 1];
  return name && year && day ? `${name} ${day}, ${year}` : ymd;
}

/** `1234` as '1,234' (by hand: the server's JavaScript engine has no Intl). */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** '3 results for “rfq”', or 'More than 1,000 results for “supplier”' for a count that stopped. */
function countLine(copy: SearchCopy, total: ResultCount, words: string): string {
  if ('moreThan' in total) {
    return `${copy.moreThan} ${formatCount(total.moreThan)} ${copy.results} ${copy.resultsFor} “${words}”`;
  }
  const n = total.exactly;
  return `${formatCount(n)} ${n === 1 ? copy.result : copy.results} ${copy.resultsFor} “${words}”`;
}

/** What the page shows: the words asked and the answer to them. */
interface Shown {
  /** The view it came from (its canonical): another view starts over. */
  from: string;
  words: string;
  answer: SearchAnswer | null;
  unavailable: boolean;
}

export function SearchScreen({ view }: { view: SearchView }) {
  const fresh = (): Shown => ({
    from: view.head.canonical,
    words: view.query,
    answer: view.answer,
    unavailable: view.unavailable,
  });
  const [shown, setShown] = useState<Shown>(fresh);
  const current = shown.from === view.head.canonical ? shown : fresh();
  const [typed, setTyped] = useState<{ from: string; words: string }>({ from: view.head.canonical, words: view.query });
  const words = typed.from === view.head.canonical ? typed.words : view.query;
  const request = useRef<AbortController>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const filters = { kind: view.kind, product: view.product };

  function type(next: string) {
    setTyped({ from: view.head.canonical, words: next });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => ask(next), TYPING_PAUSE_MS);
  }

  function ask(next: string) {
    request.current?.abort();
    const search: SearchParams = { q: next, ...filters, page: 1 };
    window.history.replaceState(window.history.state, '', searchHref(search));
    if (!canonicalWords(next)) {
      setShown({ from: view.head.canonical, words: '', answer: null, unavailable: false });
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    // The words as typed: a last word not yet followed by a space is still being typed, and the
    // server also matches it as the start of a word.
    const pairs: [string, string][] = [['q', next]];
    if (filters.kind) pairs.push(['type', filters.kind]);
    if (filters.product) pairs.push(['product', filters.product]);
    void fetchSearch(queryString(pairs), controller.signal).then((answer) => {
      if (controller.signal.aborted) return;
      setShown({
        from: view.head.canonical,
        words: canonicalWords(next),
        answer,
        unavailable: answer === null,
      });
    });
  }

  const { answer } = current;
  const asked = current.words !== '';
  return (
    <>
      <ScreenHeader>
        <h1>{view.copy.heading}</h1>
      </ScreenHeader>
      <Section>
        <SearchField
          id="search-words"
          value={words}
          onChange={type}
          hidden={{ type: view.kind, product: view.product }}
          className={styles.form}
        />
        <p className={styles.count} role="status" aria-live="polite">
          {status(view.copy, current)}
        </p>
        {answer && asked && (answer.facets.kinds.length > 0 || answer.facets.products.length > 0) && (
          <div className={styles.layout}>
            <Filters copy={view.copy} words={current.words} answer={answer} kind={view.kind} product={view.product} />
            <div>
              {answer.results.length > 0 && <Results copy={view.copy} answer={answer} />}
              <Pages copy={view.copy} words={current.words} answer={answer} kind={view.kind} product={view.product} />
            </div>
          </div>
        )}
        {answer && asked && 'exactly' in answer.total && answer.total.exactly === 0 && (
          <NoResults view={view} words={current.words} />
        )}
        {!asked && <p className={styles.prompt}>{view.copy.prompt}</p>}
      </Section>
    </>
  );
}

function status(copy: SearchCopy, { words, answer, unavailable }: Shown): string {
  if (unavailable) return copy.unavailable;
  if (!words || !answer) return '';
  return countLine(copy, answer.total, words);
}

interface ListProps {
  copy: SearchCopy;
  words: string;
  answer: SearchAnswer;
  kind: SearchKind | null;
  product: ProductTag | null;
}

/** A filter: a link to the same words with it, and the results it would give. */
interface Filter {
  key: string;
  label: string;
  href: string;
  count?: number;
  current: boolean;
}

function Filters({ copy, words, answer, kind, product }: ListProps) {
  // Counts of the first results only (a count that stopped at its cap) would mislead: the
  // filters are offered without them.
  const counted = (n: number) => (answer.facets.complete ? n : undefined);
  const href = (k: SearchKind | null, p: ProductTag | null) => searchHref({ q: words, kind: k, product: p, page: 1 });
  const kinds: Filter[] = [
    { key: 'all', label: copy.all, href: href(null, product), current: kind === null },
    ...answer.facets.kinds.map((f) => ({
      key: f.kind,
      label: copy[f.kind],
      href: href(f.kind, product),
      count: counted(f.count),
      current: kind === f.kind,
    })),
  ];
  const products: Filter[] = [
    { key: 'all', label: copy.all, href: href(kind, null), current: product === null },
    ...answer.facets.products.map((f) => ({
      key: f.product,
      label: f.product,
      href: href(kind, f.product),
      count: counted(f.count),
      current: product === f.product,
    })),
  ];
  return (
    <nav className={styles.filters} aria-label={copy.filters}>
      <FilterList heading={copy.byType} filters={kinds} />
      {answer.facets.products.length > 0 && <FilterList heading={copy.byProduct} filters={products} />}
    </nav>
  );
}

function FilterList({ heading, filters }: { heading: string; filters: Filter[] }) {
  return (
    <>
      <h2 className={styles.filterHeading}>{heading}</h2>
      <ul className={styles.filterList}>
        {filters.map((filter) => (
          <li key={filter.key}>
            <SiteLink to={filter.href} aria-current={filter.current ? 'true' : undefined}>
              {filter.label}
              {filter.count !== undefined && (
                <>
                  {' '}
                  <span className={styles.facetCount}>({formatCount(filter.count)})</span>
                </>
              )}
            </SiteLink>
          </li>
        ))}
      </ul>
    </>
  );
}

function Results({ copy, answer }: { copy: SearchCopy; answer: SearchAnswer }) {
  return (
    <ol className={styles.results} start={(answer.page - 1) * 10 + 1}>
      {answer.results.map((hit) => (
        <li key={hit.path} className={styles.result}>
          <p className={styles.kind}>{copy[hit.kind]}</p>
          <h2 className={styles.title}>
            <SiteLink to={hit.path}>{hit.title}</SiteLink>
          </h2>
          {/* The server's snippet: the page's text escaped, the matched words in <mark>. */}
          <p className={styles.snippet} dangerouslySetInnerHTML={{ __html: hit.snippet }} />
          {hit.date && (
            <p className={styles.date}>
              <time dateTime={hit.date}>{formatDay(hit.date)}</time>
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

function Pages({ copy, words, answer, kind, product }: ListProps) {
  const href = (page: number) => searchHref({ q: words, kind, product, page });
  return (
    <Pager
      label={copy.resultPages}
      prev={answer.page > 1 ? href(answer.page - 1) : null}
      prevLabel={copy.previousPage}
      next={answer.page < answer.pages ? href(answer.page + 1) : null}
      nextLabel={copy.nextPage}
    />
  );
}

function NoResults({ view, words }: { view: SearchView; words: string }) {
  return (
    <div className={styles.none}>
      <h2>
        {view.copy.noResults} “{words}”
      </h2>
      <ul className={styles.tips}>
        <li>{view.copy.tipSpelling}</li>
        <li>{view.copy.tipFewer}</li>
        <li>{view.copy.tipBrowse}</li>
      </ul>
      <div className={styles.suggestions}>
        {view.suggestions.map((link) => (
          <ButtonLink key={link.href} href={link.href} fill={link.style}>
            {link.label}
          </ButtonLink>
        ))}
      </div>
    </div>
  );
}
