import { searchHref } from './query';

describe('searchHref', () => {
  it('spells the address as the server canonicalises it', () => {
    expect(searchHref({ q: '  reverse   auction! ', kind: 'insight', product: 'eRFx', page: 2 })).toBe(
      '/search?q=reverse+auction%21&type=insight&product=eRFx&page=2',
    );
    expect(searchHref({ q: '', kind: null, product: null, page: 1 })).toBe('/search');
    expect(searchHref({ q: 'café “quotes” a*b-c_d.e~f', kind: null, product: null, page: 1 })).toBe(
      '/search?q=caf%C3%A9+%E2%80%9Cquotes%E2%80%9D+a*b-c_d.e%7Ef',
    );
  });

  it('spells values as the browser spells a form', () => {
    for (const value of ["it's (really) ~50%! a+b=c&d", 'é ü “”', 'a\uD800b']) {
      const spelt = new URLSearchParams({ q: value }).toString();
      expect(searchHref({ q: value, kind: null, product: null, page: 1 })).toBe(`/search?${spelt}`);
    }
  });
});
