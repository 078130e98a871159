import { screen, within } from '@testing-library/react';
import { home } from '../../testing/fixtures/views';
import { renderWithRouter } from '../../testing/render';
import { HomeScreen } from './HomeScreen';

describe('HomeScreen', () => {
  it('has the hero and the I need help with... grid of the eight product pages', () => {
    renderWithRouter(<HomeScreen view={home} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Supply Chain Software' })).toBeInTheDocument();
    const help = screen.getByRole('navigation', { name: 'I need help with...' });
    expect(
      within(help)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/etender',
      '/reverse-auction-eauction',
      '/sourcing-management',
      '/supplier-information-management',
      '/contract-management',
      '/supplier-performance-management',
      '/product-information-management',
      '/food-industry-software',
    ]);
    for (const href of ['/case-study/manage-contractor-compliance', '/contact-us', '/about-us']) {
      expect(document.querySelector(`a[href="${href}"]`)).not.toBeNull();
    }
  });

  it('shows the logo carousel, the six module cards, the teaser, the insights and the banner', () => {
    renderWithRouter(<HomeScreen view={home} />);
    expect(screen.getByRole('group', { name: 'Customer logos' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^DISCOVER MORE/ })).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'READ THE FULL CUSTOMER STORY NOW' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'MORE CUSTOMER STORIES' })).toHaveAttribute('href', '/case-study-index');
    const insights = screen.getByRole('region', { name: 'Read Our Latest Insights' });
    expect(within(insights).getAllByRole('article')).toHaveLength(3);
    expect(within(insights).getAllByText(/^Read Time: \d+ minutes$/).length).toBeGreaterThan(0);
    expect(within(insights).getAllByRole('link', { name: /^READ POST/ })[0]).toHaveAttribute(
      'href',
      '/insights/example-insight-1',
    );
    expect(screen.getByRole('heading', { name: 'Read our Customer Stories' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'VIEW CUSTOMER STORIES' })).toHaveAttribute('href', '/case-study-index');
    const more = screen.getByRole('region', { name: 'More Insights and Information' });
    expect(within(more).getByRole('group', { name: 'Insights and pages' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'WATCH THE OVERVIEW' })).toBeInTheDocument();
  });
});
