// Site-wide settings the server sends next to the page data (`settings` in the embedded JSON):
// which robot check the contact form shows, how long it waits for the server's answer, the
// marketing tracker's public client key, and whether the page captures where a visit came from.
// Nothing here is a secret; every field is optional so an older server still works.
import { EMBEDDED_ID } from './bootstrap';
import type { Embedded } from './view';

/** The contact form's robot check, as the server configured it. */
export type RobotWidget = { kind: 'recaptcha'; siteKey: string } | { kind: 'selfHosted' };

export interface SiteSettings {
  robot: RobotWidget;
  /** The marketing-automation tracker's client key; null when none is configured. */
  trackerKey: string | null;
  /** How long the contact form waits for an answer before it sends once more (ms). */
  contactWaitMs: number;
  /** Whether the page captures where the visit came from for an enquiry (lib/attribution.ts). */
  leadCapture: boolean;
}

/** The console message when no tracker client key is configured (docs/behaviour.md §8). */
export const MISSING_KEY_MESSAGE = 'The marketing-automation client key is missing: the tracker is not loaded.';

/** The settings when the server sent none: the self-hosted check, no tracker, and the contact
 *  request limit of docs/behaviour.md §9. */
export const DEFAULT_SETTINGS: SiteSettings = {
  robot: { kind: 'selfHosted' },
  trackerKey: null,
  contactWaitMs: 5000,
  leadCapture: false,
};

/** Reads `{"robot":…,"tracker":{"clientKey":…},"contactWaitMs":…,"leadCapture":…}`, falling back field by
 *  field to the defaults (capture only when the server says so). */
export function toSettings(raw: unknown): SiteSettings {
  if (!isObject(raw)) return DEFAULT_SETTINGS;
  const robot = isObject(raw.robot) ? raw.robot : {};
  const tracker = isObject(raw.tracker) ? raw.tracker : {};
  return {
    robot:
      robot.kind === 'recaptcha' && typeof robot.siteKey === 'string' && robot.siteKey
        ? { kind: 'recaptcha', siteKey: robot.siteKey }
        : { kind: 'selfHosted' },
    trackerKey: typeof tracker.clientKey === 'string' && tracker.clientKey.trim() ? tracker.clientKey.trim() : null,
    contactWaitMs:
      typeof raw.contactWaitMs === 'number' && raw.contactWaitMs > 0
        ? raw.contactWaitMs
        : DEFAULT_SETTINGS.contactWaitMs,
    leadCapture: raw.leadCapture === true,
  };
}

/**
 * Whether the visitor asks not to be tracked with Global Privacy Control. A browser that sends
 * `Sec-GPC: 1` also sets `navigator.globalPrivacyControl`, so the page decides here and one
 * cached page serves every visitor.
 */
export function globalPrivacyControl(): boolean {
  return (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

let cached: SiteSettings | null = null;

/**
 * The settings embedded in the page the browser first loaded. They are the same for every
 * page, so they are read once; the data element stays in the document after start-up.
 */
export function siteSettings(doc: Document): SiteSettings {
  if (cached) return cached;
  let raw: unknown = null;
  const text = doc.getElementById(EMBEDDED_ID)?.textContent;
  if (text) {
    try {
      raw = (JSON.parse(text) as Partial<Record<keyof Embedded, unknown>>).settings;
    } catch {
      // bootstrap.ts already reported unreadable page data; the defaults apply.
    }
  }
  cached = toSettings(raw);
  return cached;
}

/** Forgets the read settings (tests load several documents in one module instance). */
export function resetSiteSettings() {
  cached = null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
