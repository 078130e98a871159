// The self-hosted robot check's work (crates/mail-adapter/src/selfhosted.rs): the smallest
// n ≥ 0 whose SHA-256 of `salt + String(n)` starts with `difficulty` zero bits, and the token
// that carries the solution back to the server.
import type { RobotChallenge } from '../../../lib/api';

/** Hashes per batch: enough to be quick, few enough that the page stays responsive. */
const BATCH = 500;

/** True when `hash` starts with at least `bits` zero bits. */
export function hasLeadingZeroBits(hash: Uint8Array, bits: number): boolean {
  let remaining = bits;
  for (const byte of hash) {
    if (remaining <= 0) return true;
    if (remaining >= 8) {
      if (byte !== 0) return false;
      remaining -= 8;
    } else {
      return byte >> (8 - remaining) === 0;
    }
  }
  return remaining <= 0;
}

/**
 * Finds the solution with WebCrypto, a batch of hashes at a time, yielding to the event loop
 * between batches so typing and clicks are never blocked. Rejects with an AbortError when
 * `signal` aborts.
 */
export async function solveChallenge(challenge: RobotChallenge, signal?: AbortSignal): Promise<number> {
  const encoder = new TextEncoder();
  for (let start = 0; ; start += BATCH) {
    if (signal?.aborted) throw new DOMException('the robot check was cancelled', 'AbortError');
    const numbers = Array.from({ length: BATCH }, (_, i) => start + i);
    const hashes = await Promise.all(
      numbers.map((n) => crypto.subtle.digest('SHA-256', encoder.encode(challenge.salt + String(n)))),
    );
    const found = hashes.findIndex((hash) => hasLeadingZeroBits(new Uint8Array(hash), challenge.difficulty));
    if (found >= 0) return start + found;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** The robot token: base64 of the JSON of the challenge's five fields plus `number`. */
export function robotToken(challenge: RobotChallenge, number: number): string {
  const json = JSON.stringify({ ...challenge, number });
  // The fields are hex and numbers, but encode as UTF-8 anyway so btoa never meets a wide char.
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
