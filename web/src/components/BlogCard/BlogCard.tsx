// An insight card (docs/behaviour.md §2): image, title, 'Read Time: N minutes' (or the publish date),
// short description and a READ POST button to the article.
import type { BlogCard as BlogCardView } from '../../lib/view';
import { inspect } from '../../lib/inspector';
import { ButtonLink } from '../Button/Button';
import { Image } from '../Image/Image';
import * as sizes from '../Image/sizes';
import styles from './BlogCard.module.css';

export interface BlogCardProps {
  card: BlogCardView;
  headingLevel?: 2 | 3 | 4;
}

export function BlogCard({ card, headingLevel = 3 }: BlogCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.card}>
      <div className={styles.media} {...inspect(card, 'image')}>
        {card.image && <Image image={card.image} sizes={sizes.CARD} cover />}
      </div>
      <div className={styles.body}>
        <p className={styles.meta}>{card.readTime}</p>
        <Heading className={styles.title} {...inspect(card, 'title')}>
          {card.title}
        </Heading>
        <p className={styles.description} {...inspect(card, 'description')}>
          {card.description}
        </p>
        {/* The visible label is the same on every card; the title tells them apart. */}
        <ButtonLink
          href={card.href}
          fill="outline"
          className={styles.button}
          aria-label={`${card.buttonLabel}: ${card.title}`}
        >
          {card.buttonLabel}
        </ButtonLink>
      </div>
    </article>
  );
}
