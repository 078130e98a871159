// The navy title band that opens a screen (about, customer stories, a case study, contact, the
// insights listing): the band and its centred column, holding what the screen puts there, and
// what runs the band's full width below the column (`after`).
import type { ReactNode } from 'react';
import styles from './ScreenHeader.module.css';

/** The lead paragraph under a screen's title. */
export const screenIntro = styles.intro;

export interface ScreenHeaderProps {
  /** The screen's own rules for the band. */
  className?: string;
  /** Below the column, the band's full width. */
  after?: ReactNode;
  children: ReactNode;
}

export function ScreenHeader({ className, after, children }: ScreenHeaderProps) {
  return (
    <header className={className ? `${styles.header} ${className}` : styles.header}>
      <div className={styles.headerInner}>{children}</div>
      {after}
    </header>
  );
}
