// Links to the neighbouring pages of a paginated listing. They are plain links, so visitors
// and crawlers without JavaScript can walk the whole listing page by page.
import { SiteLink } from '../SmartLink/SmartLink';
import styles from './Pager.module.css';

export interface PagerProps {
  /** Names the navigation landmark ('Insights pages'). */
  label: string;
  prev: string | null;
  prevLabel: string;
  next?: string | null;
  nextLabel?: string;
}

export function Pager({ label, prev, prevLabel, next, nextLabel }: PagerProps) {
  if (!prev && !next) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      {prev && (
        <SiteLink to={prev} rel="prev" className={styles.link}>
          {prevLabel}
        </SiteLink>
      )}
      {next && nextLabel && (
        <SiteLink to={next} rel="next" className={`${styles.link} ${styles.next}`}>
          {nextLabel}
        </SiteLink>
      )}
    </nav>
  );
}
