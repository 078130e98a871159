// The server bundle: src/entry-server.tsx and everything it imports (React, the router, every
// screen) in one self-contained script, dist-ssr/render.js, for the Rust server's QuickJS.
// It extends the client's config so module resolution and CSS module class names are the
// same as in the browser build, which hydration relies on.
import { defineConfig, mergeConfig, type ConfigEnv, type UserConfig } from 'vite';
import client from './vite.config';

export default defineConfig((env: ConfigEnv) => {
  const base = typeof client === 'function' ? client(env) : client;
  const merged = mergeConfig(base as UserConfig, {
    // The client build copies public/ into dist; the server bundle needs none of it.
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: 'dist-ssr',
      emptyOutDir: true,
      manifest: false,
      // One extracted stylesheet (unused: the client build's is served); split CSS would be
      // injected with document.createElement, which a server has no document for.
      cssCodeSplit: false,
      // QuickJS implements ES2023; no syntax needs lowering.
      target: 'es2022',
      minify: true,
      lib: {
        entry: 'src/entry-server.tsx',
        formats: ['iife'],
        name: 'SupplysiteServerRender',
        fileName: () => 'render.js',
      },
      rollupOptions: {
        output: {
          // One script: the screens' lazy imports become inline modules.
          inlineDynamicImports: true,
        },
      },
    },
  } satisfies UserConfig);
  // The client's chunk split cannot apply to a single script (and mergeConfig keeps it).
  const output = merged.build?.rollupOptions?.output;
  if (output && !Array.isArray(output)) delete output.manualChunks;
  return merged;
});
