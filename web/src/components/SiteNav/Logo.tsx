// The site's mark: an S-curve of supply with a node, drawn inline so it costs no request.
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#0b1f3a" />
      <path
        d="M9 20.5c1.4 1.3 3.6 2.1 6 2.1 3.5 0 5.9-1.6 5.9-4.1 0-5.5-10.6-3.2-10.6-8 0-1.7 1.8-2.9 4.5-2.9 2 0 3.8.6 5 1.6"
        fill="none"
        stroke="#2dd4bf"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <circle cx="23.5" cy="22.5" r="2.2" fill="#f5b83d" />
    </svg>
  );
}
