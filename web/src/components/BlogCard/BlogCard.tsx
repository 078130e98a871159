// An insight card (SPEC §2): image, title, 'Read Time: N minutes' (or the publish date when
// there is no read time), short description and a READ POST button to the article.
import { insightPath } from '../../lib/routes';
import { ButtonLink } from '../Button/Button';
import { Image } from '../Image/Image';
import styles from './BlogCard.module.css';

export interface BlogCardProps {
  slug: string;
  title: string;
  description: string;
  image: { url: string; alt: string; width: number; height: number } | null;
  /** Minutes; when absent the card shows `dateLabel`. */
  readTimeMinutes?: number | null;
  /** The publish date already formatted ('March 05, 2024'): formatting is the server's job. */
  dateLabel?: string | null;
  buttonText?: string;
  headingLevel?: 2 | 3;
}

export function BlogCard({
  slug,
  title,
  description,
  image,
  readTimeMinutes,
  dateLabel,
  buttonText = 'READ POST',
  headingLevel = 3,
}: BlogCardProps) {
  const Heading = `h${headingLevel}` as const;
  const meta = readTimeMinutes != null ? `Read Time: ${readTimeMinutes} minutes` : dateLabel;
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {image && <Image src={image.url} alt={image.alt} width={image.width} height={image.height} cover />}
      </div>
      <div className={styles.body}>
        {meta && <p className={styles.meta}>{meta}</p>}
        <Heading className={styles.title}>{title}</Heading>
        <p className={styles.description}>{description}</p>
        <ButtonLink href={insightPath(slug)} fill="outline" className={styles.button} aria-label={`${buttonText}: ${title}`}>
          {buttonText}
        </ButtonLink>
      </div>
    </article>
  );
}
