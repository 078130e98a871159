import { screen } from '@testing-library/react';
import { caseStudyIndex } from '../../testing/fixtures/views';
import { renderWithRouter } from '../../testing/render';
import { CaseStudyIndexScreen } from './CaseStudyIndexScreen';

describe('CaseStudyIndexScreen', () => {
  it('lists every story of a space that fits on one page, with no page links', () => {
    expect(caseStudyIndex.pagination.pages).toBe(1);
    renderWithRouter(<CaseStudyIndexScreen view={caseStudyIndex} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(caseStudyIndex.teasers.length);
    expect(screen.queryByRole('navigation', { name: 'Customer story pages' })).not.toBeInTheDocument();
  });

  it('links the pages of a larger index both ways and numbers on from the page before', () => {
    const view = {
      ...caseStudyIndex,
      pagination: {
        ...caseStudyIndex.pagination,
        page: 2,
        pages: 3,
        total: 27,
        offset: 12,
        prev: '/case-study-index',
        next: '/case-study-index?page=3',
      },
    };
    renderWithRouter(<CaseStudyIndexScreen view={view} />, { path: '/case-study-index?page=2' });
    const pages = screen.getByRole('navigation', { name: 'Customer story pages' });
    expect(pages).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/case-study-index');
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/case-study-index?page=3');
    expect(screen.getAllByRole('list')[0]).toHaveAttribute('start', '13');
  });
});
