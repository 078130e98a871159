import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { notFound } from '../../testing/fixtures/views';
import { renderWithRouter } from '../../testing/render';
import { MemoryRouter } from '../../lib/router';
import type { SearchAnswer, SearchCopy, SearchView } from '../../lib/view';
import { SearchScreen, TYPING_PAUSE_MS, formatCount, formatDay } from './SearchScreen';

const answer: SearchAnswer = {
  query: 'supplier',
  total: { exactly: 12 },
  page: 1,
  pages: 2,
  results: [
    {
      path: '/insights/supplier-onboarding',
      title: 'Supplier onboarding',
      kind: 'insight',
      snippet: 'How <mark>supplier</mark> onboarding &amp; &lt;b&gt;checks&lt;/b&gt; work',
      date: '2024-03-05',
    },
    {
      path: '/supplier-information-management',
      title: 'Supplier information management',
      kind: 'product',
      snippet: 'One record per <mark>supplier</mark>',
      date: null,
    },
  ],
  facets: {
    kinds: [
      { kind: 'insight', count: 10 },
      { kind: 'product', count: 2 },
    ],
    products: [{ product: 'SIM', count: 3 }],
    complete: true,
  },
};

const copy: SearchCopy = {
  heading: 'Search',
  result: 'result',
  results: 'results',
  resultsFor: 'for',
  moreThan: 'More than',
  prompt: 'Search our insights, customer stories, products and pages.',
  filters: 'Filter results',
  byType: 'Type',
  byProduct: 'Product',
  all: 'All',
  insight: 'Insight',
  caseStudy: 'Customer story',
  product: 'Product',
  page: 'Page',
  about: 'About us',
  resultPages: 'Search result pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  noResults: 'No results for',
  tipSpelling: 'Check the spelling of your words.',
  tipFewer: 'Try fewer words, or more general ones.',
  tipBrowse: 'Or browse instead:',
  unavailable: 'Search is not available just now. Please try again in a moment.',
};

function view(overrides: Partial<SearchView> = {}): SearchView {
  return {
    head: { ...notFound.head, canonical: '/search?q=supplier', robots: 'noindex, follow' },
    query: 'supplier',
    kind: null,
    product: null,
    answer,
    unavailable: false,
    copy,
    suggestions: [
      { label: 'BROWSE INSIGHTS', href: '/insights', style: 'outline' },
      { label: 'Our Solutions', href: '/supplier-management-platform', style: 'outline' },
    ],
    ...overrides,
  };
}

describe('SearchScreen', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the count in a polite live region, the results with their kind, link, snippet and date', () => {
    renderWithRouter(<SearchScreen view={view()} />, { path: '/search?q=supplier' });
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('12 results for “supplier”');
    expect(screen.getByRole('searchbox', { name: 'Search the site' })).toHaveValue('supplier');
    const first = screen.getByRole('link', { name: 'Supplier onboarding' });
    expect(first).toHaveAttribute('href', '/insights/supplier-onboarding');
    const item = first.closest('li');
    if (!item) throw new Error('the result is no list item');
    // The snippet is the server's HTML: its marks are elements, its escaped text stays text.
    expect(item.querySelector('mark')).toHaveTextContent('supplier');
    expect(item.querySelector('b')).toBeNull();
    expect(item).toHaveTextContent('<b>checks</b>');
    expect(within(item).getByText('March 05, 2024')).toHaveAttribute('datetime', '2024-03-05');
    expect(within(item).getByText('Insight')).toBeInTheDocument();
  });

  it('offers filters with their counts and pages as real links to canonical addresses', () => {
    renderWithRouter(<SearchScreen view={view()} />, { path: '/search?q=supplier' });
    const filters = screen.getByRole('navigation', { name: 'Filter results' });
    expect(within(filters).getByRole('link', { name: 'Insight (10)' })).toHaveAttribute(
      'href',
      '/search?q=supplier&type=insight',
    );
    expect(within(filters).getByRole('link', { name: 'SIM (3)' })).toHaveAttribute(
      'href',
      '/search?q=supplier&product=SIM',
    );
    expect(within(filters).getAllByRole('link', { name: 'All' })[0]).toHaveAttribute('aria-current', 'true');
    const pages = screen.getByRole('navigation', { name: 'Search result pages' });
    expect(within(pages).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/search?q=supplier&page=2');
  });

  it('says a count that stopped at its cap as more than it, and offers the filters without counts', () => {
    const many: SearchAnswer = {
      ...answer,
      total: { moreThan: 1000 },
      pages: 50,
      facets: { ...answer.facets, complete: false },
    };
    renderWithRouter(<SearchScreen view={view({ answer: many })} />, { path: '/search?q=supplier' });
    expect(screen.getByRole('status')).toHaveTextContent('More than 1,000 results for “supplier”');
    const filters = screen.getByRole('navigation', { name: 'Filter results' });
    expect(within(filters).getByRole('link', { name: 'Insight' })).toHaveAttribute(
      'href',
      '/search?q=supplier&type=insight',
    );
    expect(within(filters).queryByText('(10)')).toBeNull();
    expect(screen.queryByRole('heading', { name: /No results/ })).toBeNull();
  });

  it('writes counts with thousands separators', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('says clearly when nothing is found and where to look instead', () => {
    const none = {
      ...answer,
      total: { exactly: 0 },
      pages: 1,
      results: [],
      facets: { kinds: [], products: [], complete: true },
    };
    renderWithRouter(<SearchScreen view={view({ query: 'zzqq', answer: { ...none, query: 'zzqq' } })} />);
    expect(screen.getByRole('status')).toHaveTextContent('0 results for “zzqq”');
    expect(screen.getByRole('heading', { name: 'No results for “zzqq”' })).toBeInTheDocument();
    expect(screen.getByText('Check the spelling of your words.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'BROWSE INSIGHTS' })).toHaveAttribute('href', '/insights');
  });

  it('shows the form alone before anything is asked, and says so when search is unavailable', () => {
    const { unmount } = renderWithRouter(<SearchScreen view={view({ query: '', answer: null })} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('list')).toBeNull();
    unmount();
    renderWithRouter(<SearchScreen view={view({ answer: null, unavailable: true })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Search is not available just now');
  });

  it('asks the server again after typing pauses and writes the canonical address', async () => {
    vi.useFakeTimers();
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        asked.push(String(input));
        const body = {
          ...answer,
          query: 'supplier scorecards',
          total: { exactly: 1 },
          pages: 1,
          results: [answer.results[1]],
        };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const replace = vi.spyOn(window.history, 'replaceState');
    renderWithRouter(<SearchScreen view={view({ kind: 'product' })} />, { path: '/search?q=supplier&type=product' });
    const field = screen.getByRole('searchbox', { name: 'Search the site' });
    fireEvent.change(field, { target: { value: 'supplier score' } });
    fireEvent.change(field, { target: { value: 'supplier  scorecards ' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    // One request for the words once typing paused, as typed, with the page's filter.
    expect(asked).toEqual(['/api/search?q=supplier++scorecards+&type=product']);
    expect(replace.mock.lastCall?.[2]).toBe('/search?q=supplier+scorecards&type=product');
    expect(screen.getByRole('status')).toHaveTextContent('1 result for “supplier scorecards”');
    expect(screen.getAllByRole('listitem').some((li) => li.textContent?.includes('Supplier information'))).toBe(true);
  });

  it('renders on the server with its snippets and its page links in the markup', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/search?q=supplier']}>
        <SearchScreen view={view()} />
      </MemoryRouter>,
    );
    expect(html).toContain('<mark>supplier</mark>');
    expect(html).toContain('href="/search?q=supplier&amp;page=2"');
  });

  it('writes dates as the site does', () => {
    expect(formatDay('2024-12-25')).toBe('December 25, 2024');
    expect(formatDay('nonsense')).toBe('nonsense');
  });
});
