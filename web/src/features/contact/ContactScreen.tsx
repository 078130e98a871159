// 'Get In Touch' (docs/behaviour.md §2 "Contact Us"): the offices in Australia, New Zealand (serviced out
// of the Sydney office) and the UK, then the contact form below them.
import { ScreenHeader, screenIntro } from '../../components/ScreenHeader/ScreenHeader';
import { Section } from '../../components/Section/Section';
import type { ContactView } from '../../lib/view';
import { ContactForm } from './ContactForm';
import styles from './ContactScreen.module.css';

export function ContactScreen({ view }: { view: ContactView }) {
  return (
    <>
      <ScreenHeader>
        <h1>{view.heading}</h1>
        <p className={screenIntro}>{view.intro}</p>
      </ScreenHeader>
      <Section>
        <ul className={styles.offices}>
          {view.offices.map((office) => (
            <li key={office.country} className={styles.office}>
              <h2 className={styles.officeHeading}>{office.heading}</h2>
              <address className={styles.address}>
                {office.lines.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
              {office.note && <p className={styles.note}>{office.note}</p>}
              {office.phone && (
                <p className={styles.line}>
                  <a href={office.phone.href}>{office.phone.display}</a>
                </p>
              )}
              {office.email && (
                <p className={styles.line}>
                  <a href={`mailto:${office.email}`}>{office.email}</a>
                </p>
              )}
            </li>
          ))}
        </ul>
      </Section>
      <Section>
        <ContactForm copy={view.form} />
      </Section>
    </>
  );
}
