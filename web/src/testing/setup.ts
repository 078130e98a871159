// Test set-up: DOM matchers, cleanup between tests, and a controllable matchMedia (jsdom has
// none) so components can be tested at any viewport width.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { installMatchMedia } from './matchMedia';

beforeEach(() => installMatchMedia({ width: 1280 }));
afterEach(() => cleanup());
