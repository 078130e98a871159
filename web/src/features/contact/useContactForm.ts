// The contact form's state and rules (docs/behaviour.md §4, §5, §9): field errors from the WebAssembly core
// on blur and on submit, the 300 ms pause before the request, the thank-you message for about
// four seconds after an accepted enquiry, the server's own field errors on 422, and a polite
// error that keeps every field as typed when the enquiry could not be accepted.
//
// Each enquiry carries a submission id, made when the form is first shown and kept through
// failed attempts, so the server takes a resend of the same enquiry once (its first answer may
// have been lost, and the request is sent once more when no answer comes in the time the server
// names); a new one is made once an enquiry is accepted.
import { useCallback, useEffect, useRef, useState } from 'react';
import { visitAttribution } from '../../lib/attribution';
import type { Attribution } from '../../lib/contract.gen';
import { rememberVisitor } from '../../lib/tracker';
import { siteSettings } from '../../lib/settings';
import { loadContactCore, type ContactCore } from '../../lib/wasm';
import { submitContact } from './submit';

/** The form's fields in form order, as the core and the server name them. */
export const FIELDS = ['firstname', 'lastname', 'orgName', 'phone', 'email', 'message'] as const;
export type Field = (typeof FIELDS)[number];
/** What may carry an error: a field or the robot check. */
export type ErrorKey = Field | 'robot';
const ERROR_KEYS: readonly ErrorKey[] = [...FIELDS, 'robot'];

export type Values = Record<Field, string>;
export type Errors = Partial<Record<ErrorKey, string>>;
export type Status = 'idle' | 'submitting' | 'sent' | 'failed';

/** docs/behaviour.md §9: the pause before the request and how long the thank-you stays. */
const SEND_DELAY_MS = 300;
const THANK_YOU_MS = 4000;

const EMPTY: Values = { firstname: '', lastname: '', orgName: '', phone: '', email: '', message: '' };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh submission id: a random UUID, or 32 random hex digits where `randomUUID` is missing
 *  (it needs a secure context). The server takes 16 to 64 letters, digits, `-` and `_`. */
function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The core, or null (logged once) when the module cannot load: the server still validates. */
async function core(): Promise<ContactCore | null> {
  try {
    return await loadContactCore();
  } catch (cause) {
    console.error('contact validation could not be loaded; the server will check the form', cause);
    return null;
  }
}

/**
 * Where the visit came from, as core's rule keeps it (the server applies the same rule and
 * drops what it refuses; the page sends nothing it would drop). Without the core module, the
 * captured values as they are.
 */
async function attribution(): Promise<Attribution | undefined> {
  const captured = visitAttribution();
  if (!captured) return undefined;
  const checker = await core();
  if (!checker) return captured;
  const cleaned = checker.cleanAttribution(captured);
  if (cleaned.dropped) console.warn('where the visit came from is not sent:', cleaned.dropped);
  return cleaned.attribution ?? undefined;
}

export function useContactForm(focus: (key: ErrorKey) => void) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [token, setToken] = useState<string | null>(null);
  // Which keys show their error: blurred fields, and all of them after a submit.
  const [shown, setShown] = useState<ReadonlySet<ErrorKey>>(new Set());
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>('idle');
  const [robotReset, setRobotReset] = useState(0);
  const thankYouTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);
  // Made in the browser when the form is first shown (not during the server's render).
  const submissionId = useRef<string | null>(null);

  useEffect(() => {
    mounted.current = true;
    submissionId.current ??= newSubmissionId();
    return () => {
      mounted.current = false;
      clearTimeout(thankYouTimer.current);
    };
  }, []);

  // The core is fetched when the visitor first enters the form, so merely viewing the page
  // costs nothing and the first blur rarely waits for it.
  const prepare = useCallback(() => void core(), []);

  const validate = useCallback(async (next: Values, robotChecked: boolean): Promise<Errors | null> => {
    const checker = await core();
    return checker ? checker.validateContact({ ...next, robotChecked }).errors : null;
  }, []);

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field shows an error, it clears as soon as the text is right.
    if (shown.has(field)) void validate(next, token !== null).then((found) => found && setErrors(found));
  };

  const blur = (field: Field) => {
    setShown((current) => new Set(current).add(field));
    void validate(values, token !== null).then((found) => found && setErrors(found));
  };

  /** Takes in text typed before the page was interactive: hydration leaves it on screen but
   *  not in state, and the next render would otherwise wipe it. Fields typed since win. */
  const adopt = useCallback((typed: Partial<Values>) => {
    setValues((current) => {
      const next = { ...current };
      for (const field of FIELDS) {
        const text = typed[field];
        if (text && !next[field]) next[field] = text;
      }
      return next;
    });
  }, []);

  const robotToken = (next: string | null) => {
    setToken(next);
    if (next) setErrors((current) => ({ ...current, robot: undefined }));
  };

  const submit = async () => {
    if (status === 'submitting') return;
    setStatus('submitting');
    const found = await validate(values, token !== null);
    if (found && Object.keys(found).length > 0) {
      setErrors(found);
      setShown(new Set(ERROR_KEYS));
      setStatus('idle');
      const first = ERROR_KEYS.find((key) => found[key]);
      if (first) focus(first);
      return;
    }
    await wait(SEND_DELAY_MS);
    submissionId.current ??= newSubmissionId();
    const result = await submitContact(
      { ...values, robotToken: token ?? '', submissionId: submissionId.current, attribution: await attribution() },
      siteSettings(document).contactWaitMs,
    );
    if (!mounted.current) return;
    // A robot token is good for one enquiry: whatever happened, a new tick is needed.
    setToken(null);
    setRobotReset((n) => n + 1);
    if (result.kind === 'accepted') {
      // Stored ("sent" or "queued" alike): the next enquiry is a new submission.
      submissionId.current = newSubmissionId();
      rememberVisitor(values.email.trim());
      setValues(EMPTY);
      setErrors({});
      setShown(new Set());
      setStatus('sent');
      clearTimeout(thankYouTimer.current);
      thankYouTimer.current = setTimeout(() => setStatus('idle'), THANK_YOU_MS);
    } else if (result.kind === 'invalid') {
      setErrors(result.errors);
      setShown(new Set(ERROR_KEYS));
      setStatus('idle');
      const first = ERROR_KEYS.find((key) => result.errors[key]);
      if (first) focus(first);
    } else {
      setStatus('failed');
    }
  };

  const visibleErrors: Errors = Object.fromEntries(
    ERROR_KEYS.filter((key) => shown.has(key) && errors[key]).map((key) => [key, errors[key]]),
  );

  return { values, errors: visibleErrors, status, robotReset, prepare, change, blur, adopt, robotToken, submit };
}
