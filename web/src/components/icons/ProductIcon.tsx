// Line icons for the suite's modules, keyed by the module page's path. Drawn on a 32px grid
// with one stroke weight so they read as a set; decorative (the label is always beside them).
import type { ReactNode } from 'react';

const glyphs: Record<string, ReactNode> = {
  // eRFx: a request document with a checklist
  '/etender': (
    <>
      <path d="M8 4h12l6 6v18H8z" />
      <path d="M19 4v7h7" />
      <path d="M12 16l1.6 1.6L17 14M12 22l1.6 1.6L17 20M19.5 16H22M19.5 22H22" />
    </>
  ),
  // eAuction: a falling price line with a gavel tick
  '/reverse-auction-eauction': (
    <>
      <path d="M4 27h24" />
      <path d="M6 8l6 6 5-3 9 10" />
      <path d="M21 21h5v-5" />
    </>
  ),
  // Strategic sourcing: a pipeline of stages
  '/sourcing-management': (
    <>
      <rect x="4" y="6" width="8" height="8" rx="2" />
      <rect x="20" y="6" width="8" height="8" rx="2" />
      <rect x="12" y="19" width="8" height="8" rx="2" />
      <path d="M12 10h8M24 14l-6 5M8 14l6 5" />
    </>
  ),
  // Supplier information: a supplier profile card
  '/supplier-information-management': (
    <>
      <rect x="4" y="7" width="24" height="18" rx="3" />
      <circle cx="12" cy="14" r="3" />
      <path d="M7.5 21c1-2.4 2.6-3.5 4.5-3.5s3.5 1.1 4.5 3.5M19 13h5M19 17h5" />
    </>
  ),
  // Contract management: a signed contract
  '/contract-management': (
    <>
      <path d="M7 4h14l4 4v20H7z" />
      <path d="M11 10h8M11 14h10" />
      <path d="M11 22c1.5-2 2.5-2 3 0s1.5 2 3 0 2-1 4 0" />
    </>
  ),
  // Supplier performance: a scorecard gauge
  '/supplier-performance-management': (
    <>
      <path d="M5 22a11 11 0 0 1 22 0" />
      <path d="M16 22l6-7" />
      <circle cx="16" cy="22" r="1.8" />
      <path d="M5 27h22" />
    </>
  ),
  // Product information: a product box with a spec label
  '/product-information-management': (
    <>
      <path d="M16 4l11 5v14l-11 5-11-5V9z" />
      <path d="M5 9l11 5 11-5M16 14v14" />
    </>
  ),
  // Food industry: a leaf over a plate
  '/food-industry-software': (
    <>
      <path d="M4 24h24M7 24a9 9 0 0 1 18 0" />
      <path d="M16 15c0-5 3-8 8-9 0 5-3 8-8 9zM16 15c-1-3-3-5-6-5.5" />
    </>
  ),
  // The whole platform: connected modules
  '/supplier-management-platform': (
    <>
      <circle cx="16" cy="16" r="4" />
      <circle cx="6" cy="7" r="2.5" />
      <circle cx="26" cy="7" r="2.5" />
      <circle cx="6" cy="25" r="2.5" />
      <circle cx="26" cy="25" r="2.5" />
      <path d="M8 9l5 4.5M24 9l-5 4.5M8 23l5-4.5M24 23l-5-4.5" />
    </>
  ),
};

export interface ProductIconProps {
  /** The module page's path, e.g. '/etender'. */
  href: string;
  size?: number;
  className?: string;
}

export function ProductIcon({ href, size = 32, className }: ProductIconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 32 32"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {glyphs[href] ?? glyphs['/supplier-management-platform']}
    </svg>
  );
}
