import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { SiteLink } from '../components/SmartLink/SmartLink';
import { BrowserRouter, parsePath, StaticRouter, useLocation, useNavigate, useNavigationType } from './router';

function Where() {
  const { pathname, search, hash, key } = useLocation();
  return (
    <p data-testid="where" data-key={key}>
      {`${useNavigationType()} ${pathname}${search}${hash}`}
    </p>
  );
}

function Go({ to, replace = false }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to, { replace })}>
      {`go ${to}${replace ? ' (replace)' : ''}`}
    </button>
  );
}

const where = () => screen.getByTestId('where');

describe('parsePath', () => {
  it('splits a path into pathname, search and hash', () => {
    expect(parsePath('/a/b?c=d#e', 'k')).toEqual({ pathname: '/a/b', search: '?c=d', hash: '#e', key: 'k' });
    expect(parsePath('/a#x?y', 'k')).toEqual({ pathname: '/a', search: '', hash: '#x?y', key: 'k' });
    expect(parsePath('?q=1', 'k')).toEqual({ pathname: '/', search: '?q=1', hash: '', key: 'k' });
  });
});

describe('BrowserRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/start'));

  it('reads the address bar, pushes and replaces entries, and follows back and forward', async () => {
    const user = userEvent.setup();
    render(
      <BrowserRouter>
        <Where />
        <Go to="/insights?page=2#list" />
        <Go to="/contact-us" replace />
      </BrowserRouter>,
    );
    expect(where()).toHaveTextContent('POP /start');
    expect(where()).toHaveAttribute('data-key', 'default');
    const length = window.history.length;

    await user.click(screen.getByRole('button', { name: 'go /insights?page=2#list' }));
    expect(where()).toHaveTextContent('PUSH /insights?page=2#list');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/insights?page=2#list');
    expect(window.history.length).toBe(length + 1);
    const pushedKey = where().dataset.key;
    expect(pushedKey).not.toBe('default');
    expect(window.history.state).toEqual({ key: pushedKey });

    await user.click(screen.getByRole('button', { name: 'go /contact-us (replace)' }));
    expect(where()).toHaveTextContent('REPLACE /contact-us');
    expect(window.history.length).toBe(length + 1);
    expect(where().dataset.key).not.toBe(pushedKey);

    // Back: the browser restores the entry before /contact-us replaced it, with its key.
    window.history.replaceState({ key: pushedKey }, '', '/insights?page=2#list');
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    expect(where()).toHaveTextContent('POP /insights?page=2#list');
    expect(where()).toHaveAttribute('data-key', pushedKey);
  });

  it('keeps one navigate function across renders', async () => {
    const user = userEvent.setup();
    const seen = new Set<unknown>();
    function Spy() {
      seen.add(useNavigate());
      return null;
    }
    render(
      <BrowserRouter>
        <Spy />
        <Go to="/a" />
      </BrowserRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'go /a' }));
    expect(seen.size).toBe(1);
  });
});

describe('StaticRouter', () => {
  it('renders at the given location and refuses to navigate', () => {
    expect(
      renderToString(
        <StaticRouter location="/insights/x?y=1">
          <Where />
        </StaticRouter>,
      ),
    ).toContain('POP /insights/x?y=1');
  });
});

describe('hooks outside a router', () => {
  it('say where they may be used', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Where />)).toThrow('useLocation() may be used only inside a router');
  });
});

describe('SiteLink', () => {
  beforeEach(() => window.history.replaceState(null, '', '/insights/a'));

  function renderLinks() {
    return render(
      <BrowserRouter>
        <SiteLink to="/insights" current>
          Insights
        </SiteLink>
        <SiteLink to="/" current>
          Home
        </SiteLink>
        <SiteLink to="/contact-us">Contact</SiteLink>
        <Where />
      </BrowserRouter>,
    );
  }

  it('marks the current section of the site and follows plain clicks in-app', async () => {
    const user = userEvent.setup();
    renderLinks();
    expect(screen.getByRole('link', { name: 'Insights' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('link', { name: 'Contact' }));
    expect(where()).toHaveTextContent('PUSH /contact-us');
    expect(screen.getByRole('link', { name: 'Insights' })).not.toHaveAttribute('aria-current');
  });

  it('leaves modified clicks to the browser (new tab, new window)', () => {
    renderLinks();
    const link = screen.getByRole('link', { name: 'Contact' });
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey']) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, [modifier]: true });
      link.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
    }
    expect(where()).toHaveTextContent('POP /insights/a');
  });

  it('replaces the history entry when the link is to the page already shown', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/contact-us');
    renderLinks();
    await user.click(screen.getByRole('link', { name: 'Contact' }));
    expect(where()).toHaveTextContent('REPLACE /contact-us');
  });
});
