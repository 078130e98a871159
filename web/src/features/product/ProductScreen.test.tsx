import { screen } from '@testing-library/react';
import { etender, sourcing, supplierPerformance } from '../../testing/fixtures/views';
import { renderWithRouter } from '../../testing/render';
import { ProductScreen } from './ProductScreen';

describe('ProductScreen', () => {
  beforeEach(() => window.localStorage.clear());

  it('records its last path segment under its product key', () => {
    renderWithRouter(<ProductScreen view={supplierPerformance} />);
    expect(window.localStorage.getItem('SupplierPerformance')).toBe('supplier-performance-management');
  });

  it('offers VIEW DEMO and DOWNLOAD FACTSHEET as a real link to the file', () => {
    renderWithRouter(<ProductScreen view={etender} />);
    expect(screen.getByRole('heading', { level: 1, name: 'eRFx and eTender' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'VIEW DEMO' })).toHaveAttribute('aria-haspopup', 'dialog');
    const factsheet = screen.getByRole('link', { name: 'DOWNLOAD FACTSHEET' });
    expect(factsheet).toHaveAttribute('href', '/assets/etender-factsheet.pdf');
    expect(factsheet).toHaveAttribute('download', 'etender-factsheet.pdf');
  });

  it('shows the strategic sourcing page’s own buttons and links', () => {
    renderWithRouter(<ProductScreen view={sourcing} />);
    expect(screen.getByRole('button', { name: 'VIEW STRATEGIC SOURCING VIDEO' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'DOWNLOAD SOURCING MANAGEMENT FACTSHEET' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CONTACT US TO DISCUSS STRATEGIC SOURCING' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
    expect(screen.getByRole('link', { name: 'eRFx and eTender' })).toHaveAttribute('href', '/etender');
    expect(screen.getByRole('link', { name: 'Reverse Auction (eAuction)' })).toHaveAttribute(
      'href',
      '/reverse-auction-eauction',
    );
  });
});
