import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { Image as ImageView } from '../../lib/view';
import { BLANK, Image } from './Image';

const base = '/img/images.ctfassets.net/s/a/t/harbour.jpg';
const list = (fm: string, q: string) => [320, 640, 1200].map((w) => `${base}?w=${w}&fm=${fm}${q} ${w}w`).join(', ');

const PHOTO: ImageView = {
  url: '/assets/images.ctfassets.net/s/a/t/harbour.jpg',
  alt: 'Harbour at dawn',
  width: 1200,
  height: 800,
  srcset: list('jpg', '&q=75'),
  sources: [
    { type: 'image/avif', srcset: list('avif', '&q=50') },
    { type: 'image/webp', srcset: list('webp', '&q=75') },
  ],
};
const SVG: ImageView = { url: '/images/logo.svg', alt: 'Logo', width: 240, height: 56 };

describe('Image', () => {
  it('offers AVIF, then WebP, then the fallback at every width, with the layout sizes', () => {
    const { container } = render(<Image image={PHOTO} sizes="(min-width: 1024px) 50vw, 100vw" />);
    const sources = Array.from(container.querySelectorAll('picture > source'));
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.getAttribute('srcset')).toBe(PHOTO.sources?.[0]?.srcset);
    expect(sources.every((s) => s.getAttribute('sizes') === '(min-width: 1024px) 50vw, 100vw')).toBe(true);
    const img = container.querySelector('picture > img')!;
    expect(img.getAttribute('srcset')).toBe(PHOTO.srcset);
    expect(img.getAttribute('sizes')).toBe('(min-width: 1024px) 50vw, 100vw');
    expect(img.getAttribute('src')).toBe(PHOTO.url);
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('alt')]).toEqual([
      '1200',
      '800',
      'Harbour at dawn',
    ]);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });

  it('loads the largest picture at once, at high priority, with the sizes its preload names', () => {
    const hero = { ...PHOTO, sizes: '(min-width: 1296px) 1216px, calc(95vw - 16px)' };
    const { container } = render(<Image image={hero} sizes="100vw" priority />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('sizes')).toBe(hero.sizes);
    expect(container.querySelector('source')?.getAttribute('sizes')).toBe(hero.sizes);
  });

  it('shows a picture without renditions as it is, a bare img with no srcset or sizes', () => {
    const { container } = render(<Image image={SVG} sizes="100vw" />);
    expect(container.querySelector('picture')).toBeNull();
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/images/logo.svg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
  });

  it('loads a blank pixel where a media-limited picture does not show, before any other source', () => {
    const { container } = render(<Image image={PHOTO} sizes="100vw" media="(min-width: 1024px)" priority />);
    const first = container.querySelector('picture > source')!;
    expect(first.getAttribute('media')).toBe('not all and (min-width: 1024px)');
    expect(first.getAttribute('srcset')).toBe(BLANK);
    expect(first.getAttribute('sizes')).toBe('1px');
    expect(first.hasAttribute('type')).toBe(false);
    expect(container.querySelectorAll('picture > source')).toHaveLength(3);
    const svg = render(<Image image={SVG} media="(min-width: 1024px)" />).container;
    expect(svg.querySelector('source')?.getAttribute('srcset')).toBe(BLANK);
  });

  it('keeps the original ratio whatever rendition arrives', () => {
    const { container } = render(<Image image={PHOTO} sizes="100vw" />);
    expect(container.querySelector('img')?.style.aspectRatio).toBe(`${PHOTO.width} / ${PHOTO.height}`);
  });

  it('renders on the server as in the browser', () => {
    const element = <Image image={PHOTO} sizes="100vw" media="(min-width: 1024px)" priority />;
    const server = document.createElement('div');
    server.innerHTML = renderToString(element);
    const { container } = render(element);
    expect(elements(server)).toEqual(elements(container));
  });
});

/** Each element's name and attributes, attribute order and the spelling of styles aside. */
function elements(root: Element) {
  return Array.from(root.querySelectorAll('*')).map((e) => [
    e.tagName,
    Object.fromEntries(
      Array.from(e.attributes).map((a) => [a.name, a.name === 'style' ? (e as HTMLElement).style.cssText : a.value]),
    ),
  ]);
}
