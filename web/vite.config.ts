/// <reference types="vitest/config" />
// Build, dev server and unit-test settings for the web UI.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { minify } from 'terser';
import { defineConfig, type Plugin } from 'vite';
import { fixtureApi } from './dev/fixture-api';

// The Rust server that answers /api during `npm run dev` (override with SUPPLYSITE_API).
const api = process.env.SUPPLYSITE_API ?? 'http://127.0.0.1:8080';
// With SUPPLYSITE_FIXTURES=1 the dev and preview servers answer /api/page from the test
// fixtures instead, so the UI can be worked on (and smoke-tested) without the Rust server.
const useFixtures = process.env.SUPPLYSITE_FIXTURES === '1';

/**
 * Short CSS-module class names for builds: 's' and four characters (of 62) taken from a hash
 * of the file (relative to web/) and the local name. The same inputs give the same name in the
 * client build and in the server-rendering build, which hydration needs; a collision stops the
 * build with both owners named. Readable `Component_local` names stay in development.
 */
function shortClassNames() {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const taken = new Map<string, string>();
  return (local: string, file: string): string => {
    const key = `${relative(root, file.split('?')[0] ?? file)}:${local}`;
    const digest = createHash('sha256').update(key).digest();
    const name = `s${[0, 1, 2, 3].map((i) => alphabet[(digest[i] ?? 0) % alphabet.length]).join('')}`;
    const owner = taken.get(name);
    if (owner !== undefined && owner !== key)
      throw new Error(`CSS class name ${name} given to both ${owner} and ${key}`);
    taken.set(name, key);
    return name;
  };
}

/**
 * Runs in the page, written into the built index.html: asks for the entry script once the
 * server's markup has been painted. The first frame then waits only for the HTML, the
 * stylesheet and its pictures, not for the download and start of the UI's code; hydration
 * follows. A page the server did not render (an empty #root) asks at once, and a hidden tab,
 * which paints nothing, after half a second. The script is added once the document is parsed,
 * so the page data that follows this loader is there when the entry reads it.
 */
function loadEntryAfterFirstPaint(src: string) {
  let asked = false;
  const load = () => {
    if (asked) return;
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', load);
      return;
    }
    asked = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = src;
    document.head.appendChild(script);
  };
  if (!document.getElementById('root')?.firstElementChild) return load();
  setTimeout(load, 500);
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(load));
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    load();
  }).observe({ type: 'paint', buffered: true });
}

/**
 * Replaces the entry's `<script type="module">` in the built head with
 * [`loadEntryAfterFirstPaint`], minified, at the end of the body. It is the shell's one script:
 * the server's Content-Security-Policy allows it by the SHA-256 of its text (taken when the
 * server reads the shell) and whatever it adds by 'strict-dynamic', and refuses a shell that
 * loads a script from a file. The module preloads Vite writes in the head stay there: a
 * `<link rel="modulepreload">` is not a parser-inserted script, so 'strict-dynamic' lets it be
 * fetched at once (checked in Chromium by e2e/csp.spec.ts), and the module runs only when the
 * entry imports it.
 */
function entryAfterFirstPaint(): Plugin {
  return {
    name: 'supplysite-entry-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const entry = /\n?\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry?.[1]) throw new Error('the built index.html has no entry script');
        const call = `(${loadEntryAfterFirstPaint.toString()})(${JSON.stringify(entry[1])})`;
        const { code } = await minify(call, { ecma: 2020, compress: { passes: 2 } });
        if (!code) throw new Error('the entry loader did not minify');
        const without = html.replace(entry[0], '');
        return without.replace('</body>', `  <script>${code}</script>\n  </body>`);
      },
    },
  };
}

/**
 * Brotli (quality 11) and gzip (level 9) copies beside each hashed script, stylesheet and
 * WebAssembly file of the client build. The server sends them as they are, so no request pays
 * for compressing the build's files (the server's compression layer would otherwise brotli
 * them on every request).
 */
function precompressed(): Plugin {
  let library = false;
  return {
    name: 'supplysite-precompressed',
    apply: 'build',
    configResolved(config) {
      // The server bundle (a library build) is read from disk by the server, never sent.
      library = Boolean(config.build.lib);
    },
    writeBundle(options, bundle) {
      if (library) return;
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!name.startsWith('assets/') || !/\.(js|css|wasm|svg|json)$/.test(name)) continue;
        const path = join(dir, name);
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        const params = {
          [zlib.BROTLI_PARAM_QUALITY]: 11,
          [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
        };
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params }));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), entryAfterFirstPaint(), precompressed(), ...(useFixtures ? [fixtureApi()] : [])],
  css: command === 'build' ? { modules: { generateScopedName: shortClassNames() } } : {},
  build: {
    outDir: 'dist',
    // terser's smaller output (two compress passes) matters here: the home page has a
    // 70 KB gzip budget for all of its JavaScript.
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } },
    assetsDir: 'assets',
    manifest: true,
    target: 'es2022',
    // One stylesheet for the whole site (about 8 KB gzip), linked in the head: a server-rendered
    // page is drawn complete at first paint, where per-screen CSS arriving with the screen's
    // script would move it (layout shift) once hydration began. Inlining it would save
    // Lighthouse's simulated phone a request before the first paint, but it adds 40 KB to every
    // page, and the serving benchmark showed that costing half the home page's throughput.
    cssCodeSplit: false,
    // Every browser the site supports has <link rel=modulepreload>; no polyfill in the entry.
    modulePreload: { polyfill: false },
  },
  server: useFixtures ? {} : { proxy: { '/api': api } },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    // Journeys through the form and the listing wait out real delays (the one-second loading
    // state, the send delay), and `make check` runs these tests beside the Rust suites: 5 s is
    // too close on a busy two-core machine.
    testTimeout: 30_000,
  },
}));
