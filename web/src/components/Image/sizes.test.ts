// Each `sizes` value against the layout it stands for, at viewports across every breakpoint:
// the width it names must match the width the stylesheet gives the picture (to a pixel).
import * as sizes from './sizes';

/** The width a `sizes` value names at a viewport `vw` pixels wide (the subset the site writes). */
function evaluate(value: string, vw: number): number {
  for (const entry of value.split(/,\s*(?![^(]*\))/)) {
    const m = /^\(min-width: (\d+)px\) (.+)$/.exec(entry.trim());
    const [query, length] = m ? [Number(m[1]), m[2]!] : [0, entry.trim()];
    if (vw >= query) return length_(length, vw);
  }
  throw new Error(`no entry of ${value} matches ${vw}px`);
}

function length_(length: string, vw: number): number {
  const px = /^(\d+)px$/.exec(length);
  if (px) return Number(px[1]);
  const calc = /^calc\(([\d.]+)vw - (\d+)px\)$/.exec(length);
  if (calc) return (Number(calc[1]) * vw) / 100 - Number(calc[2]);
  if (length === '100vw') return vw;
  throw new Error(`unknown length ${length}`);
}

/** The page column: the viewport less two gutters of clamp(1rem, 0.5rem + 2.5vw, 2.5rem), at most 76rem. */
const column = (vw: number) => Math.min(vw - 2 * Math.min(40, Math.max(16, 8 + 0.025 * vw)), 1216);

const VIEWPORTS = [320, 375, 414, 600, 767, 768, 900, 1023, 1024, 1280, 1295, 1296, 1440, 1920];

describe('sizes', () => {
  it.each(VIEWPORTS)('matches the layout at %ipx', (vw) => {
    const c = column(vw);
    const wide = vw >= 1024;
    const expected: [string, number][] = [
      [sizes.COLUMN, c],
      [sizes.HALF_COLUMN, wide ? (c - 32) / 2 : c],
      [sizes.STORY, wide ? c - 288 - 64 : c],
      [sizes.CARD, wide ? (c - 2 * 24) / 3 : vw >= 768 ? (c - 24) / 2 : c],
      [sizes.PROSE, Math.min(c, 672)],
    ];
    for (const [value, width] of expected) {
      expect(Math.abs(evaluate(value, vw) - width)).toBeLessThanOrEqual(1);
    }
  });

  it('sizes a logo by its height and ratio', () => {
    expect(sizes.byHeight({ width: 240, height: 56 }, 40)).toBe('172px');
    expect(sizes.byHeight({}, 40)).toBe('12rem');
  });
});
