import { fetchPage, toPayload } from './api';

describe('toPayload', () => {
  it('accepts the embedded shape with chrome and a bare outcome', () => {
    expect(toPayload({ chrome: { brand: {} }, outcome: { outcome: 'not_found' } })).toEqual({
      chrome: { brand: {} },
      outcome: { outcome: 'not_found' },
    });
    expect(toPayload({ outcome: 'redirect', to: '/insights' })).toEqual({
      outcome: { outcome: 'redirect', to: '/insights' },
    });
  });

  it('refuses anything that is not an outcome', () => {
    expect(toPayload(null)).toBeNull();
    expect(toPayload([])).toBeNull();
    expect(toPayload({ outcome: 'page', screen: 'home' })).toBeNull();
    expect(toPayload({ outcome: 'redirect' })).toBeNull();
    expect(toPayload({ outcome: 'party' })).toBeNull();
  });
});

describe('fetchPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the page API for the path and reads a 404 body as an answer', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ outcome: 'not_found' }), { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchPage('/nope?x=1')).toEqual({ outcome: { outcome: 'not_found' } });
    expect(fetchMock).toHaveBeenCalledWith('/api/page?path=%2Fnope%3Fx%3D1', expect.anything());
  });

  it('reads a 503 that carries a page, and logs one that does not', async () => {
    const unavailable = { outcome: 'page', screen: 'search', view: { head: {}, unavailable: true } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(unavailable), { status: 503 })),
    );
    expect(await fetchPage('/search?q=rfq')).toEqual({ outcome: unavailable });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('the server took too long to answer', { status: 503 })),
    );
    expect(await fetchPage('/search?q=rfq')).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('logs a server error or a network failure to the console and returns null', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 500 })),
    );
    expect(await fetchPage('/')).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await fetchPage('/')).toBeNull();
    expect(error).toHaveBeenCalledTimes(2);
  });
});
