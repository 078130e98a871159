// The Solutions dropdown (docs/behaviour.md §2): at 992px and wider a large panel (a graphic of the suite:
// module tiles with icons, grouped), at 991px or less a plain grouped list; CSS picks one.
// Opens and closes by mouse (hover or click), touch (tap) and keyboard (Enter/Space/ArrowDown
// on the button); Escape closes it and returns focus to the button; so do a click outside and
// focus leaving the menu.
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { SolutionsMenu as SolutionsMenuView } from '../../lib/view';
import { ScriptButton } from '../Button/Button';
import { ProductIcon } from '../icons/ProductIcon';
import { SmartLink } from '../SmartLink/SmartLink';
import styles from './SolutionsMenu.module.css';
import { StrokeGlyph } from '../icons/StrokeGlyph';

export interface SolutionsMenuProps {
  label: string;
  menu: SolutionsMenuView;
  /** Called when a link in the menu is followed, so the mobile menu can close too. */
  onNavigate?: () => void;
}

const DESKTOP = '(min-width: 992px)';

export function SolutionsMenu({ label, menu, onNavigate }: SolutionsMenuProps) {
  const { groups, overview } = menu;
  const [open, setOpen] = useState(false);
  // Opened by hovering: a click then pins it open instead of closing it.
  const openedByHover = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onButtonClick() {
    if (open && openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    openedByHover.current = false;
    setOpen(!open);
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    setOpen(true);
    // Focus the first link once the panel is shown.
    requestAnimationFrame(() => firstVisibleLink(rootRef.current)?.focus());
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  function hover(entering: boolean, pointerType: string) {
    if (pointerType !== 'mouse' || !window.matchMedia(DESKTOP).matches) return;
    if (entering && !open) {
      openedByHover.current = true;
      setOpen(true);
    } else if (!entering && openedByHover.current) {
      openedByHover.current = false;
      setOpen(false);
    }
  }

  function followed() {
    openedByHover.current = false;
    setOpen(false);
    onNavigate?.();
  }

  return (
    // Escape handling for the button and every link inside.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={rootRef}
      className={styles.menu}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onPointerEnter={(e) => hover(true, e.pointerType)}
      onPointerLeave={(e) => hover(false, e.pointerType)}
    >
      <ScriptButton
        ref={buttonRef}
        className={styles.button}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <StrokeGlyph className={styles.chevron} d="M5 7.5l5 5 5-5" size={16} />
      </ScriptButton>
      <div id={panelId} className={styles.panel} hidden={!open}>
        <div className={styles.graphic}>
          <SmartLink href={overview.href} className={styles.overview} onClick={followed}>
            {/* The large graphic: the suite around one supplier record. */}
            <img
              className={styles.map}
              src={menu.graphicUrl}
              alt={menu.graphicAlt}
              width={320}
              height={220}
              loading="lazy"
            />
            <span className={styles.overviewLabel}>
              {overview.label}
              <span className={styles.overviewArrow} aria-hidden="true">
                {' '}
                →
              </span>
            </span>
          </SmartLink>
          <div className={styles.groups}>
            {groups.map((group, g) => (
              <div key={group.label} className={styles.group}>
                <p id={`${panelId}-g${g}`} className={styles.groupLabel}>
                  {group.label}
                </p>
                <ul className={styles.tiles} aria-labelledby={`${panelId}-g${g}`}>
                  {group.links.map((link) => (
                    <li key={link.href}>
                      <SmartLink href={link.href} className={styles.tile} onClick={followed}>
                        <ProductIcon href={link.href} className={styles.tileIcon} />
                        <span>{link.label}</span>
                      </SmartLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
        <div className={styles.list}>
          {groups.map((group, g) => (
            <div key={group.label} className={styles.listGroup}>
              <p id={`${panelId}-l${g}`} className={styles.listLabel}>
                {group.label}
              </p>
              <ul aria-labelledby={`${panelId}-l${g}`}>
                {group.links.map((link) => (
                  <li key={link.href}>
                    <SmartLink href={link.href} className={styles.listLink} onClick={followed}>
                      {link.label}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <SmartLink href={overview.href} className={styles.listOverview} onClick={followed}>
            {overview.label}
          </SmartLink>
        </div>
      </div>
    </div>
  );
}

/** The first link the visitor can see (the graphic or the list, whichever CSS shows). */
function firstVisibleLink(root: HTMLElement | null): HTMLElement | null {
  if (!root) return null;
  const links = Array.from(root.querySelectorAll<HTMLElement>('a[href]'));
  return links.find((a) => a.offsetParent !== null || a.getClientRects().length > 0) ?? links[0] ?? null;
}
