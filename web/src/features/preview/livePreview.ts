// Contentful's Live Preview inside the editor: the SDK finds the inspector attributes the server
// put on every CMS field (click one to edit it), and when the editor saves or edits an entry the
// page asks the server for itself again (same route, with the preview cookie) and swaps it in.
// Nothing of the content is kept here: the server composes every version.
import { ContentfulLivePreview } from '@contentful/live-preview';
import { requestPageRefresh } from '../../lib/refresh';

/** The only origins the SDK talks to: Contentful's web app, in both data regions. */
export const EDITOR_ORIGINS = ['https://app.contentful.com', 'https://app.eu.contentful.com'];

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
    timer = setTimeout(requestPageRefresh, SETTLE_MS);
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
