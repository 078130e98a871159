// Renders a component inside a router, the way the app does, at a chosen path.
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from '../lib/router';

export function renderWithRouter(ui: ReactElement, { path = '/', ...options }: RenderOptions & { path?: string } = {}) {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>, options);
}
