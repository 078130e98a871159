import { screen } from '@testing-library/react';
import { etender, sourcing, supplierPerformance } from '../../testing/fixtures/views';
import { renderWithRouter } from '../../testing/render';
import { ProductScreen } from './ProductScreen';

describe('ProductScreen', () => {
  beforeEach(() => window.localStorage.clear());

  it('records its last path segment under its product key', () => {
    renderWithRouter(<ProductScreen view={supplierPerformance} />);
    expect(window.localStorage.getItem(supplierPerformance.storageKey)).toBe('supplier-performance-management');
  });

  it('offers VIEW DEMO and DOWNLOAD FACTSHEET as a real link to the file', () => {
    renderWithRouter(<ProductScreen view={etender} />);
    expect(screen.getByRole('heading', { level: 1, name: etender.hero.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: etender.demo!.label })).toHaveAttribute('aria-haspopup', 'dialog');
    const file = etender.factsheet!;
    const factsheet = screen.getByRole('link', { name: file.label });
    expect(factsheet).toHaveAttribute('href', file.href);
    expect(factsheet).toHaveAttribute('download', file.fileName);
  });

  it('shows the strategic sourcing page’s own buttons and links', () => {
    renderWithRouter(<ProductScreen view={sourcing} />);
    expect(screen.getByRole('button', { name: sourcing.demo!.label })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: sourcing.factsheet!.label })).toBeInTheDocument();
    const own = sourcing.sourcing!;
    expect(screen.getByRole('link', { name: own.contactButton.label })).toHaveAttribute('href', own.contactButton.href);
    expect(own.moduleLinks.length).toBeGreaterThan(0);
    for (const link of own.moduleLinks) {
      expect(screen.getAllByRole('link', { name: link.label })[0]).toHaveAttribute('href', link.href);
    }
  });
});
