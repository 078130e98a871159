// The site footer (docs/behaviour.md §2): Products list, Menu list, the contact block (office address,
// Australian and New Zealand phone numbers, 'Send us a message' to /contact-us) and the
// copyright line. Labels and links come from the chrome view model.
import { useId } from 'react';
import type { Brand, Footer, NavGroup } from '../../lib/view';
import { SmartLink } from '../SmartLink/SmartLink';
import styles from './SiteFooter.module.css';

export interface SiteFooterProps {
  footer: Footer;
  brand: Brand;
}

export function SiteFooter({ footer, brand }: SiteFooterProps) {
  const { contact } = footer;
  const contactId = useId();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section className={styles.contact} aria-labelledby={contactId}>
          <img
            className={styles.logo}
            src={brand.logoUrl}
            alt={brand.name}
            width={brand.logoWidth}
            height={brand.logoHeight}
            loading="lazy"
          />
          <h2 id={contactId} className={styles.heading}>
            {contact.heading}
          </h2>
          <address className={styles.address}>
            {contact.address.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          <ul className={styles.phones}>
            {contact.phones.map((phone) => (
              <li key={phone.label}>
                <span className={styles.phoneLabel}>{phone.label}</span> <a href={phone.href}>{phone.display}</a>
              </li>
            ))}
          </ul>
          <SmartLink href={contact.messageLink.href} className={styles.message}>
            {contact.messageLink.label}
          </SmartLink>
        </section>
        <LinkColumn group={footer.products} />
        <LinkColumn group={footer.menu} />
      </div>
      <p className={styles.copyright}>{footer.copyright}</p>
    </footer>
  );
}

function LinkColumn({ group }: { group: NavGroup }) {
  const id = useId();
  return (
    <nav className={styles.column} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {group.label}
      </h2>
      <ul className={styles.list}>
        {group.links.map((link) => (
          <li key={link.href}>
            <SmartLink href={link.href}>{link.label}</SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
