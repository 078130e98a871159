// A mini card of the 'More Insights and Information' list: an insight shows its title, a
// page-builder page its banner text (SPEC §2); the whole card is one link.
import { SmartLink } from '../SmartLink/SmartLink';
import styles from './MiniCard.module.css';

export interface MiniCardProps {
  href: string;
  label: string;
  /** Chooses the card's icon. */
  kind: 'insight' | 'page';
}

export function MiniCard({ href, label, kind }: MiniCardProps) {
  return (
    <SmartLink href={href} className={styles.card}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        {kind === 'insight' ? (
          <path d="M5 4h10l4 4v12H5zM14 4v5h5M8 13h8M8 16.5h6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        ) : (
          <path d="M4 5h16v14H4zM4 9h16M8 13h8M8 16h5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        )}
      </svg>
      <span className={styles.label}>{label}</span>
      <span className={styles.arrow} aria-hidden="true">
        →
      </span>
    </SmartLink>
  );
}
