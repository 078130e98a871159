import { copiesPerSide, settingsAt, trackOffsetPercent, visiblePositions, wrap } from './carouselMath';

const base = { slidesToShow: 3, slidesToScroll: 3, initialSlide: 0 };
const responsive = [
  { maxWidth: 1024, slidesToShow: 3, slidesToScroll: 3 },
  { maxWidth: 600, slidesToShow: 2, slidesToScroll: 2, initialSlide: 2 },
  { maxWidth: 480, slidesToShow: 1 },
];

describe('carousel arithmetic', () => {
  it('uses the base settings above every breakpoint and a breakpoint’s own below it', () => {
    expect(settingsAt(base, responsive, null)).toEqual(base);
    expect(settingsAt(base, responsive, 600)).toEqual({ slidesToShow: 2, slidesToScroll: 2, initialSlide: 2 });
    // A breakpoint without a scroll step never scrolls more than it shows.
    expect(settingsAt(base, responsive, 480)).toEqual({ slidesToShow: 1, slidesToScroll: 1, initialSlide: 0 });
  });

  it('wraps negative and overlong indexes into range', () => {
    expect(wrap(-1, 12)).toBe(11);
    expect(wrap(12, 12)).toBe(0);
    expect(wrap(27, 12)).toBe(3);
  });

  it('adds enough copies that a step past either end still shows slides', () => {
    expect(copiesPerSide(12, 4, 1)).toBe(1);
    expect(copiesPerSide(4, 3, 3)).toBe(2);
  });

  it('places the track so the first visible slide starts the viewport', () => {
    expect(visiblePositions(0, 12, 4)).toEqual(new Set([12, 13, 14, 15]));
    expect(trackOffsetPercent(0, 12, 4)).toBe(-300);
    expect(trackOffsetPercent(-1, 12, 4)).toBe(-275);
  });
});
