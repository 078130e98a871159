// End-to-end tests in Debian's Chromium (Playwright cannot download browsers here).
//
// By default the tests run against the real server with the demo space:
//   cargo run -p supplysite-cli -- serve   (from the repository root, serving web/dist)
// With E2E_SERVER=preview they run against `vite preview` of the build with the fixture API
// instead (no Rust needed). E2E_BASE_URL points them at a server that is already running.
import { defineConfig, devices } from '@playwright/test';

const preview = process.env.E2E_SERVER === 'preview';
const port = Number(process.env.E2E_PORT ?? (preview ? 4173 : 8181));
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;

// TOOLCHAIN.md: headless as root, and quiet on a machine with no network.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : preview
      ? {
          command: `npm run build && SUPPLYSITE_FIXTURES=1 npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
          url: baseURL,
          reuseExistingServer: false,
          timeout: 180_000,
        }
      : {
          command: `cargo run -p supplysite-cli -- serve --bind 127.0.0.1:${port} --web-dir web/dist --public-url ${baseURL}`,
          cwd: '..',
          url: `${baseURL}/`,
          // Request logs would drown the test report; warnings and errors still show.
          env: { RUST_LOG: 'warn' },
          stdout: 'ignore',
          reuseExistingServer: false,
          timeout: 600_000,
        },
});
