// The one API client: fetches a path's outcome from the server. Failures are logged to the
// console only (docs/behaviour.md §8); callers treat a missing answer as data that has not arrived.
import { pageApiPath } from './routes';
import type { Outcome, PagePayload } from './view';

/**
 * Fetches what the server decided for `path`. Resolves to null (after logging) when the
 * request fails, the server answers with an error status (but 404 and 503, which may carry a
 * page), or the body is not an outcome.
 * An aborted request also resolves to null, silently.
 */
export async function fetchPage(path: string, signal?: AbortSignal): Promise<PagePayload | null> {
  try {
    const response = await fetch(pageApiPath(path), {
      headers: { Accept: 'application/json' },
      signal,
    });
    // A missing page is an answer (not_found), and so is the search page while the index
    // cannot answer (503), so their bodies are read like 200 ones. A 503 that is not a page
    // (the server's time limit) is text, which fails below like any other unreadable body.
    if (!response.ok && response.status !== 404 && response.status !== 503) {
      console.error(`page request for ${path} failed with status ${response.status}`);
      return null;
    }
    const payload = toPayload(await response.json());
    if (!payload) console.error(`page request for ${path} returned an unexpected body`);
    return payload;
  } catch (error) {
    if (signal?.aborted) return null;
    console.error(`page request for ${path} failed`, error);
    return null;
  }
}

/** Accepts `{chrome, outcome}` or a bare outcome; anything else is null. */
export function toPayload(body: unknown): PagePayload | null {
  if (!isObject(body)) return null;
  if (isOutcome(body.outcome)) {
    const chrome = isObject(body.chrome) ? (body.chrome as unknown as PagePayload['chrome']) : undefined;
    return chrome ? { chrome, outcome: body.outcome } : { outcome: body.outcome };
  }
  return isOutcome(body) ? { outcome: body } : null;
}

function isOutcome(value: unknown): value is Outcome {
  if (!isObject(value)) return false;
  switch (value.outcome) {
    case 'page':
      return typeof value.screen === 'string' && isObject(value.view) && isObject(value.view.head);
    case 'redirect':
      return typeof value.to === 'string';
    case 'not_found':
      return true;
    default:
      return false;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A self-hosted robot check's challenge, exactly as `GET /api/robot-challenge` answers it. */
export interface RobotChallenge {
  challenge: string;
  salt: string;
  expires: number;
  difficulty: number;
  signature: string;
}

/** Asks the server for a robot-check challenge; null (after logging) when none arrives. */
export async function fetchRobotChallenge(signal?: AbortSignal): Promise<RobotChallenge | null> {
  try {
    const response = await fetch('/api/robot-challenge', { headers: { Accept: 'application/json' }, signal });
    if (!response.ok) {
      console.error(`robot challenge request failed with status ${response.status}`);
      return null;
    }
    const body: unknown = await response.json();
    if (
      isObject(body) &&
      typeof body.challenge === 'string' &&
      typeof body.salt === 'string' &&
      typeof body.expires === 'number' &&
      typeof body.difficulty === 'number' &&
      typeof body.signature === 'string'
    ) {
      const { challenge, salt, expires, difficulty, signature } = body;
      return { challenge, salt, expires, difficulty, signature };
    }
    console.error('robot challenge response has an unexpected shape');
    return null;
  } catch (error) {
    if (!signal?.aborted) console.error('robot challenge request failed', error);
    return null;
  }
}
