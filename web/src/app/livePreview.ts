// Contentful's Live Preview inside the editor: the SDK finds the inspector attributes the server
// put on every CMS field (click one to edit it), and when the editor saves or edits an entry the
// page asks the server for itself again (same route, with the preview cookie) and swaps it in.
// Nothing of the content is kept here: the server composes every version.
import { ContentfulLivePreview } from '@contentful/live-preview';
import { toPayload } from '../lib/api';
import { pageApiPath } from '../lib/routes';
import { PAGE_SWAP_EVENT, loadPage, locationKey } from './usePage';

/** The only origins the SDK talks to: Contentful's web app, in both data regions. */
const EDITOR_ORIGINS = ['https://app.contentful.com', 'https://app.eu.contentful.com'];

/** How long to wait for more edits before asking for the page again. */
const SETTLE_MS = 300;

/** Starts the SDK for a preview page whose entries are in `locale`. Outside the editor's frame
 *  the SDK stays idle. */
export async function startLivePreview(locale: string): Promise<void> {
  await ContentfulLivePreview.init({
    locale,
    targetOrigin: EDITOR_ORIGINS,
    enableInspectorMode: true,
    enableLiveUpdates: true,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refresh = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      reload().catch((error: unknown) => console.error('could not reload the preview', error));
    }, SETTLE_MS);
  };
  ContentfulLivePreview.subscribe('save', { callback: refresh });
  const entries = new Set(
    Array.from(document.querySelectorAll('[data-contentful-entry-id]'), (el) =>
      el.getAttribute('data-contentful-entry-id'),
    ),
  );
  for (const id of entries) {
    if (id) ContentfulLivePreview.subscribe('edit', { data: { sys: { id } }, locale, callback: refresh });
  }
}

/** Asks the server for this page again (fresh preview content) and swaps it in, unless the
 *  visitor has moved on meanwhile. */
async function reload() {
  const key = locationKey(window.location);
  // `no-cache`: the server reads the preview content anew rather than reusing the last read.
  const response = await fetch(pageApiPath(key), {
    headers: { Accept: 'application/json', 'Cache-Control': 'no-cache' },
    cache: 'no-store',
  });
  const payload = response.ok ? toPayload(await response.json()) : null;
  if (!payload || payload.outcome.outcome === 'redirect' || key !== locationKey(window.location)) return;
  const page = await loadPage(key, payload.outcome);
  window.dispatchEvent(new CustomEvent(PAGE_SWAP_EVENT, { detail: page }));
}
