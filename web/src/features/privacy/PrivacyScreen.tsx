// The privacy policy (docs/behaviour.md §2): its five sections and two images, or the view model's empty
// state when the space has no policy. What the site tracks and keeps, and that Global Privacy
// Control turns it off, is the policy's own text, which editors own.
import { ButtonRow } from '../../components/Blocks/Blocks';
import { Image } from '../../components/Image/Image';
import * as sizes from '../../components/Image/sizes';
import { RichText } from '../../components/RichText/RichText';
import { inspect } from '../../lib/inspector';
import type { PrivacyView } from '../../lib/view';
import styles from './PrivacyScreen.module.css';

export function PrivacyScreen({ view }: { view: PrivacyView }) {
  const { policy, emptyState } = view;
  return (
    <article className={styles.page}>
      <h1 {...inspect(view, 'title')}>{view.title}</h1>
      {policy && (
        <>
          {policy.image1 && (
            <Image
              image={policy.image1}
              sizes={sizes.PROSE}
              className={styles.image}
              priority
              inspector={inspect(policy, 'image1')}
            />
          )}
          {policy.sections.map((html, i) => (
            <RichText key={i} html={html} className={styles.section} inspector={inspect(policy, 'sections', i)} />
          ))}
          {policy.image5 && (
            <Image
              image={policy.image5}
              sizes={sizes.PROSE}
              className={styles.image}
              inspector={inspect(policy, 'image5')}
            />
          )}
        </>
      )}
      {!policy && emptyState && (
        <div className={styles.empty}>
          <h2>{emptyState.heading}</h2>
          <p>{emptyState.text}</p>
          <ButtonRow buttons={[emptyState.link]} />
        </div>
      )}
    </article>
  );
}
