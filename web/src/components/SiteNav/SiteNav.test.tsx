import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chrome } from '../../testing/fixtures/chrome';
import { installMatchMedia } from '../../testing/matchMedia';
import { renderWithRouter } from '../../testing/render';
import { SiteNav } from './SiteNav';

const { brand, nav, menuLabel, solutionsLabel, solutions: dropdown } = chrome;
const insights = nav.find((link) => link.href === '/insights')!;
const source = dropdown.groups[0]!;
const performance = dropdown.groups.flatMap((g) => g.links).find((l) => l.href === '/supplier-performance-management')!;

/** Matches an accessible name that contains `text` (a link's name may add its picture's). */
const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

function renderNav(path = '/') {
  return renderWithRouter(
    <>
      <SiteNav chrome={chrome} />
      <p>page</p>
      <button type="button">outside</button>
    </>,
    { path },
  );
}

describe('SiteNav', () => {
  it('links the logo home and lists About, Customer Stories, Insights and Contact Us', () => {
    renderNav();
    expect(screen.getByRole('link', { name: brand.logoAlt })).toHaveAttribute('href', brand.href);
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.map((l) => l.href)).toEqual(['/about-us', '/case-study-index', '/insights', '/contact-us']);
    for (const { label, href } of nav) {
      expect(main.querySelector(`a[href="${href}"]`)).toHaveTextContent(label);
    }
  });

  it('opens and closes the small-screen menu with the Menu toggle and Escape', async () => {
    const user = userEvent.setup();
    renderNav();
    const toggle = screen.getByRole('button', { name: menuLabel });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(menu).toHaveAttribute('data-open', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveAttribute('data-open', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    screen.getByRole('link', { name: insights.label }).focus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the menu when a link is followed', async () => {
    const user = userEvent.setup();
    renderNav();
    const toggle = screen.getByRole('button', { name: menuLabel });
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: insights.label }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: insights.label })).toHaveAttribute('aria-current', 'page');
  });
});

describe('Solutions dropdown', () => {
  const solutions = () => screen.getByRole('button', { name: solutionsLabel });

  it('is closed at first and opens on click with the groups and Our Solutions', async () => {
    const user = userEvent.setup();
    renderNav();
    expect(solutions()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: source.links[0]!.label })).not.toBeInTheDocument();
    await user.click(solutions());
    expect(solutions()).toHaveAttribute('aria-expanded', 'true');
    // Both the large panel and the plain list are in the markup; CSS shows one per width.
    expect(dropdown.groups).toHaveLength(4);
    for (const group of dropdown.groups) {
      expect(screen.getAllByRole('list', { name: group.label })).toHaveLength(2);
    }
    const sourceList = screen.getAllByRole('list', { name: source.label })[1]!;
    expect(Array.from(sourceList.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual(
      source.links.map((l) => l.href),
    );
    expect(screen.getAllByRole('link', { name: containing(dropdown.overview.label) })[0]).toHaveAttribute(
      'href',
      dropdown.overview.href,
    );
    expect(screen.getByRole('img', { name: dropdown.graphicAlt })).toHaveAttribute('src', dropdown.graphicUrl);
    await user.click(solutions());
    expect(solutions()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens from the keyboard and closes on Escape with focus back on its button', async () => {
    const user = userEvent.setup();
    renderNav();
    solutions().focus();
    await user.keyboard('{Enter}');
    expect(solutions()).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getAllByRole('link', { name: containing(dropdown.overview.label) })[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(solutions()).toHaveAttribute('aria-expanded', 'false');
    expect(solutions()).toHaveFocus();
    await user.keyboard(' ');
    expect(solutions()).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens with ArrowDown', async () => {
    const user = userEvent.setup();
    renderNav();
    solutions().focus();
    await user.keyboard('{ArrowDown}');
    expect(solutions()).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes on a click or tap outside it', async () => {
    const user = userEvent.setup();
    renderNav();
    await user.click(solutions());
    await user.click(screen.getByRole('button', { name: 'outside' }));
    expect(solutions()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on mouse hover at desktop widths and closes when the mouse leaves', () => {
    renderNav();
    const menu = solutions().parentElement!;
    fireEvent.pointerEnter(menu, { pointerType: 'mouse' });
    expect(solutions()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.pointerLeave(menu, { pointerType: 'mouse' });
    expect(solutions()).toHaveAttribute('aria-expanded', 'false');
  });

  it('does not open on hover below 992px, where it is part of the Menu', () => {
    installMatchMedia({ width: 991 });
    renderNav();
    fireEvent.pointerEnter(solutions().parentElement!, { pointerType: 'mouse' });
    expect(solutions()).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open when a hover-opened menu is clicked', () => {
    renderNav();
    const menu = solutions().parentElement!;
    fireEvent.pointerEnter(menu, { pointerType: 'mouse' });
    fireEvent.click(solutions());
    expect(solutions()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.pointerLeave(menu, { pointerType: 'mouse' });
    expect(solutions()).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes and closes the Menu when one of its links is followed', async () => {
    const user = userEvent.setup();
    renderNav();
    await user.click(screen.getByRole('button', { name: menuLabel }));
    await user.click(solutions());
    await user.click(screen.getAllByRole('link', { name: containing(performance.label) })[0]!);
    expect(solutions()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: menuLabel })).toHaveAttribute('aria-expanded', 'false');
  });
});
