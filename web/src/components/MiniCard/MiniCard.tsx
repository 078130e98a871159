// A mini card of the 'More Insights and Information' list: an insight shows its title, a
// page-builder page its banner text (docs/behaviour.md §2); the whole card is one link.
import { inspect } from '../../lib/inspector';
import type { MiniCard as MiniCardView } from '../../lib/view';
import { SmartLink } from '../SmartLink/SmartLink';
import styles from './MiniCard.module.css';

export function MiniCard({ card }: { card: MiniCardView }) {
  return (
    <SmartLink href={card.href} className={styles.card}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        {card.kind === 'post' ? (
          <path
            d="M5 4h10l4 4v12H5zM14 4v5h5M8 13h8M8 16.5h6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        ) : (
          <path
            d="M4 5h16v14H4zM4 9h16M8 13h8M8 16h5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        )}
      </svg>
      <span className={styles.label} {...inspect(card, 'text')}>
        {card.text}
      </span>
      <span className={styles.arrow} aria-hidden="true">
        →
      </span>
    </SmartLink>
  );
}
