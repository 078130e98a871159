/// <reference types="vitest/config" />
// Build, dev server and unit-test settings for the web UI.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fixtureApi } from './dev/fixture-api';

// The Rust server that answers /api during `npm run dev` (override with SUPPLYSITE_API).
const api = process.env.SUPPLYSITE_API ?? 'http://127.0.0.1:8080';
// With SUPPLYSITE_FIXTURES=1 the dev and preview servers answer /api/page from the test
// fixtures instead, so the UI can be worked on (and smoke-tested) without the Rust server.
const useFixtures = process.env.SUPPLYSITE_FIXTURES === '1';

export default defineConfig(({ command }) => ({
  plugins: [react(), ...(useFixtures ? [fixtureApi()] : [])],
  resolve: {
    alias:
      command === 'build'
        ? [
            // react-router's package points bundlers at its development build (with its
            // dev-only warnings); its production build is smaller and what we ship.
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    rollupOptions: {
      output: {
        // React and the router change far less often than the site: their own long-cached
        // chunk. Shared components go in one chunk rather than a dozen tiny ones per screen.
        manualChunks: (id) => {
          if (id.includes('/node_modules/')) return 'vendor';
          if (id.includes('/src/components/') && !/SiteNav|SiteFooter|SmartLink|LoadingOverlay|Button\//.test(id))
            return 'components';
          return undefined;
        },
      },
    },
  },
  server: useFixtures ? {} : { proxy: { '/api': api } },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
  },
}));
