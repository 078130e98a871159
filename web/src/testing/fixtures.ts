// Example view models for tests and for the fixture API of the dev and preview servers.
// They follow SPEC §2's labels and links; the real ones come from the Rust view models.
import type { Chrome, Outcome, PagePayload } from '../lib/view';

export const chrome: Chrome = {
  nav: {
    home: { label: 'SupplySite', href: '/' },
    solutions: {
      label: 'Solutions',
      groups: [
        {
          label: 'Source',
          links: [
            { label: 'eRFx', href: '/etender' },
            { label: 'Reverse Auction', href: '/reverse-auction-eauction' },
            { label: 'Strategic Sourcing', href: '/sourcing-management' },
          ],
        },
        {
          label: 'Supply',
          links: [
            { label: 'Supplier Information', href: '/supplier-information-management' },
            { label: 'Contract Management', href: '/contract-management' },
            { label: 'Supplier Performance', href: '/supplier-performance-management' },
          ],
        },
        { label: 'Product', links: [{ label: 'Product Information', href: '/product-information-management' }] },
        { label: 'Food Industry', links: [{ label: 'Food Industry Software', href: '/food-industry-software' }] },
      ],
      overview: { label: 'Our Solutions', href: '/supplier-management-platform' },
    },
    links: [
      { label: 'About', href: '/about-us' },
      { label: 'Customer Stories', href: '/case-study-index' },
      { label: 'Insights', href: '/insights' },
      { label: 'Contact Us', href: '/contact-us' },
    ],
  },
  footer: {
    products: [
      { label: 'eRFx', href: '/etender' },
      { label: 'Reverse Auction', href: '/reverse-auction-eauction' },
      { label: 'Strategic Sourcing', href: '/sourcing-management' },
      { label: 'Supplier Information', href: '/supplier-information-management' },
      { label: 'Contract Management', href: '/contract-management' },
      { label: 'Supplier Performance', href: '/supplier-performance-management' },
      { label: 'Product Information', href: '/product-information-management' },
      { label: 'Food Industry Software', href: '/food-industry-software' },
    ],
    menu: [
      { label: 'Solutions', href: '/supplier-management-platform' },
      { label: 'About', href: '/about-us' },
      { label: 'Customer Stories', href: '/case-study-index' },
      { label: 'Insights', href: '/insights' },
      { label: 'Contact', href: '/contact-us' },
      { label: 'Privacy Policy', href: '/privacy' },
    ],
    contact: {
      address: ['Level 1, 1 Example Street', 'Sydney NSW 2000', 'Australia'],
      phones: [
        { label: 'Australia', number: '+61 2 0000 0000' },
        { label: 'New Zealand', number: '+64 9 000 0000' },
      ],
      message: { label: 'Send us a message', href: '/contact-us' },
    },
    copyright: '© 2026 SupplySite. All rights reserved.',
  },
};

/** A not-found outcome: the only screen that needs no view model. */
export const notFound: Outcome = { outcome: 'not_found' };

/** The fixture API's answer for a path: redirects for the spec's fall-backs, else not found. */
export function fixturePayload(path: string): PagePayload {
  const pathname = path.split(/[?#]/)[0] ?? '/';
  if (pathname.startsWith('/case-study/')) return { chrome, outcome: { outcome: 'redirect', to: '/case-study-index' } };
  if (pathname.startsWith('/insights/')) return { chrome, outcome: { outcome: 'redirect', to: '/insights' } };
  return { chrome, outcome: notFound };
}
