// Test set-up: DOM matchers, cleanup between tests, and a controllable matchMedia (jsdom has
// none) so components can be tested at any viewport width.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { installMatchMedia } from './matchMedia';

// Screens load as lazy chunks; on a busy CI machine their first import can take longer than
// Testing Library's default one second, so find* and waitFor wait up to five.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => installMatchMedia({ width: 1280 }));
afterEach(() => cleanup());
