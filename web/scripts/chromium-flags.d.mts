/** The flags every headless Chromium of the project starts with (see chromium-flags.mjs). */
export declare const CHROMIUM_ARGS: readonly string[];
