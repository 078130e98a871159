// The flags every headless Chromium of the project starts with (docs/toolchain.md): headless as
// root, and quiet on a machine with no network. Shared by the end-to-end tests
// (playwright.config.ts), the SSR browser check (scripts/ssr-browser.mjs) and the bench's browser
// measurements (bench/node/*.mjs). Plain JavaScript, so node runs it without a build.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
