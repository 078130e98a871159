// A small search form that leads to the site search's page: a plain GET form, so it works the
// same with or without the page's script (the server answers /search?q=… on its own).
import type { ChangeEvent } from 'react';
import { SEARCH_FIELD } from '../../lib/searchField.gen';
import { searchPath } from '../../lib/routes';
import styles from './SearchField.module.css';

export interface SearchFieldProps {
  /** The input's id, unique on the page (the label points at it). */
  id: string;
  /** The words in the field. Without `onChange`, the field's first words only. */
  value?: string;
  onChange?: (words: string) => void;
  /** Filters the form sends along (the search page keeps its filters while a visitor types). */
  hidden?: Record<string, string | null>;
  className?: string;
}

export function SearchField({ id, value, onChange, hidden = {}, className }: SearchFieldProps) {
  const controlled = onChange
    ? { value: value ?? '', onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value) }
    : { defaultValue: value ?? '' };
  return (
    <form
      role="search"
      aria-label={SEARCH_FIELD.landmark}
      action={searchPath}
      method="get"
      className={className ? `${styles.form} ${className}` : styles.form}
    >
      <label htmlFor={id} className={styles.label}>
        {SEARCH_FIELD.label}
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className={styles.input}
          type="search"
          name="q"
          maxLength={200}
          autoComplete="off"
          enterKeyHint="search"
          {...controlled}
        />
        {Object.entries(hidden).map(([name, v]) =>
          v ? <input key={name} type="hidden" name={name} value={v} /> : null,
        )}
        <button type="submit" className={styles.submit}>
          {SEARCH_FIELD.submit}
        </button>
      </div>
    </form>
  );
}
