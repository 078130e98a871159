/// <reference types="node" />
// Runs under Vitest in Node: reads files and hashes with Node's own modules.
import { createHash } from 'node:crypto';
import { hasLeadingZeroBits, robotToken, solveChallenge } from './proofOfWork';

const challenge = {
  challenge: 'c0ffee',
  salt: 'a1b2c3d4',
  expires: 1_900_000_000_000,
  difficulty: 10,
  signature: 'ab',
};

const zeroBits = (text: string) => {
  const hash = createHash('sha256').update(text).digest();
  let bits = 0;
  for (const byte of hash) {
    if (byte === 0) bits += 8;
    else return bits + Math.clz32(byte) - 24;
  }
  return bits;
};

describe('hasLeadingZeroBits', () => {
  it('counts whole zero bytes and the high bits of the next one', () => {
    expect(hasLeadingZeroBits(new Uint8Array([0, 0, 0x0f, 0xff]), 20)).toBe(true);
    expect(hasLeadingZeroBits(new Uint8Array([0, 0, 0x0f, 0xff]), 21)).toBe(false);
    expect(hasLeadingZeroBits(new Uint8Array([0x80]), 0)).toBe(true);
    expect(hasLeadingZeroBits(new Uint8Array([0x80]), 1)).toBe(false);
    expect(hasLeadingZeroBits(new Uint8Array([0x01]), 7)).toBe(true);
  });
});

describe('solveChallenge', () => {
  it('finds the smallest number whose hash meets the difficulty, as the server counts bits', async () => {
    const n = await solveChallenge(challenge);
    expect(zeroBits(challenge.salt + String(n))).toBeGreaterThanOrEqual(challenge.difficulty);
    for (let smaller = 0; smaller < n; smaller++) {
      expect(zeroBits(challenge.salt + String(smaller))).toBeLessThan(challenge.difficulty);
    }
  });

  it('stops when the check is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(solveChallenge({ ...challenge, difficulty: 40 }, controller.signal)).rejects.toThrow('cancelled');
  });
});

describe('robotToken', () => {
  it('is base64 of the five challenge fields plus the number', () => {
    const decoded: unknown = JSON.parse(Buffer.from(robotToken(challenge, 42), 'base64').toString('utf8'));
    expect(decoded).toEqual({ ...challenge, number: 42 });
  });
});
