// How wide pictures are laid out at each breakpoint, as `sizes` values, read from the
// stylesheets that place them. The page column is the viewport less a gutter each side
// (clamp(1rem, 0.5rem + 2.5vw, 2.5rem), so 2 gutters are 5vw + 1rem between 320px and
// 1280px) and stops growing at 76rem (1216px) from a 1296px viewport.

/** The full page column (insight hero, case-study banner: the same as core's preloaded value). */
export const COLUMN = '(min-width: 1296px) 1216px, (min-width: 1280px) calc(100vw - 80px), calc(95vw - 16px)';

/**
 * A card of a card grid: one column, two from 768px, and from 1024px as many 15rem-or-wider
 * columns as fit (three in the lists the site shows), 1.5rem apart.
 */
export const CARD =
  '(min-width: 1296px) 389px, (min-width: 1024px) calc(31.67vw - 21px), (min-width: 768px) calc(47.5vw - 20px), calc(95vw - 16px)';

/** Half the page column beside text from 1024px (2rem apart), the whole column below. */
export const HALF_COLUMN = '(min-width: 1296px) 592px, (min-width: 1024px) calc(47.5vw - 24px), calc(95vw - 16px)';

/** The story column of a case study: beside an 18rem side column (4rem apart) from 1024px. */
export const STORY = '(min-width: 1296px) 864px, (min-width: 1024px) calc(95vw - 368px), calc(95vw - 16px)';

/** An insight's side list card: the 18rem side column less its padding from 1024px. */
export const ASIDE_CARD = '(min-width: 1024px) 262px, calc(95vw - 42px)';

/** The privacy policy's prose column (42rem). */
export const PROSE = '(min-width: 724px) 672px, calc(95vw - 16px)';

/** A timeline card's picture: the column less the line and the card's padding; half from 768px. */
export const TIMELINE = '(min-width: 1296px) 526px, (min-width: 768px) calc(47.5vw - 90px), calc(95vw - 98px)';

/** A logo drawn `height` CSS pixels tall: its width follows its ratio (`fallback` when unknown). */
export function byHeight(image: { width?: number; height?: number }, height: number, fallback = '12rem'): string {
  return image.width && image.height ? `${Math.ceil((height * image.width) / image.height)}px` : fallback;
}
