import { applyHead } from './head';
import type { Head } from './view';

const head: Head = {
  title: 'eRFx | Supplysite',
  description: 'Tenders online.',
  canonical: 'https://www.example.com/etender',
  robots: 'noindex, follow',
  openGraph: {
    type: 'website',
    title: 'eRFx',
    description: 'Tenders online.',
    image: null,
    url: 'https://www.example.com/etender',
    siteName: 'Supplysite',
  },
  jsonLd: [{ '@type': 'FAQPage' }],
};

describe('applyHead', () => {
  it('writes title, description, canonical, robots, Open Graph and JSON-LD, replacing old values', () => {
    const doc = document.implementation.createHTMLDocument('old');
    doc.head.innerHTML =
      '<meta name="robots" content="index, follow"><meta property="og:image" content="/x.png"><script type="application/ld+json">{"@type":"Old"}</script>';
    applyHead(head, doc);
    expect(doc.title).toBe('eRFx | Supplysite');
    expect(doc.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Tenders online.');
    expect(doc.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, follow');
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://www.example.com/etender',
    );
    expect(doc.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('eRFx');
    expect(doc.head.querySelector('meta[property="og:image"]')).toBeNull();
    const scripts = doc.head.querySelectorAll('script[type="application/ld+json"]');
    expect(Array.from(scripts).map((s) => s.textContent)).toEqual(['{"@type":"FAQPage"}']);
  });

  it('names the link-preview picture with its size, and drops all of it on a page without one', () => {
    const doc = document.implementation.createHTMLDocument('old');
    const url = 'https://www.example.com/img/images.ctfassets.net/s/a/t/hero.jpg?w=1200&fm=jpg&q=75';
    const image = { url, alt: 'Harbour', width: 1200, height: 800 };
    applyHead({ ...head, openGraph: { ...head.openGraph, image } }, doc);
    const meta = (key: string) => doc.head.querySelector(`meta[property="${key}"]`)?.getAttribute('content');
    expect([meta('og:image'), meta('og:image:alt'), meta('og:image:width'), meta('og:image:height')]).toEqual([
      url,
      'Harbour',
      '1200',
      '800',
    ]);
    applyHead(head, doc);
    expect(doc.head.querySelectorAll('meta[property^="og:image"]')).toHaveLength(0);
  });

  it('keeps the link to the insights feed the server wrote, which every page shares', () => {
    const doc = document.implementation.createHTMLDocument('old');
    doc.head.innerHTML =
      '<link rel="alternate" type="application/atom+xml" title="Supplysite Insights" href="https://www.example.com/insights/feed.xml">';
    applyHead(head, doc);
    applyHead({ ...head, canonical: '' }, doc);
    const feeds = doc.head.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]');
    expect(Array.from(feeds).map((l) => l.getAttribute('href'))).toEqual(['https://www.example.com/insights/feed.xml']);
  });
});

describe('applyHead on a paginated listing', () => {
  it('writes the prev and next links of the page and drops those the next page has not', () => {
    const doc = document.implementation.createHTMLDocument('old');
    applyHead(
      { ...head, prev: 'https://www.example.com/insights', next: 'https://www.example.com/insights?page=3' },
      doc,
    );
    expect(doc.head.querySelector('link[rel="prev"]')?.getAttribute('href')).toBe('https://www.example.com/insights');
    expect(doc.head.querySelector('link[rel="next"]')?.getAttribute('href')).toBe(
      'https://www.example.com/insights?page=3',
    );
    applyHead(head, doc);
    expect(doc.head.querySelector('link[rel="prev"]')).toBeNull();
    expect(doc.head.querySelector('link[rel="next"]')).toBeNull();
  });
});
