import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chrome } from '../../testing/fixtures/chrome';
import { installMatchMedia } from '../../testing/matchMedia';
import { renderWithRouter } from '../../testing/render';
import { SiteNav } from './SiteNav';

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
    expect(screen.getByRole('link', { name: 'Supplysite home' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of [
      ['About', '/about-us'],
      ['Customer Stories', '/case-study-index'],
      ['Insights', '/insights'],
      ['Contact Us', '/contact-us'],
    ]) {
      expect(nav.querySelector(`a[href="${href}"]`)).toHaveTextContent(label!);
    }
  });

  it('opens and closes the small-screen menu with the Menu toggle and Escape', async () => {
    const user = userEvent.setup();
    renderNav();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(menu).toHaveAttribute('data-open', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveAttribute('data-open', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    screen.getByRole('link', { name: 'Insights' }).focus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the menu when a link is followed', async () => {
    const user = userEvent.setup();
    renderNav();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Insights' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Insights' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('Solutions dropdown', () => {
  const solutions = () => screen.getByRole('button', { name: 'Solutions' });

  it('is closed at first and opens on click with the groups and Our Solutions', async () => {
    const user = userEvent.setup();
    renderNav();
    expect(solutions()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Strategic Sourcing' })).not.toBeInTheDocument();
    await user.click(solutions());
    expect(solutions()).toHaveAttribute('aria-expanded', 'true');
    // Both the large panel and the plain list are in the markup; CSS shows one per width.
    for (const group of ['Source', 'Supply', 'Product', 'Food Industry']) {
      expect(screen.getAllByRole('list', { name: group })).toHaveLength(2);
    }
    const source = screen.getAllByRole('list', { name: 'Source' })[1]!;
    expect(Array.from(source.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual([
      '/etender',
      '/reverse-auction-eauction',
      '/sourcing-management',
    ]);
    expect(screen.getAllByRole('link', { name: /Our Solutions/ })[0]).toHaveAttribute(
      'href',
      '/supplier-management-platform',
    );
    expect(screen.getByRole('img', { name: /source, supply, product and food industry/ })).toHaveAttribute(
      'src',
      '/images/solutions-map.svg',
    );
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
    expect(screen.getAllByRole('link', { name: /Our Solutions/ })[0]).toHaveFocus();
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
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(solutions());
    await user.click(screen.getAllByRole('link', { name: /Supplier Performance/ })[0]!);
    expect(solutions()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
