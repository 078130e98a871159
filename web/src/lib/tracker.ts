// The marketing-automation tracker (docs/behaviour.md §7): Brevo's (formerly Sendinblue) automation
// script. With a client key it is loaded once, identifies the visitor by the `trackingEmail`
// the contact form stored, and takes `page`, `track` and `trackLink` events; calls made before
// the script arrives wait in its queue, as Brevo's own snippet arranges. The shell loads this
// module only when a key is configured (app/useTracker.ts). A visitor who sends Global Privacy
// Control gets no tracker and no stored tracking email.
import { isInternalHref } from './routes';
import { globalPrivacyControl } from './settings';

/** The local-storage key the contact form stores the visitor's email under (docs/behaviour.md §7). */
export const TRACKING_EMAIL_KEY = 'trackingEmail';

/** Where Brevo serves the tracker from. */
const TRACKER_SCRIPT = 'https://sibautomation.com/sa.js';

const METHODS = ['track', 'identify', 'trackLink', 'page'] as const;
type Method = (typeof METHODS)[number];

interface Sib {
  equeue: Record<string, unknown[]>[];
  client_key: string;
  email_id?: string;
  [method: string]: unknown;
}

declare global {
  interface Window {
    sib?: Sib;
    sendinblue?: Record<Method, (...args: unknown[]) => void>;
  }
}

/** The stored tracking email, or null (also when storage is blocked). */
function trackingEmail(): string | null {
  try {
    return window.localStorage.getItem(TRACKING_EMAIL_KEY);
  } catch {
    return null;
  }
}

/**
 * Stores the visitor's email for the tracker and identifies them if it is running; with Global
 * Privacy Control nothing is stored and an address stored earlier is removed.
 */
export function rememberVisitor(email: string) {
  const gpc = globalPrivacyControl();
  try {
    if (gpc) window.localStorage.removeItem(TRACKING_EMAIL_KEY);
    else window.localStorage.setItem(TRACKING_EMAIL_KEY, email);
  } catch (cause) {
    console.error('the tracking email could not be stored', cause);
  }
  if (!gpc) window.sendinblue?.identify(email);
}

/**
 * Installs the tracker's queue and loads its script, once per page. (Without a client key the
 * shell never loads this module: `app/useTracker.ts` says why on the console.)
 */
export function startTracker(clientKey: string, doc: Document = document) {
  if (window.sendinblue || globalPrivacyControl()) return;
  const sib: Sib = { equeue: [], client_key: clientKey };
  const email = trackingEmail();
  if (email) sib.email_id = email;
  window.sib = sib;
  const queue = {} as Record<Method, (...args: unknown[]) => void>;
  for (const method of METHODS) {
    // Until sa.js defines the real method on window.sib, calls wait in equeue.
    queue[method] = (...args: unknown[]) => {
      const real = sib[method];
      if (typeof real === 'function') (real as (...a: unknown[]) => void)(...args);
      else sib.equeue.push({ [method]: args });
    };
  }
  window.sendinblue = queue;
  const script = doc.createElement('script');
  script.id = 'sendinblue-js';
  script.async = true;
  script.src = `${TRACKER_SCRIPT}?key=${encodeURIComponent(clientKey)}`;
  doc.head.append(script);
}

/** Queues a page view of the current location. */
export function trackPage() {
  window.sendinblue?.page();
}

const linked = new WeakSet<HTMLAnchorElement>();

/**
 * Hands the call-to-action links that leave the site (downloads, other sites) under `root` to
 * `trackLink`, which records the click before the browser follows the link. Each link once.
 */
export function trackOutboundCtas(root: ParentNode) {
  const tracker = window.sendinblue;
  if (!tracker) return;
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-cta]')) {
    if (linked.has(link) || isInternalHref(link.getAttribute('href') ?? '')) continue;
    linked.add(link);
    tracker.trackLink(link, { label: link.textContent?.trim() ?? '', href: link.href });
  }
}

/** Records a click on an in-site call to action (a button or a link the app routes itself). */
export function trackCtaClick(element: HTMLElement) {
  const tracker = window.sendinblue;
  if (!tracker) return;
  const href = element.getAttribute('href');
  if (href !== null && !isInternalHref(href)) return; // trackLink has it
  tracker.track(
    'cta_click',
    {},
    { data: { label: element.textContent?.trim() ?? '', href, path: window.location.pathname } },
  );
}
