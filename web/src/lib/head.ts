// Keeps the document <head> in step with the screen on in-app navigation. On first load the
// server has already written the same values, so applying them again changes nothing.
import type { Head } from './view';

/** Writes title, description, canonical, prev/next links, robots, Open Graph and JSON-LD into `doc`'s head. */
export function applyHead(head: Head, doc: Document): void {
  if (doc.title !== head.title) doc.title = head.title;
  setMeta(doc, 'name', 'description', head.description);
  setMeta(doc, 'name', 'robots', head.robots);
  setLink(doc, 'canonical', head.canonical);
  setLink(doc, 'prev', head.prev);
  setLink(doc, 'next', head.next);
  const og = head.openGraph;
  setMeta(doc, 'property', 'og:type', og.type);
  setMeta(doc, 'property', 'og:title', og.title);
  setMeta(doc, 'property', 'og:description', og.description);
  setMeta(doc, 'property', 'og:url', og.url);
  setMeta(doc, 'property', 'og:image', og.image?.url);
  setMeta(doc, 'property', 'og:image:alt', og.image?.alt);
  setMeta(doc, 'property', 'og:image:width', og.image?.width?.toString());
  setMeta(doc, 'property', 'og:image:height', og.image?.height?.toString());
  setMeta(doc, 'property', 'og:site_name', og.siteName);
  setJsonLd(doc, head.jsonLd);
}

function setMeta(doc: Document, attribute: 'name' | 'property', key: string, content: string | null | undefined) {
  let meta = doc.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!content) {
    meta?.remove();
    return;
  }
  if (!meta) {
    meta = doc.createElement('meta');
    meta.setAttribute(attribute, key);
    doc.head.append(meta);
  }
  if (meta.content !== content) meta.content = content;
}

function setLink(doc: Document, rel: 'canonical' | 'prev' | 'next', href: string | null | undefined) {
  let link = doc.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!href) {
    link?.remove();
    return;
  }
  if (!link) {
    link = doc.createElement('link');
    link.rel = rel;
    doc.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

function setJsonLd(doc: Document, items: unknown[]) {
  const next = items.map((item) => JSON.stringify(item));
  const current = Array.from(doc.head.querySelectorAll('script[type="application/ld+json"]'));
  if (current.length === next.length && current.every((s, i) => s.textContent === next[i])) return;
  current.forEach((s) => s.remove());
  for (const text of next) {
    const script = doc.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = text;
    doc.head.append(script);
  }
}
