import { act, fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { insights, insightsPage } from '../../testing/fixtures/views';
import { renderWithRouter } from '../../testing/render';
import { MemoryRouter } from '../../lib/router';
import { InsightsScreen, LOAD_MORE_TIMEOUT_MS, loadMoreScrollOffset } from './InsightsScreen';

const cards = () => screen.getAllByRole('article');
const loadMoreButton = () => screen.getByRole('button', { name: insights.loadMoreLabel });
const { total } = insights.pagination;

/** Answers the page API with page N of the demo's listing and records what was asked. */
function pageApi() {
  const asked: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').searchParams.get('path') ?? '';
    asked.push(path);
    const page = Number(new URL(path, 'http://localhost').searchParams.get('page') ?? '1');
    const body = { outcome: 'page', screen: 'insights', view: insightsPage(page) };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return asked;
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** After a failed try and a click on the button: the same page was asked for again (the first
 * try is not recorded by the page API stand-in) and each card shows once, with nothing said. */
async function retriedOnce(asked: string[]) {
  await advance(1000);
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(asked).toEqual(['/insights?page=2']);
  expect(cards()).toHaveLength(18);
  expect(new Set(cards().map((c) => c.textContent)).size).toBe(18);
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
}

describe('InsightsScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.scrollBy = vi.fn();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the 9 insights of the first page, then the next 9 from the API after a one-second loading state', async () => {
    const asked = pageApi();
    renderWithRouter(<InsightsScreen view={insights} />);
    expect(screen.getByRole('heading', { level: 1, name: insights.heading })).toBeInTheDocument();
    expect(insights.cards).toHaveLength(9);
    expect(cards()).toHaveLength(9);
    const button = loadMoreButton();
    fireEvent.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await advance(999);
    expect(cards()).toHaveLength(9);
    expect(asked).toEqual(['/insights?page=2']);
    await advance(1);
    expect(cards()).toHaveLength(18);
    expect(screen.getByRole('heading', { name: insightsPage(2).cards[0]!.title })).toBeInTheDocument();
    expect(window.scrollBy).toHaveBeenCalledWith({ top: loadMoreScrollOffset(window.innerWidth), behavior: 'smooth' });
    expect(button).toBeEnabled();
  });

  it('hides the button once the last post is shown', async () => {
    const asked = pageApi();
    renderWithRouter(<InsightsScreen view={insights} />);
    fireEvent.click(loadMoreButton());
    await advance(1000);
    fireEvent.click(loadMoreButton());
    await advance(1000);
    expect(asked).toEqual(['/insights?page=2', '/insights?page=3']);
    // The demo's listing has three pages, the last one short.
    expect(insights.pagination.pages).toBe(3);
    expect(total).toBeGreaterThan(18);
    expect(total).toBeLessThan(27);
    expect(cards()).toHaveLength(total);
    expect(new Set(cards().map((c) => c.textContent)).size).toBe(total);
    expect(screen.queryByRole('button', { name: insights.loadMoreLabel })).not.toBeInTheDocument();
  });

  it('says so in a live region when the next page is refused, and a retry appends it once', async () => {
    const asked = pageApi();
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementationOnce(async () => new Response('oops', { status: 500 }));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithRouter(<InsightsScreen view={insights} />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    fireEvent.click(loadMoreButton());
    await advance(1000);
    expect(cards()).toHaveLength(9);
    expect(screen.getByRole('status')).toHaveTextContent(insights.loadMoreFailed);
    expect(loadMoreButton()).toBeEnabled();
    expect(error).toHaveBeenCalled();

    vi.mocked(fetch).mockImplementation(answer);
    fireEvent.click(loadMoreButton());
    // The message goes as the new try starts.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await retriedOnce(asked);
  });

  it('gives up on a request with no answer after the time limit, says so, and the retry shows each card once', async () => {
    const asked = pageApi();
    const answer = vi.mocked(fetch).getMockImplementation()!;
    const signals: AbortSignal[] = [];
    // The first request hangs until it is aborted, as a stalled connection does.
    vi.mocked(fetch).mockImplementationOnce(
      (_input, init) =>
        new Promise<Response>((_, reject) => {
          const signal = init!.signal!;
          signals.push(signal);
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithRouter(<InsightsScreen view={insights} />);
    fireEvent.click(loadMoreButton());
    await advance(LOAD_MORE_TIMEOUT_MS - 1);
    // Still waiting: the button is busy and nothing is said yet.
    expect(loadMoreButton()).toBeDisabled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await advance(1);
    expect(signals[0]!.aborted).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent(insights.loadMoreFailed);
    expect(loadMoreButton()).toBeEnabled();
    expect(cards()).toHaveLength(9);
    expect(error).toHaveBeenCalledWith(expect.stringContaining(`within ${LOAD_MORE_TIMEOUT_MS} ms`));

    vi.mocked(fetch).mockImplementation(answer);
    fireEvent.click(loadMoreButton());
    await retriedOnce(asked);
  });

  it('links to the next page in the server markup, for visitors without JavaScript', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/insights']}>
        <InsightsScreen view={insights} />
      </MemoryRouter>,
    );
    expect(html).toMatch(
      /<a[^>]*href="\/insights\?page=2"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="\/insights\?page=2"/,
    );
    // The only button before the script runs is the search form's, which sends a GET form.
    expect(html).not.toMatch(/<button(?![^>]*type="submit")/);
  });

  it('links back to the page before from page 2 on', () => {
    renderWithRouter(<InsightsScreen view={insightsPage(2)} />, { path: '/insights?page=2' });
    expect(screen.getByRole('link', { name: insights.pagination.prevLabel })).toHaveAttribute('href', '/insights');
  });

  it('scrolls further on narrower viewports, where the cards stack', () => {
    expect(loadMoreScrollOffset(1280)).toBeLessThan(loadMoreScrollOffset(768));
    expect(loadMoreScrollOffset(768)).toBeLessThan(loadMoreScrollOffset(375));
  });
});
