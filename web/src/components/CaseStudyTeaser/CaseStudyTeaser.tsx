// A customer-story teaser (docs/behaviour.md §2). 'feature' (home, product and about pages): call-out
// quote, quoted person, job title and organisation, extract, READ THE FULL CUSTOMER STORY NOW
// and MORE CUSTOMER STORIES. 'listing' (the customer stories index): logo, person, quote,
// teaser heading, extract and the one link, the logo alternating sides from row to row.
import type { CaseStudyTeaser as TeaserView, Side } from '../../lib/view';
import { inspect } from '../../lib/inspector';
import { ButtonLink } from '../Button/Button';
import { Image } from '../Image/Image';
import styles from './CaseStudyTeaser.module.css';

export interface CaseStudyTeaserProps {
  teaser: TeaserView;
  variant?: 'feature' | 'listing';
  /** Which side the logo and quote sit on from 768px (listing rows alternate). */
  logoSide?: Side;
  headingLevel?: 2 | 3;
}

export function CaseStudyTeaser({
  teaser,
  variant = 'feature',
  logoSide = 'left',
  headingLevel = 3,
}: CaseStudyTeaserProps) {
  const Heading = `h${headingLevel}` as const;
  const classes = [styles.teaser, styles[variant], logoSide === 'right' && styles.reversed].filter(Boolean).join(' ');
  const inverse = variant === 'feature';
  return (
    <article className={classes}>
      <div className={styles.aside}>
        {teaser.logo && (
          <div className={styles.logo} {...inspect(teaser, 'logo')}>
            <Image image={teaser.logo} sizes="160px" />
          </div>
        )}
        <figure className={styles.quote}>
          <blockquote>
            <p {...inspect(teaser, 'quote')}>{teaser.quote}</p>
          </blockquote>
          <figcaption className={styles.attribution}>
            <span className={styles.person} {...inspect(teaser, 'quotedPerson')}>
              {teaser.quotedPerson}
            </span>
            <span {...inspect(teaser, 'jobTitle')}>{teaser.jobTitle}</span>
            <span {...inspect(teaser, 'organisation')}>{teaser.organisation}</span>
          </figcaption>
        </figure>
      </div>
      <div className={styles.main}>
        {teaser.heading && (
          <Heading className={styles.heading} {...inspect(teaser, 'heading')}>
            {teaser.heading}
          </Heading>
        )}
        <p className={styles.extract} {...inspect(teaser, 'extract')}>
          {teaser.extract}
        </p>
        <div className={styles.actions}>
          <ButtonLink href={teaser.href} inverse={inverse}>
            {teaser.readLabel}
          </ButtonLink>
          {teaser.moreLabel && teaser.moreHref && (
            <ButtonLink href={teaser.moreHref} fill="outline" inverse={inverse}>
              {teaser.moreLabel}
            </ButtonLink>
          )}
        </div>
      </div>
    </article>
  );
}
