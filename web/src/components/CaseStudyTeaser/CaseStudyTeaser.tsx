// A customer-story teaser (SPEC §2). 'feature' (home and product pages): call-out quote,
// quoted person, job title and organisation, extract, and the two buttons. 'listing' (the
// customer stories index): logo, person, quote, teaser heading, extract and one link, with
// the layout alternating from row to row.
import { caseStudyPath, paths } from '../../lib/routes';
import { ButtonLink } from '../Button/Button';
import { Image } from '../Image/Image';
import styles from './CaseStudyTeaser.module.css';

export interface CaseStudyTeaserProps {
  slug: string;
  organisation: string;
  quotedPerson: string;
  jobTitle: string;
  quote: string;
  extract: string;
  teaserHeading?: string | null;
  logo?: { url: string; alt: string; width: number; height: number } | null;
  variant?: 'feature' | 'listing';
  /** Listing rows alternate: odd rows put the logo on the right. */
  reversed?: boolean;
}

export function CaseStudyTeaser({
  slug,
  organisation,
  quotedPerson,
  jobTitle,
  quote,
  extract,
  teaserHeading,
  logo,
  variant = 'feature',
  reversed = false,
}: CaseStudyTeaserProps) {
  const classes = [styles.teaser, styles[variant], reversed && styles.reversed].filter(Boolean).join(' ');
  return (
    <article className={classes}>
      <div className={styles.aside}>
        {logo && (
          <div className={styles.logo}>
            <Image src={logo.url} alt={logo.alt} width={logo.width} height={logo.height} />
          </div>
        )}
        <blockquote className={styles.quote}>
          <p>{quote}</p>
          <footer className={styles.attribution}>
            <span className={styles.person}>{quotedPerson}</span>
            <span>{jobTitle}</span>
            <span>{organisation}</span>
          </footer>
        </blockquote>
      </div>
      <div className={styles.main}>
        {teaserHeading && <h3 className={styles.heading}>{teaserHeading}</h3>}
        <p className={styles.extract}>{extract}</p>
        <div className={styles.actions}>
          <ButtonLink href={caseStudyPath(slug)} inverse={variant === 'feature'}>
            READ THE FULL CUSTOMER STORY NOW
          </ButtonLink>
          {variant === 'feature' && (
            <ButtonLink href={paths.caseStudyIndex} fill="outline" inverse>
              MORE CUSTOMER STORIES
            </ButtonLink>
          )}
        </div>
      </div>
    </article>
  );
}
