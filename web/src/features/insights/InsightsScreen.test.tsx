import { act, fireEvent, screen } from '@testing-library/react';
import { insights } from '../../testing/fixtures/views';
import { renderWithRouter } from '../../testing/render';
import { InsightsScreen, loadMoreScrollOffset } from './InsightsScreen';

const cards = () => screen.getAllByRole('article');

describe('InsightsScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.scrollBy = vi.fn();
  });
  afterEach(() => vi.useRealTimers());

  it('shows 9 insights, then 9 more per LOAD MORE INSIGHTS after a one-second loading state', () => {
    renderWithRouter(<InsightsScreen view={insights} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Our Latest Insights' })).toBeInTheDocument();
    expect(cards()).toHaveLength(9);
    const button = screen.getByRole('button', { name: 'LOAD MORE INSIGHTS' });
    fireEvent.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    act(() => vi.advanceTimersByTime(999));
    expect(cards()).toHaveLength(9);
    act(() => vi.advanceTimersByTime(1));
    expect(cards()).toHaveLength(18);
    expect(window.scrollBy).toHaveBeenCalledWith({ top: loadMoreScrollOffset(window.innerWidth), behavior: 'smooth' });
    expect(button).toBeEnabled();
  });

  it('hides the button once every insight is shown', () => {
    renderWithRouter(<InsightsScreen view={insights} />);
    fireEvent.click(screen.getByRole('button', { name: 'LOAD MORE INSIGHTS' }));
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'LOAD MORE INSIGHTS' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(cards()).toHaveLength(20);
    expect(screen.queryByRole('button', { name: 'LOAD MORE INSIGHTS' })).not.toBeInTheDocument();
  });

  it('scrolls further on narrower viewports, where the cards stack', () => {
    expect(loadMoreScrollOffset(1280)).toBeLessThan(loadMoreScrollOffset(768));
    expect(loadMoreScrollOffset(768)).toBeLessThan(loadMoreScrollOffset(375));
  });
});
