// The contact form (docs/behaviour.md §2 "Contact Us", §4, §5): six labelled fields and the robot check,
// field errors tied to their fields, and one live region that announces the thank-you message
// or the polite failure. The robot check is the one the server configured (page settings).
import { useEffect, useRef, useSyncExternalStore, type FormEvent } from 'react';
import { Button } from '../../components/Button/Button';
import { DEFAULT_SETTINGS, siteSettings } from '../../lib/settings';
import type { ContactFormCopy } from '../../lib/view';
import { RobotCheck } from './robot/RobotCheck';
import { FIELDS, useContactForm, type ErrorKey, type Field, type Values } from './useContactForm';
import styles from './ContactForm.module.css';

interface FieldSpec {
  name: Field;
  label: (copy: ContactFormCopy) => string;
  type: 'text' | 'tel' | 'email';
  autoComplete: string;
  wide?: boolean;
}

const INPUTS: FieldSpec[] = [
  { name: 'firstname', label: (c) => c.firstName, type: 'text', autoComplete: 'given-name' },
  { name: 'lastname', label: (c) => c.lastName, type: 'text', autoComplete: 'family-name' },
  { name: 'orgName', label: (c) => c.orgName, type: 'text', autoComplete: 'organization', wide: true },
  { name: 'phone', label: (c) => c.phone, type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: (c) => c.email, type: 'email', autoComplete: 'email' },
];

const id = (key: ErrorKey) => `contact-${key}`;
const errorId = (key: ErrorKey) => `contact-${key}-error`;
/** The settings never change while the page is open. */
const noSubscription = () => () => {};

export function ContactForm({ copy }: { copy: ContactFormCopy }) {
  const form = useContactForm((key) => document.getElementById(id(key))?.focus());
  const { values, errors, status } = form;
  // The server renders with the default check; the browser switches to the configured one
  // after hydration, so both render the same markup first.
  const robot = useSyncExternalStore(
    noSubscription,
    () => siteSettings(document).robot,
    () => DEFAULT_SETTINGS.robot,
  );

  // A visitor may type before the page is interactive; keep what they typed.
  const formRef = useRef<HTMLFormElement>(null);
  const { adopt } = form;
  useEffect(() => {
    const elements = formRef.current?.elements;
    if (!elements) return;
    const typed: Partial<Values> = {};
    for (const field of FIELDS) {
      const element = elements.namedItem(field);
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) typed[field] = element.value;
    }
    adopt(typed);
  }, [adopt]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };

  const describedBy = (key: ErrorKey) => (errors[key] ? errorId(key) : undefined);

  return (
    <section className={styles.panel} aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading">{copy.heading}</h2>
      <p className={styles.intro}>{copy.intro}</p>
      {/* POST, so that even a submit the browser makes itself never puts an enquiry in a URL. */}
      <form ref={formRef} className={styles.form} method="post" noValidate onSubmit={onSubmit}>
        {INPUTS.map((input) => (
          <div key={input.name} className={input.wide ? `${styles.field} ${styles.wide}` : styles.field}>
            <label htmlFor={id(input.name)}>{input.label(copy)}</label>
            <input
              id={id(input.name)}
              name={input.name}
              type={input.type}
              autoComplete={input.autoComplete}
              value={values[input.name]}
              aria-invalid={errors[input.name] ? true : undefined}
              aria-describedby={describedBy(input.name)}
              onChange={(event) => form.change(input.name, event.target.value)}
              onFocus={form.prepare}
              onBlur={() => form.blur(input.name)}
            />
            {errors[input.name] && (
              <p id={errorId(input.name)} className={styles.error}>
                {errors[input.name]}
              </p>
            )}
          </div>
        ))}
        <div className={`${styles.field} ${styles.wide}`}>
          <label htmlFor={id('message')}>{copy.message}</label>
          <textarea
            id={id('message')}
            name="message"
            rows={5}
            value={values.message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy('message')}
            onChange={(event) => form.change('message', event.target.value)}
            onFocus={form.prepare}
            onBlur={() => form.blur('message')}
          />
          {errors.message && (
            <p id={errorId('message')} className={styles.error}>
              {errors.message}
            </p>
          )}
        </div>
        <div className={`${styles.field} ${styles.wide}`}>
          <RobotCheck
            key={form.robotReset}
            widget={robot}
            label={copy.robot}
            error={errors.robot}
            errorId={errorId('robot')}
            onToken={form.robotToken}
            inputId={id('robot')}
          />
          {errors.robot && (
            <p id={errorId('robot')} className={styles.error}>
              {errors.robot}
            </p>
          )}
        </div>
        <div className={styles.actions}>
          {/* Until the page is interactive a click would submit without validation or the
              robot check, and the enquiry would be lost: Button waits for hydration. */}
          <Button type="submit" disabled={status === 'submitting'} aria-busy={status === 'submitting' || undefined}>
            {status === 'submitting' ? copy.submitting : copy.submit}
          </Button>
        </div>
        <p
          className={status === 'failed' ? `${styles.notice} ${styles.failed}` : styles.notice}
          role="status"
          aria-live="polite"
        >
          {status === 'sent' ? copy.thankYou : status === 'failed' ? copy.failed : ''}
        </p>
      </form>
    </section>
  );
}
