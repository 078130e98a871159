// Contentful's Live Preview inside the editor: the SDK finds the inspector attributes the server
// put on every CMS field (click one to edit it). While an editor types, the editor sends each
// edited entry (`sys` and every field by locale, unsaved); the page sends the edits with its path
// to the server, which composes the page over the preview content with them for this one answer,
// and swaps the answer in. After a save the page asks the server for itself again (same route,
// with the preview cookie). Nothing of the content is composed here: the server makes every
// version.
import { ContentfulLivePreview } from '@contentful/live-preview';
import { toPayload } from '../lib/api';
import { pageApiPath } from '../lib/routes';
import { PAGE_SWAP_EVENT, loadPage, locationKey } from './usePage';

/** The only origins the SDK talks to: Contentful's web app, in both data regions. */
const EDITOR_ORIGINS = ['https://app.contentful.com', 'https://app.eu.contentful.com'];

/** How long to wait for more edits before asking for the page again. */
const SETTLE_MS = 300;

/** Where the page is composed with unsaved edits. */
const COMPOSE_PATH = '/api/preview/compose';

/** An entry or asset as the editor sends it while it is edited. */
interface EditedEntity {
  sys: { id: string; type: string };
  fields: Record<string, unknown>;
}

/** The entity of an editor's message about an unsaved change, when `event` is one. */
export function editedEntity(event: MessageEvent): EditedEntity | null {
  if (!EDITOR_ORIGINS.includes(event.origin)) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { source?: unknown; method?: unknown; action?: unknown; entity?: unknown };
  if (message.source !== 'live-preview-editor') return null;
  if (message.method !== 'ENTRY_UPDATED' && message.action !== 'ENTRY_UPDATED') return null;
  const entity = message.entity as Partial<EditedEntity> | null | undefined;
  if (
    typeof entity !== 'object' ||
    entity === null ||
    typeof entity.sys?.id !== 'string' ||
    (entity.sys.type !== 'Entry' && entity.sys.type !== 'Asset') ||
    typeof entity.fields !== 'object' ||
    entity.fields === null
  ) {
    return null;
  }
  return entity as EditedEntity;
}

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
  // The unsaved edits of this page, by entity id; a new page starts without any.
  const edits = new Map<string, EditedEntity>();
  let editsFor = locationKey(window.location);
  const settle = (work: () => Promise<void>) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      work().catch((error: unknown) => console.error('could not update the preview', error));
    }, SETTLE_MS);
  };
  const refresh = () => {
    // Saved: the preview content now holds the edits.
    edits.clear();
    settle(reload);
  };
  ContentfulLivePreview.subscribe('save', { callback: refresh });
  window.addEventListener('message', (event) => {
    const entity = editedEntity(event);
    if (!entity) return;
    const key = locationKey(window.location);
    if (key !== editsFor) {
      edits.clear();
      editsFor = key;
    }
    edits.set(entity.sys.id, entity);
    settle(() => composeWithEdits(key, [...edits.values()]));
  });
  const entries = new Set(
    Array.from(document.querySelectorAll('[data-contentful-entry-id]'), (el) =>
      el.getAttribute('data-contentful-entry-id'),
    ),
  );
  // Tells the editor which entries this page shows; their edits arrive as messages (above).
  for (const id of entries) {
    if (id) ContentfulLivePreview.subscribe('edit', { data: { sys: { id } }, locale, callback: () => undefined });
  }
}

/** The newest compose asked for: an older answer arriving later is dropped. */
let composing = 0;

/** Asks the server for this page composed with `entities` laid over the preview content, and
 *  swaps it in, unless a newer edit was sent meanwhile or the visitor has moved on. */
async function composeWithEdits(key: string, entities: EditedEntity[]) {
  const asked = ++composing;
  const response = await fetch(COMPOSE_PATH, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ path: key, entities }),
    cache: 'no-store',
  });
  if (!response.ok) {
    console.error(`the preview could not be composed with the edits: ${response.status}`);
    return;
  }
  const payload = toPayload(await response.json());
  if (!payload || payload.outcome.outcome === 'redirect') return;
  if (asked !== composing || key !== locationKey(window.location)) return;
  const page = await loadPage(key, payload.outcome);
  if (asked !== composing || key !== locationKey(window.location)) return;
  window.dispatchEvent(new CustomEvent(PAGE_SWAP_EVENT, { detail: page }));
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
