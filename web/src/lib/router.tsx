// Client-side navigation for a site whose server decides what every path shows. The UI needs
// only the current location, how it was reached (a push, a replace, or back/forward) and a way
// to go somewhere else; the server's page API does the matching that a route table would.
//
// This is the part of React Router's declarative mode the site used (`useLocation`,
// `useNavigate`, `useNavigationType`, and the browser, static and memory routers), with the
// same names and meanings. React Router itself cost about 4 KB gzip of the home page's 70 KB
// JavaScript budget even tree-shaken, nearly all of it for features the site has no use for.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/** Where the visitor is: the parts of the address the UI reads, and a key per history entry. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Unique per history entry; stays the same when the visitor comes back to the entry. */
  key: string;
}

/** How the current location was reached: back/forward or first load, a link, or a replacement. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

export type Navigate = (to: string, options?: NavigateOptions) => void;

interface RouterState {
  location: Location;
  type: NavigationType;
}

interface RouterContextValue extends RouterState {
  navigate: Navigate;
}

const RouterContext = createContext<RouterContextValue | null>(null);

function useRouter(hook: string): RouterContextValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error(`${hook}() may be used only inside a router`);
  return router;
}

/** The current location. */
export function useLocation(): Location {
  return useRouter('useLocation').location;
}

/** How the current location was reached. */
export function useNavigationType(): NavigationType {
  return useRouter('useNavigationType').type;
}

/** A function that goes to a path on this site (stable across renders). */
export function useNavigate(): Navigate {
  return useRouter('useNavigate').navigate;
}

/** Splits a path on this site ('/a/b?c=d#e') into a location. */
export function parsePath(path: string, key: string): Location {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  return {
    pathname: (searchAt >= 0 ? rest.slice(0, searchAt) : rest) || '/',
    search: searchAt >= 0 ? rest.slice(searchAt) : '',
    hash,
    key,
  };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** The history entry's key, kept in `history.state`; the first entry's is 'default'. */
function entryKey(): string {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'key' in state && typeof state.key === 'string'
    ? state.key
    : 'default';
}

function windowLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, key: entryKey() };
}

function Provider({ state, navigate, children }: { state: RouterState; navigate: Navigate; children: ReactNode }) {
  const value = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The router of the browser: the address bar and the session history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState<RouterState>(() => ({ location: windowLocation(), type: 'POP' }));

  useEffect(() => {
    const onPopState = () => setState({ location: windowLocation(), type: 'POP' });
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback<Navigate>((to, { replace = false } = {}) => {
    const key = newKey();
    const url = new URL(to, window.location.href);
    if (replace) window.history.replaceState({ key }, '', url);
    else window.history.pushState({ key }, '', url);
    setState({
      location: { pathname: url.pathname, search: url.search, hash: url.hash, key },
      type: replace ? 'REPLACE' : 'PUSH',
    });
  }, []);

  return (
    <Provider state={state} navigate={navigate}>
      {children}
    </Provider>
  );
}

function cannotNavigate(): never {
  throw new Error('a static router cannot navigate');
}

/** A router fixed at one location: server rendering. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const state = useMemo<RouterState>(() => ({ location: parsePath(location, 'default'), type: 'POP' }), [location]);
  return (
    <Provider state={state} navigate={cannotNavigate}>
      {children}
    </Provider>
  );
}

/** A router with its history in memory: tests. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [state, setState] = useState<RouterState>(() => ({
    location: parsePath(initialEntries[initialEntries.length - 1] ?? '/', 'default'),
    type: 'POP',
  }));
  const navigate = useCallback<Navigate>((to, { replace = false } = {}) => {
    setState({ location: parsePath(to, newKey()), type: replace ? 'REPLACE' : 'PUSH' });
  }, []);
  return (
    <Provider state={state} navigate={navigate}>
      {children}
    </Provider>
  );
}
