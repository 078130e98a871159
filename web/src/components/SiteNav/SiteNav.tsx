// The fixed top navigation (docs/behaviour.md §2): logo to /, the Solutions dropdown, About, Customer
// Stories, Insights and Contact Us; below 992px the links fold into a menu opened by a
// 'Menu' toggle. Labels and links come from the chrome view model.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from '../../lib/router';
import type { Chrome } from '../../lib/view';
import { ScriptButton } from '../Button/Button';
import { SiteLink } from '../SmartLink/SmartLink';
import { SolutionsMenu } from './SolutionsMenu';
import styles from './SiteNav.module.css';
import { UI } from '../../lib/contract.gen';

export interface SiteNavProps {
  chrome: Chrome;
}

export function SiteNav({ chrome }: SiteNavProps) {
  const { brand, nav } = chrome;
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();
  // Any navigation closes the mobile menu (state adjusted during render on a new path).
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setMenuOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && menuOpen) {
      setMenuOpen(false);
      toggleRef.current?.focus();
    }
  }

  const last = nav.length - 1;
  return (
    <header className={styles.header}>
      {/* Escape closes the mobile menu from anywhere inside it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <nav className={styles.bar} aria-label={UI.mainNavigation} onKeyDown={onKeyDown}>
        <SiteLink to={brand.href} className={styles.logo}>
          <img src={brand.logoUrl} alt={brand.logoAlt} width={brand.logoWidth} height={brand.logoHeight} />
        </SiteLink>
        <ScriptButton
          ref={toggleRef}
          className={styles.toggle}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.burger} aria-hidden="true" />
          {chrome.menuLabel}
        </ScriptButton>
        <ul id={menuId} className={styles.links} data-open={menuOpen}>
          <li className={styles.item}>
            <SolutionsMenu
              label={chrome.solutionsLabel}
              menu={chrome.solutions}
              onNavigate={() => setMenuOpen(false)}
            />
          </li>
          {nav.map((link, i) => (
            <li key={link.href} className={styles.item}>
              <SiteLink
                to={link.href}
                current
                className={i === last ? styles.cta : styles.link}
                onClick={() => setMenuOpen(false)}
              >
                {link.label}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
