// End-to-end tests in Debian's Chromium (Playwright cannot download browsers here).
//
// By default the tests run against the real server with the demo space:
//   cargo run -p supplysite-cli -- serve   (from the repository root, serving web/dist)
// delivering enquiries to a local fake Brevo (the enquiry adapter's `fake_brevo` example) through
// an outbox under test-results/, so the contact journey can read what Brevo received and
// script it to fail. With E2E_SERVER=preview they run against `vite preview` of the build with
// the fixture API instead (no Rust needed). E2E_BASE_URL points them at a server that is
// already running. Tests that need the fake Brevo or the outbox skip without them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromium-flags.mjs';

const preview = process.env.E2E_SERVER === 'preview';
const port = Number(process.env.E2E_PORT ?? (preview ? 4173 : 8181));
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
const ownServer = !preview && !process.env.E2E_BASE_URL;

// The fake Brevo and the outbox of the server started here. The tests read them from the
// environment (the workers inherit it).
const brevoPort = Number(process.env.E2E_BREVO_PORT ?? port + 1);
const brevoURL = `http://127.0.0.1:${brevoPort}`;
const outboxDir = fileURLToPath(new URL('./test-results/e2e-outbox', import.meta.url));
/** The API key the fake Brevo accepts (`fake_brevo::KEY`). */
const brevoKey = 'xkeysib-test-key-0123456789';
// A second server over a synthetic space of 47 posts (five full pages and a short last
// one), for the listing's load-more journey.
const archivePort = Number(process.env.E2E_ARCHIVE_PORT ?? port + 2);
const archiveURL = `http://127.0.0.1:${archivePort}`;
const archiveDir = fileURLToPath(new URL('./test-results/e2e-archive', import.meta.url));
// A live-mode server reading a fake Contentful with the editors' preview on, for Live Preview.
const contentfulPort = Number(process.env.E2E_CONTENTFUL_PORT ?? port + 3);
const contentfulURL = `http://127.0.0.1:${contentfulPort}`;
const contentfulControlURL = `http://127.0.0.1:${contentfulPort + 1}`;
const livePort = Number(process.env.E2E_LIVE_PORT ?? port + 5);
const liveURL = `http://127.0.0.1:${livePort}`;
const liveDir = fileURLToPath(new URL('./test-results/e2e-live', import.meta.url));
const previewSecret = 'e2e-preview-secret-0123456789abcdefghij';
// A server over the demo with photographs for its large pictures, for the picture width checks.
const photosPort = Number(process.env.E2E_PHOTOS_PORT ?? port + 6);
const photosURL = `http://127.0.0.1:${photosPort}`;
const photosDir = fileURLToPath(new URL('./test-results/e2e-photos', import.meta.url));
// The main server's metrics listener, where the Web Vitals journey reads what was counted.
const metricsPort = Number(process.env.E2E_METRICS_PORT ?? port + 7);
const metricsURL = `http://127.0.0.1:${metricsPort}`;
if (ownServer) {
  process.env.E2E_LIVE_URL = liveURL;
  process.env.E2E_CONTENTFUL_CONTROL_URL = contentfulControlURL;
  process.env.E2E_PREVIEW_SECRET = previewSecret;
  process.env.E2E_BREVO_URL = brevoURL;
  process.env.E2E_OUTBOX = path.join(outboxDir, 'outbox.sqlite3');
  process.env.E2E_ARCHIVE_URL = archiveURL;
  process.env.E2E_PHOTOS_URL = photosURL;
  process.env.E2E_METRICS_URL = metricsURL;
}

// How the servers start. By default through `cargo run`, which builds what is missing. With
// E2E_PREBUILT=1 (`make test-e2e` sets it after building the workspace's binaries and examples)
// the binaries already in the target directory: `cargo run -p …` resolves a narrower feature set
// than the rest of `make test` and would rebuild half the workspace for it.
const prebuilt = process.env.E2E_PREBUILT === '1';
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const debugDir = path.join(path.resolve(repoRoot, process.env.CARGO_TARGET_DIR ?? 'target'), 'debug');
const supplysite = prebuilt ? path.join(debugDir, 'supplysite') : 'cargo run -p supplysite-cli --';
const fakeBrevo = prebuilt
  ? path.join(debugDir, 'examples', 'fake_brevo')
  : 'cargo run -p supplysite-mail-adapter --features fake --example fake_brevo --';
const fakeContentful = prebuilt
  ? path.join(debugDir, 'examples', 'fake_contentful')
  : 'cargo run -p supplysite-content-adapter --features fake --example fake_contentful --';

// Every server here renders each page whole however busy the machine is: the journeys check the
// markup a render makes, and the deadline that cuts a runaway render short is the router's tests'
// subject.
const renderWhole = { SUPPLYSITE_SSR_DEADLINE_MS: '15000' };

// docs/toolchain.md: headless as root, and quiet on a machine with no network.
const chromiumArgs = [...CHROMIUM_ARGS];

// The journeys that send enquiries, edit drafts or read what the servers counted: one at a time,
// so each reads only its own effects (the fake Brevo's mail, the outbox, the metrics, the fake
// Contentful's drafts) and their waits on the robot check never share the processor. Every
// other spec only reads pages and runs test by test on all workers (one browser each: axe-core
// and layout keep one core busy per page). `make test-e2e` runs the two projects one after the
// other (`--project pages`, then `--project journeys`).
const JOURNEYS = ['attribution', 'contact-budget', 'contact', 'tracker', 'vitals', 'live-preview'].map(
  (name) => `${name}.spec.ts`,
);
const chromium = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    // No trace unless asked (E2E_TRACE=retain-on-failure, or `--trace on`): recording one for every
    // test took an eighth of the page specs' time (screens.spec.ts, paired runs: 233-255 s with,
    // 213 s without). A failure still keeps its screenshot and the error's call log.
    trace: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'pages', testIgnore: JOURNEYS, fullyParallel: true, use: chromium },
    { name: 'journeys', testMatch: JOURNEYS, fullyParallel: false, workers: 1, use: chromium },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : preview
      ? {
          command: `npm run build && SUPPLYSITE_FIXTURES=1 npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
          url: baseURL,
          reuseExistingServer: false,
          timeout: 180_000,
        }
      : [
          {
            command: `${fakeBrevo} --port ${brevoPort}`,
            cwd: '..',
            url: `${brevoURL}/_control/emails`,
            stdout: 'ignore',
            reuseExistingServer: false,
            timeout: 600_000,
          },
          {
            // A fresh outbox each run, so the journey sees only its own enquiries. The demo's
            // photographs are git-ignored and made by the generator (quick when they are there).
            command: `make -s demo-photos && rm -rf ${outboxDir} && ${supplysite} serve --bind 127.0.0.1:${port} --web-dir web/dist --public-url ${baseURL}`,
            cwd: '..',
            url: `${baseURL}/`,
            env: {
              // Request logs would drown the test report; warnings and errors still show.
              RUST_LOG: 'warn',
              ...renderWhole,
              BREVO_API_KEY: brevoKey,
              BREVO_API_BASE: brevoURL,
              CONTACT_SENDER: 'Supplysite Website <website@supplysite.test>',
              CONTACT_INBOX: 'Supplysite <info@supplysite.test>',
              SUPPLYSITE_OUTBOX: path.join(outboxDir, 'outbox.sqlite3'),
              SUPPLYSITE_MAILBOX: path.join(outboxDir, 'mailbox'),
              // Several journeys from one address, run again and again while debugging.
              SUPPLYSITE_CONTACT_RATE_PER_MINUTE: '60',
              SUPPLYSITE_METRICS_BIND: `127.0.0.1:${metricsPort}`,
            },
            stdout: 'ignore',
            reuseExistingServer: false,
            timeout: 600_000,
          },
          {
            command:
              `rm -rf ${archiveDir} && mkdir -p ${archiveDir} && ` +
              `${supplysite} content synth --posts 47 --out ${archiveDir}/export.json && ` +
              `${supplysite} serve --bind 127.0.0.1:${archivePort} --web-dir web/dist ` +
              `--public-url ${archiveURL} --content ${archiveDir}/export.json`,
            cwd: '..',
            url: `${archiveURL}/`,
            env: {
              RUST_LOG: 'warn',
              ...renderWhole,
              BREVO_API_KEY: brevoKey,
              BREVO_API_BASE: brevoURL,
              CONTACT_SENDER: 'Supplysite Website <website@supplysite.test>',
              CONTACT_INBOX: 'Supplysite <info@supplysite.test>',
              SUPPLYSITE_OUTBOX: path.join(archiveDir, 'outbox.sqlite3'),
              SUPPLYSITE_MAILBOX: path.join(archiveDir, 'mailbox'),
            },
            stdout: 'ignore',
            reuseExistingServer: false,
            timeout: 600_000,
          },
          {
            command:
              `rm -rf ${photosDir} && node web/e2e/photo-space.mjs content/demo ${photosDir} && ` +
              `${supplysite} serve --bind 127.0.0.1:${photosPort} --web-dir web/dist ` +
              `--public-url ${photosURL} --content ${photosDir}/export.json`,
            cwd: '..',
            url: `${photosURL}/`,
            env: {
              RUST_LOG: 'warn',
              ...renderWhole,
              BREVO_API_KEY: brevoKey,
              BREVO_API_BASE: brevoURL,
              CONTACT_SENDER: 'Supplysite Website <website@supplysite.test>',
              CONTACT_INBOX: 'Supplysite <info@supplysite.test>',
              SUPPLYSITE_OUTBOX: path.join(photosDir, 'outbox.sqlite3'),
              SUPPLYSITE_MAILBOX: path.join(photosDir, 'mailbox'),
            },
            stdout: 'ignore',
            reuseExistingServer: false,
            timeout: 600_000,
          },
          {
            // The fake Contentful (the content adapter's example), with its control port for
            // saving drafts; started before the server that reads it.
            command:
              `${fakeContentful} ` +
              `content/demo/export.json --port ${contentfulPort} --control-port ${contentfulPort + 1}`,
            cwd: '..',
            url: `${contentfulURL}/spaces/fakespace/environments/master/locales`,
            stdout: 'ignore',
            reuseExistingServer: false,
            timeout: 600_000,
          },
          {
            command:
              `rm -rf ${liveDir} && mkdir -p ${liveDir} && ` +
              `${supplysite} serve --bind 127.0.0.1:${livePort} --web-dir web/dist ` +
              `--public-url ${liveURL}`,
            cwd: '..',
            url: `${liveURL}/healthz`,
            env: {
              RUST_LOG: 'warn',
              ...renderWhole,
              CONTENTFUL_SPACE_ID: 'fakespace',
              CONTENTFUL_ACCESS_TOKEN: 'fake-delivery-token',
              CONTENTFUL_GRAPHQL_HOST: contentfulURL,
              CONTENTFUL_CDA_HOST: contentfulURL,
              CONTENTFUL_PREVIEW_TOKEN: 'fake-preview-token',
              CONTENTFUL_PREVIEW_HOST: contentfulURL,
              SUPPLYSITE_PREVIEW_SECRET: previewSecret,
              SUPPLYSITE_CACHE_DIR: path.join(liveDir, 'cache'),
              BREVO_API_KEY: brevoKey,
              BREVO_API_BASE: brevoURL,
              CONTACT_SENDER: 'Supplysite Website <website@supplysite.test>',
              CONTACT_INBOX: 'Supplysite <info@supplysite.test>',
              SUPPLYSITE_OUTBOX: path.join(liveDir, 'outbox.sqlite3'),
              SUPPLYSITE_MAILBOX: path.join(liveDir, 'mailbox'),
            },
            stdout: 'ignore',
            reuseExistingServer: false,
            timeout: 600_000,
          },
        ],
});
