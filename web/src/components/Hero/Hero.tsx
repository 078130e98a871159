// The navy hero that opens the home page and the product pages: a band labelled by its title,
// holding the copy and a panel side by side from 1024px.
import type { ReactNode } from 'react';
import styles from './Hero.module.css';

export interface HeroProps {
  /** The screen's own rules for the band (its background and `--hero-columns`). */
  className?: string;
  /** The id of the hero's title. */
  labelledBy: string;
  children: ReactNode;
}

export function Hero({ className, labelledBy, children }: HeroProps) {
  return (
    <section className={className ? `${styles.hero} ${className}` : styles.hero} aria-labelledby={labelledBy}>
      <div className={styles.inner}>{children}</div>
    </section>
  );
}
