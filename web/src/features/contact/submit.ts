// Sending an enquiry to `POST /api/contact` (docs/behaviour.md §4, §9). The server answers within
// its answer budget whatever hangs behind it, and tells the page how long to wait for that
// answer (the settings' `contactWaitMs`: the budget and a margin for the network). When no
// answer comes in that time, or the request fails on the network, the same submission is sent
// once more: the server takes a submission id once, so a resend of an enquiry that was stored
// gets its first answer, and a stored enquiry is never reported as failed.
import { isObject } from '../../lib/api';
import type { Attribution } from '../../lib/contract.gen';

/** What the contact form sends: the six fields and the robot check's token. */
export interface ContactRequest {
  firstname: string;
  lastname: string;
  orgName: string;
  phone: string;
  email: string;
  message: string;
  robotToken: string;
  /** Made when the form is first shown and kept until an enquiry is accepted, so a resend
   *  (a lost answer, a retry after a failure) is recognised and taken once. */
  submissionId: string;
  /** Where the visit came from (lib/attribution.ts); absent when nothing was captured. */
  attribution?: Attribution;
}

/** How the server answered an enquiry. */
export type ContactResult =
  | { kind: 'accepted'; status: 'sent' | 'queued' }
  /** 422: one message per field (the robot check's key is `robot`). */
  | { kind: 'invalid'; errors: Record<string, string> }
  /** Anything else: not stored; the visitor should try again. */
  | { kind: 'failed'; reason: string };

/** One attempt's outcome: an answer, or none (no answer in time, or a network error). */
type Attempt = ContactResult | { kind: 'unanswered'; reason: string };

/**
 * Posts an enquiry, waiting `waitMs` for each answer; with no answer (or a network error) it is
 * sent once more before it counts as failed. Failures are logged and returned, never thrown.
 */
export async function submitContact(request: ContactRequest, waitMs: number): Promise<ContactResult> {
  const first = await attempt(request, waitMs);
  if (first.kind !== 'unanswered') return first;
  console.warn(`${first.reason}; sending it once more`);
  const second = await attempt(request, waitMs);
  if (second.kind !== 'unanswered') return second;
  console.error(second.reason);
  return { kind: 'failed', reason: second.reason };
}

async function attempt(request: ContactRequest, waitMs: number): Promise<Attempt> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), waitMs);
  try {
    const response = await fetch('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(request),
      signal: controller.signal,
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && isObject(body) && (body.status === 'sent' || body.status === 'queued')) {
      return { kind: 'accepted', status: body.status };
    }
    if (response.status === 422 && isObject(body) && isObject(body.errors)) {
      const errors = Object.fromEntries(
        Object.entries(body.errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      return { kind: 'invalid', errors };
    }
    const message = isObject(body) && typeof body.message === 'string' ? `: ${body.message}` : '';
    const reason = `contact request failed with status ${response.status}${message}`;
    console.error(reason);
    return { kind: 'failed', reason };
  } catch (error) {
    // Aborted by the timer (also while the body was arriving) or failed on the network: the
    // server may have stored the enquiry, so this is no answer rather than a failure.
    const reason = controller.signal.aborted
      ? `contact request gave no answer within ${waitMs} ms`
      : `contact request failed on the network (${String(error)})`;
    return { kind: 'unanswered', reason };
  } finally {
    clearTimeout(timer);
  }
}
