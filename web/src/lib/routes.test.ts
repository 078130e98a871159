import { insightPath, isInternalHref, paths } from './routes';

describe('isInternalHref', () => {
  it('hands same-site screens to the client router', () => {
    expect(isInternalHref(paths.insights)).toBe(true);
    expect(isInternalHref(insightPath('a-post'))).toBe(true);
    expect(isInternalHref('/etender?utm=x#faq')).toBe(true);
  });

  it('leaves other sites, the API and the feed to the browser', () => {
    expect(isInternalHref('https://www.example.com/insights')).toBe(false);
    expect(isInternalHref('//images.ctfassets.net/x.png')).toBe(false);
    expect(isInternalHref('/api/page?path=/')).toBe(false);
    expect(isInternalHref(paths.insightsFeed)).toBe(false);
    expect(isInternalHref(`${paths.insightsFeed}?utm=x`)).toBe(false);
  });
});
