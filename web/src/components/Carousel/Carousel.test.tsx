import { act, fireEvent, render, screen } from '@testing-library/react';
import { installMatchMedia, setViewport } from '../../testing/matchMedia';
import { Carousel, type CarouselBreakpoint } from './Carousel';

const LOGOS: CarouselBreakpoint[] = [
  { maxWidth: 1024, slidesToShow: 3 },
  { maxWidth: 600, slidesToShow: 2 },
  { maxWidth: 480, slidesToShow: 1 },
];
const MINI: CarouselBreakpoint[] = [
  { maxWidth: 1024, slidesToShow: 3, slidesToScroll: 3 },
  { maxWidth: 600, slidesToShow: 2, slidesToScroll: 2, initialSlide: 2 },
  { maxWidth: 480, slidesToShow: 1, slidesToScroll: 1 },
];

const slides = (n: number) => Array.from({ length: n }, (_, i) => <p key={i}>Slide {i + 1}</p>);

/** The slides a visitor can perceive (the rest are aria-hidden copies or off-screen). */
const shown = () => screen.getAllByRole('group', { name: / of \d+$/ }).map((g) => g.getAttribute('aria-label'));

function logos(props: Partial<Parameters<typeof Carousel>[0]> = {}) {
  return (
    <Carousel label="Customer logos" slides={slides(12)} slidesToShow={4} responsive={LOGOS} speed={500} {...props} />
  );
}

describe('Carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    [1920, 4],
    [1025, 4],
    [1024, 3],
    [601, 3],
    [600, 2],
    [481, 2],
    [480, 1],
    [375, 1],
  ])('at %ipx shows %i logos', (width, count) => {
    installMatchMedia({ width });
    render(logos());
    expect(shown()).toHaveLength(count);
    expect(shown()[0]).toBe('1 of 12');
  });

  it('follows the viewport when it crosses a breakpoint', () => {
    render(logos());
    expect(shown()).toHaveLength(4);
    act(() => setViewport({ width: 500 }));
    expect(shown()).toEqual(['1 of 12', '2 of 12']);
  });

  it('starts the mini cards at slide 3 at 600px and shows three elsewhere', () => {
    installMatchMedia({ width: 600 });
    const { unmount } = render(
      <Carousel label="More" slides={slides(8)} slidesToShow={3} slidesToScroll={3} responsive={MINI} />,
    );
    expect(shown()).toEqual(['3 of 8', '4 of 8']);
    unmount();
    installMatchMedia({ width: 1280 });
    render(<Carousel label="More" slides={slides(8)} slidesToShow={3} slidesToScroll={3} responsive={MINI} />);
    expect(shown()).toEqual(['1 of 8', '2 of 8', '3 of 8']);
  });

  it('wraps around infinitely in both directions', () => {
    render(logos());
    fireEvent.click(screen.getByRole('button', { name: 'Previous slides' }));
    expect(shown()).toEqual(['12 of 12', '1 of 12', '2 of 12', '3 of 12']);
    act(() => vi.advanceTimersByTime(500));
    // After the animation the index settles inside the range, showing the same slides.
    expect(shown()).toEqual(['12 of 12', '1 of 12', '2 of 12', '3 of 12']);
    fireEvent.click(screen.getByRole('button', { name: 'Next slides' }));
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(screen.getByRole('button', { name: 'Next slides' }));
    act(() => vi.advanceTimersByTime(500));
    expect(shown()).toEqual(['2 of 12', '3 of 12', '4 of 12', '5 of 12']);
    for (let i = 0; i < 10; i++) {
      fireEvent.click(screen.getByRole('button', { name: 'Next slides' }));
      act(() => vi.advanceTimersByTime(500));
    }
    expect(shown()).toEqual(['12 of 12', '1 of 12', '2 of 12', '3 of 12']);
  });

  it('scrolls the mini cards three at a time', () => {
    render(<Carousel label="More" slides={slides(8)} slidesToShow={3} slidesToScroll={3} responsive={MINI} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next slides' }));
    act(() => vi.advanceTimersByTime(500));
    expect(shown()).toEqual(['4 of 8', '5 of 8', '6 of 8']);
    fireEvent.click(screen.getByRole('button', { name: 'Next slides' }));
    act(() => vi.advanceTimersByTime(500));
    expect(shown()).toEqual(['7 of 8', '8 of 8', '1 of 8']);
  });

  it('autoplays every interval and pauses while hovered or focused', () => {
    render(logos({ autoplay: true, autoplaySpeed: 5000 }));
    act(() => vi.advanceTimersByTime(5000));
    act(() => vi.advanceTimersByTime(500));
    expect(shown()[0]).toBe('2 of 12');

    const region = screen.getByRole('group', { name: 'Customer logos' });
    fireEvent.pointerEnter(region, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(15000));
    expect(shown()[0]).toBe('2 of 12');
    fireEvent.pointerLeave(region, { pointerType: 'mouse' });

    act(() => screen.getByRole('button', { name: 'Next slides' }).focus());
    act(() => vi.advanceTimersByTime(15000));
    expect(shown()[0]).toBe('2 of 12');
  });

  it('can be stopped and started by the visitor', () => {
    render(logos({ autoplay: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    act(() => vi.advanceTimersByTime(20000));
    expect(shown()[0]).toBe('1 of 12');
    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    act(() => vi.advanceTimersByTime(5500));
    expect(shown()[0]).toBe('2 of 12');
  });

  it('does not autoplay when the visitor prefers reduced motion', () => {
    installMatchMedia({ width: 1280, reducedMotion: true });
    render(logos({ autoplay: true }));
    act(() => vi.advanceTimersByTime(20000));
    expect(shown()[0]).toBe('1 of 12');
    expect(screen.queryByRole('button', { name: /automatic slide show/ })).not.toBeInTheDocument();
  });

  it('moves by one step on a swipe and not on a short drag', () => {
    render(logos());
    const viewport = screen.getAllByRole('group', { name: / of 12$/ })[0]!.parentElement!.parentElement!;
    fireEvent.pointerDown(viewport, { pointerId: 1, clientX: 300, pointerType: 'touch' });
    fireEvent.pointerMove(viewport, { pointerId: 1, clientX: 290, pointerType: 'touch' });
    fireEvent.pointerUp(viewport, { pointerId: 1, clientX: 290, pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(500));
    expect(shown()[0]).toBe('1 of 12');
    fireEvent.pointerDown(viewport, { pointerId: 2, clientX: 300, pointerType: 'touch' });
    fireEvent.pointerMove(viewport, { pointerId: 2, clientX: 200, pointerType: 'touch' });
    fireEvent.pointerUp(viewport, { pointerId: 2, clientX: 200, pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(500));
    expect(shown()[0]).toBe('2 of 12');
  });

  it('does not move when the browser cancels the gesture, wherever the pointer was reported', () => {
    render(logos());
    const viewport = screen.getAllByRole('group', { name: / of 12$/ })[0]!.parentElement!.parentElement!;
    fireEvent.pointerDown(viewport, { pointerId: 3, clientX: 300, pointerType: 'mouse' });
    fireEvent.pointerMove(viewport, { pointerId: 3, clientX: 250, pointerType: 'mouse' });
    // Chromium reports a cancelled pointer at 0, which would read as a long swipe left.
    fireEvent.pointerCancel(viewport, { pointerId: 3, clientX: 0, pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(500));
    expect(shown()[0]).toBe('1 of 12');
  });

  it('keeps a slide’s links from being dragged away, so a mouse drag can swipe', () => {
    render(logos());
    const viewport = screen.getAllByRole('group', { name: / of 12$/ })[0]!.parentElement!.parentElement!;
    expect(fireEvent.dragStart(viewport)).toBe(false);
  });

  it('has no controls and no copies when every slide fits', () => {
    render(<Carousel label="Few" slides={slides(3)} slidesToShow={4} />);
    expect(shown()).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
