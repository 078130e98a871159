// A page section: full-bleed background (plain, tinted or navy) around a centred column, with
// an optional heading and introduction. Screens are stacks of these.
import { useId, type ReactNode } from 'react';
import styles from './Section.module.css';

export interface SectionProps {
  heading?: string;
  intro?: string;
  /** Background: white, light tint, or navy (text turns light). */
  tone?: 'plain' | 'tint' | 'navy';
  /** Centre the heading and introduction. */
  centred?: boolean;
  narrow?: boolean;
  className?: string;
  id?: string;
  children?: ReactNode;
}

export function Section({
  heading,
  intro,
  tone = 'plain',
  centred = false,
  narrow = false,
  className,
  id,
  children,
}: SectionProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      className={[styles.section, styles[tone], className].filter(Boolean).join(' ')}
      aria-labelledby={heading ? headingId : undefined}
    >
      <div className={[styles.inner, narrow && styles.narrow].filter(Boolean).join(' ')}>
        {(heading || intro) && (
          <header className={[styles.header, centred && styles.centred].filter(Boolean).join(' ')}>
            {heading && <h2 id={headingId}>{heading}</h2>}
            {intro && <p className={styles.intro}>{intro}</p>}
          </header>
        )}
        {children}
      </div>
    </section>
  );
}
