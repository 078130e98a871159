// Keeps the document <head> in step with the screen on in-app navigation. On first load the
// server has already written the same values, so applying them again changes nothing.
import type { Head } from './view';

/** Writes title, description, canonical and robots into `doc`'s head. */
export function applyHead(head: Head, doc: Document): void {
  if (doc.title !== head.title) doc.title = head.title;
  setMeta(doc, 'description', head.description);
  setMeta(doc, 'robots', head.robots);
  setCanonical(doc, head.canonical);
}

function setMeta(doc: Document, name: string, content: string | null | undefined) {
  let meta = doc.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!content) {
    meta?.remove();
    return;
  }
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = name;
    doc.head.append(meta);
  }
  meta.content = content;
}

function setCanonical(doc: Document, href: string | null | undefined) {
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!href) {
    link?.remove();
    return;
  }
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'canonical';
    doc.head.append(link);
  }
  link.href = href;
}
