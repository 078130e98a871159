import { readEmbedded } from './bootstrap';

function page(json: string | null) {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== null) {
    const script = doc.createElement('script');
    script.id = '__SUPPLYSITE__';
    script.type = 'application/json';
    script.textContent = json;
    doc.body.append(script);
  }
  return doc;
}

describe('readEmbedded', () => {
  it('reads the chrome and outcome the server embedded', () => {
    expect(readEmbedded(page('{"chrome":{"menuLabel":"Menu"},"outcome":{"outcome":"not_found"}}'))).toEqual({
      chrome: { menuLabel: 'Menu' },
      outcome: { outcome: 'not_found' },
    });
  });

  it('is null for a page without data, and logs unreadable data', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readEmbedded(page(null))).toBeNull();
    expect(readEmbedded(page('{not json'))).toBeNull();
    expect(readEmbedded(page('{"outcome":"maybe"}'))).toBeNull();
    expect(error).toHaveBeenCalledTimes(2);
  });
});
