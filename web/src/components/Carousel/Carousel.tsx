// The infinite carousel of docs/behaviour.md §4 and §9 (customer logos, 'More Insights and Information'):
// no dots, swipe, previous/next buttons, slides per view by breakpoint, optional autoplay that
// pauses on hover, on focus, on request and for visitors who prefer reduced motion.
import { useEffect, useReducer, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useHydrated } from '../../lib/hydrated';
import { useMaxWidthBreakpoint, usePrefersReducedMotion } from '../../lib/media';
import {
  copiesPerSide,
  settingsAt,
  trackOffsetPercent,
  visiblePositions,
  wrap,
  type CarouselBreakpoint,
} from './carouselMath';
import { ScriptButton } from '../Button/Button';
import styles from './Carousel.module.css';
import { UI } from '../../lib/contract.gen';
import { StrokeGlyph } from '../icons/StrokeGlyph';

export type { CarouselBreakpoint } from './carouselMath';

export interface CarouselProps {
  /** Accessible name of the carousel (a group, so it never duplicates a section landmark). */
  label: string;
  slides: ReactNode[];
  /** Slides in view above every breakpoint. */
  slidesToShow: number;
  slidesToScroll?: number;
  initialSlide?: number;
  /** Overrides at narrower viewports (each applies up to and including its maxWidth). */
  responsive?: readonly CarouselBreakpoint[];
  autoplay?: boolean;
  /** Milliseconds between autoplay steps. */
  autoplaySpeed?: number;
  /** Milliseconds a step's slide animation takes. */
  speed?: number;
}

const SWIPE_THRESHOLD_PX = 40;
const NO_BREAKPOINTS: readonly CarouselBreakpoint[] = [];

interface Position {
  /** The breakpoint the index belongs to: a new breakpoint starts at its initial slide. */
  breakpoint: number | null;
  index: number;
  animating: boolean;
}

type Action =
  | { type: 'move'; delta: number; count: number }
  | { type: 'settle'; count: number }
  | { type: 'reset'; breakpoint: number | null; index: number };

function reduce(state: Position, action: Action): Position {
  switch (action.type) {
    case 'move':
      // Always start from a wrapped index so one step never runs past the copies.
      return { ...state, index: wrap(state.index, action.count) + action.delta, animating: true };
    case 'settle':
      return { ...state, index: wrap(state.index, action.count), animating: false };
    case 'reset':
      return { breakpoint: action.breakpoint, index: action.index, animating: false };
  }
}

export function Carousel({
  label,
  slides,
  slidesToShow,
  slidesToScroll = 1,
  initialSlide = 0,
  responsive = NO_BREAKPOINTS,
  autoplay = false,
  autoplaySpeed = 5000,
  speed = 500,
}: CarouselProps) {
  const breakpoint = useMaxWidthBreakpoint(responsive.map((r) => r.maxWidth));
  const settings = settingsAt({ slidesToShow, slidesToScroll, initialSlide }, responsive, breakpoint);
  const count = slides.length;
  const show = Math.max(1, settings.slidesToShow);
  const scroll = Math.max(1, Math.min(settings.slidesToScroll, show));
  const moving = count > show;

  const [position, dispatch] = useReducer(reduce, {
    breakpoint,
    index: moving ? wrap(settings.initialSlide, count) : 0,
    animating: false,
  });
  // A new breakpoint starts at its own initial slide (adjusting state during render, as React
  // recommends for state derived from a changed input).
  if (position.breakpoint !== breakpoint) {
    dispatch({ type: 'reset', breakpoint, index: moving ? wrap(settings.initialSlide, count) : 0 });
  }

  const reducedMotion = usePrefersReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const hydrated = useHydrated();
  const [drag, setDrag] = useState(0);
  const gesture = useRef<{ x: number; id: number; dragging: boolean } | null>(null);
  const suppressClick = useRef(false);
  const duration = reducedMotion ? 0 : speed;

  // After a step's animation, wrap the index back into range with no transition.
  useEffect(() => {
    if (!position.animating) return;
    const timer = setTimeout(() => dispatch({ type: 'settle', count }), duration);
    return () => clearTimeout(timer);
  }, [position.animating, position.index, duration, count]);

  const playing = autoplay && moving && !stopped && !hovered && !focused && !reducedMotion;
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => dispatch({ type: 'move', delta: scroll, count }), autoplaySpeed);
    return () => clearInterval(timer);
  }, [playing, autoplaySpeed, scroll, count]);

  function step(delta: number) {
    if (position.animating) return;
    dispatch({ type: 'move', delta, count });
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!moving || (event.pointerType === 'mouse' && event.button !== 0)) return;
    gesture.current = { x: event.clientX, id: event.pointerId, dragging: false };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const g = gesture.current;
    if (!g || g.id !== event.pointerId) return;
    const dx = event.clientX - g.x;
    if (!g.dragging && Math.abs(dx) > 6) {
      g.dragging = true;
      // Captured only once it is a drag, so a plain tap still clicks the link under it.
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    if (g.dragging) setDrag(dx);
  }

  function onPointerEnd(event: PointerEvent<HTMLDivElement>) {
    const g = gesture.current;
    if (!g || g.id !== event.pointerId) return;
    gesture.current = null;
    // A cancelled pointer (the browser took the gesture over) is no swipe, and its position
    // is not where the finger was.
    if (event.type === 'pointercancel') {
      setDrag(0);
      return;
    }
    if (!g.dragging) return;
    const dx = event.clientX - g.x;
    suppressClick.current = true;
    setDrag(0);
    if (dx <= -SWIPE_THRESHOLD_PX) step(scroll);
    else if (dx >= SWIPE_THRESHOLD_PX) step(-scroll);
  }

  // The copies that make it endless are added once the page is interactive: the server's
  // markup holds each slide once (a third of the bytes), and the track moves by the copies
  // put before the slides in the same render, so nothing on screen moves.
  const copies = moving && hydrated ? copiesPerSide(count, show, scroll) : 0;
  const lead = copies * count;
  const visible = visiblePositions(position.index, lead, show);
  const offset = moving ? trackOffsetPercent(position.index, lead, show) : 0;
  const track = Array.from({ length: count * (2 * copies + 1) }, (_, p) => p);

  return (
    // Hover and focus inside the carousel pause autoplay; they do not make it interactive.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      className={styles.carousel}
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setFocused(false)}
    >
      {moving && (
        <div className={styles.controls}>
          {autoplay && !reducedMotion && (
            <ScriptButton
              className={styles.control}
              onClick={() => setStopped((s) => !s)}
              aria-label={stopped ? UI.startSlideShow : UI.stopSlideShow}
            >
              {stopped ? <PlayGlyph /> : <PauseGlyph />}
            </ScriptButton>
          )}
          <ScriptButton className={styles.control} onClick={() => step(-scroll)} aria-label={UI.previousSlides}>
            <ArrowGlyph direction="left" />
          </ScriptButton>
          <ScriptButton className={styles.control} onClick={() => step(scroll)} aria-label={UI.nextSlides}>
            <ArrowGlyph direction="right" />
          </ScriptButton>
        </div>
      )}
      {/* Swiping is a pointer shortcut; the buttons above do the same for keyboards. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- only cancels native link dragging */}
      <div
        className={styles.viewport}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        // A mouse drag over a card would otherwise drag its link away and cancel the swipe.
        onDragStart={(event) => event.preventDefault()}
        onClickCapture={(event) => {
          if (!suppressClick.current) return;
          suppressClick.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
      >
        <div
          className={styles.track}
          aria-live={playing ? 'off' : 'polite'}
          style={{
            transform: drag ? `translateX(calc(${offset}% + ${drag}px))` : `translateX(${offset}%)`,
            transition: position.animating && duration > 0 ? `transform ${duration}ms ease` : 'none',
          }}
        >
          {track.map((p) => {
            const slide = wrap(p, count);
            const shown = !moving || visible.has(p);
            return (
              <div
                // Keyed from the first real slide, so the real slides keep their elements
                // when the copies arrive.
                key={p - lead}
                className={styles.slide}
                style={{ flexBasis: `${100 / show}%` }}
                role="group"
                aria-roledescription="slide"
                aria-label={`${slide + 1} of ${count}`}
                aria-hidden={shown ? undefined : true}
                inert={shown ? undefined : true}
              >
                {slides[slide]}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

function ArrowGlyph({ direction }: { direction: 'left' | 'right' }) {
  return <StrokeGlyph d={direction === 'left' ? 'M12.5 4.5L7 10l5.5 5.5' : 'M7.5 4.5L13 10l-5.5 5.5'} />;
}

function PauseGlyph() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <path d="M7 5v10M13 5v10" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

function PlayGlyph() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <path d="M7 4.5v11l8.5-5.5z" fill="currentColor" />
    </svg>
  );
}
