import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../lib/router';
import type { Outcome, PagePayload } from '../lib/view';
import { chrome } from '../testing/fixtures/chrome';
import { fixturePayload } from '../testing/fixtures/payload';
import { home, insights, notFound } from '../testing/fixtures/views';
import { App } from './App';
import { loadPage } from './usePage';

/** A fetch whose answers the test releases one by one. */
function controllableFetch() {
  const pending: { url: string; resolve: (payload: PagePayload | Error) => void }[] = [];
  const fetchMock = vi.fn((url: string) => {
    return new Promise<Response>((resolve, reject) => {
      pending.push({
        url,
        resolve: (payload) =>
          payload instanceof Error ? reject(payload) : resolve(new Response(JSON.stringify(payload), { status: 200 })),
      });
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, pending };
}

async function renderAt(path: string, outcome: Outcome | null) {
  const initialPage = outcome && outcome.outcome !== 'redirect' ? await loadPage(path, outcome) : null;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App chrome={chrome} initialPage={initialPage} />
    </MemoryRouter>,
  );
}

describe('App', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws the embedded page on first load without asking the server again', async () => {
    const { fetchMock } = controllableFetch();
    await renderAt('/', fixturePayload('/').outcome);
    expect(screen.getByRole('heading', { level: 1, name: home.hero.title })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the Loading overlay during in-app navigation until the page data arrives', async () => {
    const user = userEvent.setup();
    const { fetchMock, pending } = controllableFetch();
    await renderAt('/', fixturePayload('/').outcome);
    const insightsLink = chrome.nav.find((link) => link.href === '/insights')!;
    await user.click(screen.getAllByRole('link', { name: insightsLink.label })[0]!);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(pending[0]!.url).toBe('/api/page?path=%2Finsights');
    pending[0]!.resolve(fixturePayload('/insights'));
    expect(await screen.findByRole('heading', { level: 1, name: insights.heading })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
    await waitFor(() => expect(document.title).toBe(insights.head.title));
  });

  it('follows a redirect answer client-side', async () => {
    const { fetchMock, pending } = controllableFetch();
    await renderAt('/insights/no-such-article', null);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    pending[0]!.resolve(fixturePayload('/insights/no-such-article'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(pending[1]!.url).toBe('/api/page?path=%2Finsights');
    pending[1]!.resolve(fixturePayload('/insights'));
    expect(await screen.findByRole('heading', { level: 1, name: insights.heading })).toBeInTheDocument();
  });

  it('logs a failed request to the console only and keeps the overlay', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { pending } = controllableFetch();
    await renderAt('/about-us', null);
    pending[0]!.resolve(new Error('network down'));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the not-found screen the server answers for an unknown path', async () => {
    await renderAt('/nope', fixturePayload('/nope').outcome);
    expect(screen.getByRole('heading', { level: 1, name: notFound.heading })).toBeInTheDocument();
    const main = screen.getByRole('main');
    const links = Array.from(main.querySelectorAll('a')).map((a) => a.textContent);
    // Three ways on, then the newest insights under their heading.
    expect(notFound.links).toHaveLength(3);
    expect(links.slice(0, 3)).toEqual(notFound.links.map((l) => l.label));
    expect(screen.getByRole('heading', { level: 2, name: notFound.latest.heading })).toBeInTheDocument();
    expect(links).toHaveLength(3 + notFound.latest.cards.length);
  });

  it('shows the Unexpected Application Error! screen when a screen fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { outcome: 'page', screen: 'nonsense', view: { head: {} } } as unknown as Outcome;
    await renderAt('/', broken);
    expect(screen.getByRole('heading', { level: 2, name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'no screen for "nonsense"' })).toBeInTheDocument();
  });
});
