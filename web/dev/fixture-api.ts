// A stand-in for the Rust server's page API and page shell, for `npm run dev` and
// `vite preview` with SUPPLYSITE_FIXTURES=1: answers /api/page from the test fixtures and, in
// preview, serves the built index.html with the page's data embedded as the server does. It
// also speaks the enquiry API (`/api/robot-challenge`, `/api/contact`) the way the server's
// self-hosted robot check does, so the contact form works end to end without the server.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { fixturePayload, fixtureStatus } from '../src/testing/fixtures/payload';

type Next = (error?: unknown) => void;

function json(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

/** JSON for an inline <script>: `<` escaped so the data cannot close the element. */
function embed(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const ROBOT_KEY = randomBytes(32);
const ROBOT_MESSAGE = "Please select 'I'm not a robot' checkbox.";
const used = new Set<string>();

const sign = (c: { challenge: string; salt: string; expires: number; difficulty: number }) =>
  createHmac('sha256', ROBOT_KEY)
    .update(`supplysite-robot-v1\n${c.challenge}\n${c.salt}\n${c.expires}\n${c.difficulty}`)
    .digest('hex');

function leadingZeroBits(hash: Buffer): number {
  let bits = 0;
  for (const byte of hash) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24;
    bits += 8;
  }
  return bits;
}

function challenge(res: ServerResponse) {
  const c = {
    challenge: randomBytes(16).toString('hex'),
    salt: randomBytes(16).toString('hex'),
    expires: Date.now() + 600_000,
    difficulty: 12,
  };
  json(res, 200, { ...c, signature: sign(c) });
}

/** True when `token` is an unused, unexpired, signed challenge with its work done. */
function robotPassed(token: unknown): boolean {
  if (typeof token !== 'string' || !token) return false;
  try {
    const t = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as {
      challenge: string;
      salt: string;
      expires: number;
      difficulty: number;
      signature: string;
      number: number;
    };
    const ok =
      t.signature === sign(t) &&
      t.expires > Date.now() &&
      !used.has(t.challenge) &&
      leadingZeroBits(createHash('sha256').update(`${t.salt}${t.number}`).digest()) >= t.difficulty;
    if (ok) used.add(t.challenge);
    return ok;
  } catch {
    return false;
  }
}

function contact(req: IncomingMessage, res: ServerResponse) {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  req.on('end', () => {
    let form: Record<string, unknown>;
    try {
      form = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return json(res, 400, { message: 'the body is not JSON' });
    }
    // Field rules are the core's (checked in the page by the same WebAssembly); the robot
    // check is what only a server can do.
    if (!robotPassed(form.robotToken)) return json(res, 422, { errors: { robot: ROBOT_MESSAGE } });
    json(res, 200, { status: 'sent' });
  });
}

function api(req: IncomingMessage, res: ServerResponse, next: Next) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/api/robot-challenge' && req.method === 'GET') return challenge(res);
  if (url.pathname === '/api/contact' && req.method === 'POST') return contact(req, res);
  if (url.pathname !== '/api/page') return next();
  const path = url.searchParams.get('path');
  if (!path?.startsWith('/')) return json(res, 400, { error: 'path must start with /' });
  const payload = fixturePayload(path);
  json(res, fixtureStatus(payload), payload);
}

export function fixtureApi(): Plugin {
  const dist = fileURLToPath(new URL('../dist/index.html', import.meta.url));
  return {
    name: 'supplysite-fixture-api',
    configureServer(server) {
      server.middlewares.use(api);
    },
    configurePreviewServer(server) {
      server.middlewares.use(api);
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const isPage =
          req.method === 'GET' && !url.pathname.startsWith('/assets/') && !/\.[a-z0-9]+$/i.test(url.pathname);
        if (!isPage) return next();
        const payload = fixturePayload(url.pathname + url.search);
        // Like the server: the data element goes just before </body>.
        const html = readFileSync(dist, 'utf8').replace(
          '</body>',
          `<script id="__SUPPLYSITE__" type="application/json">${embed(payload)}</script>\n</body>`,
        );
        res.statusCode = fixtureStatus(payload);
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(html);
      });
    },
  };
}
