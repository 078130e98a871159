// The small line glyphs beside controls (arrows, chevrons, the download mark): one path on a 20px
// grid in the text colour, decorative (the control's own text or label names what it does).

export function StrokeGlyph({ d, size = 20, className }: { d: string; size?: number; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 20 20" width={size} height={size} aria-hidden="true">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
