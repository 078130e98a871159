// The screen for a path that is not on the site: says so plainly and offers the main ways on.
import { ButtonLink } from '../../components/Button/Button';
import { paths } from '../../lib/routes';
import styles from './NotFoundScreen.module.css';

export function NotFoundScreen() {
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <p className={styles.code}>404</p>
      <h1 id="not-found-title">Page not found</h1>
      <p className={styles.lead}>The page you asked for is not here. It may have moved, or the link may be mistyped.</p>
      <div className={styles.actions}>
        <ButtonLink href={paths.home}>Home</ButtonLink>
        <ButtonLink href={paths.solutions} fill="outline">
          Our Solutions
        </ButtonLink>
        <ButtonLink href={paths.contactUs} fill="outline">
          Contact Us
        </ButtonLink>
      </div>
    </section>
  );
}
