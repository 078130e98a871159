// A stand-in for the Rust server's page API and page shell, for `npm run dev` and
// `vite preview` with SUPPLYSITE_FIXTURES=1: answers /api/page from the test fixtures and, in
// preview, serves the built index.html with the page's data embedded as the server does.
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

function api(req: IncomingMessage, res: ServerResponse, next: Next) {
  const url = new URL(req.url ?? '/', 'http://localhost');
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
