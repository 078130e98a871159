/// <reference types="node" />
// The real core compiled to WebAssembly, for unit tests: jsdom cannot fetch the module's file,
// so it is read from disk and instantiated synchronously (once; later calls reuse it).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { initSync, videoId } from '../wasm-pkg/supplysite_contact.js';
import type { VideoCore } from '../lib/wasm';

/** The video-link parser of the built package (`scripts/build-wasm.sh`). */
export function videoCoreFromDisk(): VideoCore {
  initSync({ module: readFileSync(resolve('src/wasm-pkg/supplysite_contact_bg.wasm')) });
  return { videoId };
}
