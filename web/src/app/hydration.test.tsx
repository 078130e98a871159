// Components must render identically on the server and in the browser (server-side rendering
// is planned): render every fixture screen to a string, hydrate it, and expect no mismatch.
// Its buttons arrive disabled and are enabled by hydration.
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from '../lib/router';
import { chrome } from '../testing/fixtures/chrome';
import { fixturePayload } from '../testing/fixtures/payload';
import { composedFiles } from '../testing/fixtures/views';
import { App } from './App';
import { loadPage } from './usePage';

// The contact form fetches its WebAssembly after hydration, which jsdom cannot do; it plays no
// part in the markup, so here it simply never arrives.
vi.mock('../lib/wasm', () => ({ loadContactCore: () => new Promise(() => {}) }));

// Every composed answer the fixtures hold (one route per screen, the not-found one included).
const PATHS = composedFiles.map((file) => file.path);

describe('server and client render alike', () => {
  it.each(PATHS)('%s hydrates without a mismatch', async (path) => {
    const { outcome } = fixturePayload(path);
    if (outcome.outcome === 'redirect') throw new Error(`${path} is a redirect in the fixtures`);
    const page = await loadPage(path, outcome);
    const html = renderToString(
      <StaticRouter location={path}>
        <App chrome={chrome} initialPage={page} />
      </StaticRouter>,
    );
    expect(html).toContain('<main');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // Every button that needs the script is disabled by the server, so a click before hydration
    // is refused visibly rather than lost, and hydration enables it. A search form's button
    // sends a plain GET form, which needs no script, so it works from the first paint.
    const sendsAForm = (b: HTMLButtonElement) => b.type === 'submit' && b.form?.method === 'get';
    const buttons = () => Array.from(container.querySelectorAll('button')).filter((b) => !sendsAForm(b));
    expect(
      buttons()
        .filter((b) => !b.disabled)
        .map((b) => b.outerHTML),
    ).toEqual([]);
    const problems: unknown[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((...args) => problems.push(args));
    const root = await act(async () =>
      hydrateRoot(
        container,
        <MemoryRouter initialEntries={[path]}>
          <App chrome={chrome} initialPage={page} />
        </MemoryRouter>,
        { onRecoverableError: (e) => problems.push(e) },
      ),
    );
    expect(problems).toEqual([]);
    expect(
      buttons()
        .filter((b) => b.disabled)
        .map((b) => b.textContent),
    ).toEqual([]);
    act(() => root.unmount());
    container.remove();
    error.mockRestore();
  });
});
