import { screen, within } from '@testing-library/react';
import { home } from '../../testing/fixtures/views';
import { renderWithRouter } from '../../testing/render';
import { HomeScreen } from './HomeScreen';

describe('HomeScreen', () => {
  it('has the hero and the I need help with... grid of the eight product pages', () => {
    renderWithRouter(<HomeScreen view={home} />);
    expect(screen.getByRole('heading', { level: 1, name: home.hero.title })).toBeInTheDocument();
    const help = screen.getByRole('navigation', { name: home.hero.helpHeading });
    expect(home.hero.helpLinks).toHaveLength(8);
    expect(
      within(help)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(home.hero.helpLinks.map((l) => l.href));
    expect(home.hero.buttons.length).toBeGreaterThan(0);
    for (const button of home.hero.buttons) {
      expect(screen.getByRole('link', { name: button.label })).toHaveAttribute('href', button.href);
    }
  });

  it('shows the logo carousel, the six module cards, the teaser, the insights and the banner', () => {
    renderWithRouter(<HomeScreen view={home} />);
    expect(screen.getByRole('group', { name: 'Customer logos' })).toBeInTheDocument();
    const modules = home.solutions.cards;
    expect(modules).toHaveLength(6);
    expect(screen.getAllByRole('link', { name: new RegExp(`^${modules[0]!.buttonLabel}`) })).toHaveLength(6);
    const teaser = home.caseStudyTeaser!;
    expect(screen.getByRole('link', { name: teaser.readLabel })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: teaser.moreLabel! })).toHaveAttribute('href', teaser.moreHref);
    const latest = home.latestInsights;
    const insights = screen.getByRole('region', { name: latest.heading });
    expect(within(insights).getAllByRole('article')).toHaveLength(latest.cards.length);
    expect(within(insights).getByText(latest.cards[0]!.readTime!)).toBeInTheDocument();
    expect(
      within(insights).getAllByRole('link', { name: new RegExp(`^${latest.cards[0]!.buttonLabel}`) })[0],
    ).toHaveAttribute('href', latest.cards[0]!.href);
    const stories = home.customerStories;
    expect(screen.getByRole('heading', { name: stories.heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: stories.button!.label })).toHaveAttribute('href', stories.button!.href);
    const more = screen.getByRole('region', { name: home.moreInsights.heading });
    expect(within(more).getByRole('group', { name: 'Insights and pages' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: home.overviewVideo.label })).toBeInTheDocument();
  });
});
