// The site footer (SPEC §2): Products list, Menu list, the contact block (office address,
// Australian and New Zealand phone numbers, 'Send us a message' to /contact-us) and the
// copyright line. Labels and links come from the chrome view model.
import type { Chrome } from '../../lib/view';
import { LogoMark } from '../SiteNav/Logo';
import { SmartLink } from '../SmartLink/SmartLink';
import styles from './SiteFooter.module.css';

export interface SiteFooterProps {
  footer: Chrome['footer'];
  /** The brand name beside the mark. */
  brand: string;
}

export function SiteFooter({ footer, brand }: SiteFooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.contact}>
          <p className={styles.brand}>
            <LogoMark size={32} />
            {brand}
          </p>
          <address className={styles.address}>
            {footer.contact.address.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          <ul className={styles.phones}>
            {footer.contact.phones.map((phone) => (
              <li key={phone.label}>
                <span className={styles.phoneLabel}>{phone.label}</span>{' '}
                <a href={`tel:${phone.number.replace(/[^+\d]/g, '')}`}>{phone.number}</a>
              </li>
            ))}
          </ul>
          <SmartLink href={footer.contact.message.href} className={styles.message}>
            {footer.contact.message.label}
          </SmartLink>
        </div>
        <nav className={styles.column} aria-labelledby="footer-products">
          <h2 id="footer-products" className={styles.heading}>
            Products
          </h2>
          <ul className={styles.list}>
            {footer.products.map((link) => (
              <li key={link.href}>
                <SmartLink href={link.href}>{link.label}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav className={styles.column} aria-labelledby="footer-menu">
          <h2 id="footer-menu" className={styles.heading}>
            Menu
          </h2>
          <ul className={styles.list}>
            {footer.menu.map((link) => (
              <li key={link.href}>
                <SmartLink href={link.href}>{link.label}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className={styles.copyright}>{footer.copyright}</p>
    </footer>
  );
}
