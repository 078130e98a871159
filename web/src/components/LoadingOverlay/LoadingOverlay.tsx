// SPEC §2 and §4: the full-screen 'Loading...' overlay while a screen's data has not arrived.
import styles from './LoadingOverlay.module.css';

export function LoadingOverlay() {
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      Loading...
    </div>
  );
}
