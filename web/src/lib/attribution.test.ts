import { firstPage, notePage, PAGES_KEY, VISIT_KEY, visitAttribution } from './attribution';
import { EMBEDDED_ID } from './bootstrap';
import { resetSiteSettings } from './settings';

/** A document whose embedded settings turn capture on or off, at `url`, reached from `referrer`. */
function page(leadCapture: boolean, url: string, referrer = '') {
  resetSiteSettings();
  document.body.innerHTML = `<script id="${EMBEDDED_ID}" type="application/json">${JSON.stringify({
    outcome: { outcome: 'not_found' },
    settings: { leadCapture },
  })}</script>`;
  window.history.replaceState(null, '', url);
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
}

describe('where a visit came from', () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    resetSiteSettings();
    document.body.innerHTML = '';
    delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
  });

  it('keeps the landing path with only the campaign parameters, the referrer host and a click flag', () => {
    const url = new URL(
      'https://www.example.com/insights/guide?utm_source=Newsletter&utm_medium=email&utm_campaign=spring&ref=abc&gclid=Cj0KCQ&utm_term=&email=ann@example.com',
    );
    expect(firstPage(url, 'https://news.example.org/2026/issue?id=7#top')).toEqual({
      source: 'Newsletter',
      medium: 'email',
      campaign: 'spring',
      adClick: true,
      landingPage: '/insights/guide?utm_source=Newsletter&utm_medium=email&utm_campaign=spring',
      referrer: 'news.example.org',
    });
    // A visit from the site itself (a reload, a new tab) has no referrer of its own.
    expect(firstPage(new URL('https://www.example.com/'), 'https://www.example.com/etender')).toEqual({
      landingPage: '/',
    });
  });

  it('captures the first page of the visit once and the page before the contact page', () => {
    page(true, '/insights/guide?utm_source=linkedin&utm_medium=social', 'https://www.linkedin.com/feed/');
    notePage('/insights/guide');
    window.history.replaceState(null, '', '/etender?utm_source=other');
    notePage('/etender');
    notePage('/contact-us');
    expect(visitAttribution()).toEqual({
      source: 'linkedin',
      medium: 'social',
      landingPage: '/insights/guide?utm_source=linkedin&utm_medium=social',
      referrer: 'www.linkedin.com',
      conversionPage: '/etender',
    });
    // Session storage only: nothing in local storage or cookies.
    expect(Object.keys(sessionStorage).sort()).toEqual([PAGES_KEY, VISIT_KEY].sort());
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('keeps and sends nothing for a visitor sending Global Privacy Control, and forgets what it had', () => {
    page(true, '/?utm_source=newsletter');
    notePage('/');
    expect(visitAttribution()).toBeDefined();
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    notePage('/contact-us');
    expect(sessionStorage.length).toBe(0);
    expect(visitAttribution()).toBeUndefined();
  });

  it('keeps and sends nothing when the server turns capture off', () => {
    page(false, '/?utm_source=newsletter', 'https://news.example.org/');
    notePage('/');
    notePage('/contact-us');
    expect(sessionStorage.length).toBe(0);
    expect(visitAttribution()).toBeUndefined();
  });
});
