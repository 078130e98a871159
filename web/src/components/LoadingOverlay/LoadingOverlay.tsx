// docs/behaviour.md §2 and §4: the full-screen 'Loading...' overlay while a screen's data has not arrived.
import styles from './LoadingOverlay.module.css';

export interface LoadingOverlayProps {
  /** The chrome's loading label; 'Loading...' until the chrome has arrived. */
  label?: string;
}

export function LoadingOverlay({ label = 'Loading...' }: LoadingOverlayProps) {
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      {label}
    </div>
  );
}
