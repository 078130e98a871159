// The arithmetic of the infinite carousel, kept pure so it can be tested on its own.
//
// The track holds the real slides with copies before and after them (enough copies that a
// step past either end still shows slides). The logical index is the first visible slide; it
// may step one scroll past either end while animating, and is then wrapped back into range
// without a transition: the copies make the jump invisible.

/** Slides per view and per step at one breakpoint. */
export interface CarouselBreakpoint {
  /** Applies at viewport widths up to and including this many pixels. */
  maxWidth: number;
  slidesToShow: number;
  slidesToScroll?: number;
  /** The slide shown first at this breakpoint. */
  initialSlide?: number;
}

export interface CarouselSettings {
  slidesToShow: number;
  slidesToScroll: number;
  initialSlide: number;
}

/** The settings in force at the breakpoint `active` (null: wider than every breakpoint). */
export function settingsAt(
  base: CarouselSettings,
  responsive: readonly CarouselBreakpoint[],
  active: number | null,
): CarouselSettings {
  const bp = active === null ? undefined : responsive.find((r) => r.maxWidth === active);
  if (!bp) return base;
  return {
    slidesToShow: bp.slidesToShow,
    slidesToScroll: bp.slidesToScroll ?? Math.min(base.slidesToScroll, bp.slidesToShow),
    initialSlide: bp.initialSlide ?? base.initialSlide,
  };
}

/** `index` wrapped into 0..count-1. */
export function wrap(index: number, count: number): number {
  return ((index % count) + count) % count;
}

/** How many copies of the slides go on each side of the real ones. */
export function copiesPerSide(count: number, show: number, scroll: number): number {
  return Math.max(1, Math.ceil((show + scroll) / count));
}

/** Track positions visible when the first visible slide is `index`; the real slides start at `lead`. */
export function visiblePositions(index: number, lead: number, show: number): Set<number> {
  const first = lead + index;
  return new Set(Array.from({ length: show }, (_, i) => first + i));
}

/** The track's translation, in percent of the viewport, for the first visible slide `index`. */
export function trackOffsetPercent(index: number, lead: number, show: number): number {
  return -((lead + index) * 100) / show;
}
