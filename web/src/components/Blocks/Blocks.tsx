// Small building blocks for fixed copy and lists that several screens show the same way:
// paragraphs, a row of buttons, card grids, claims, quotes, product cards, blog cards,
// mini-card lists and the navy call to action that closes a screen.
import { inspect } from '../../lib/inspector';
import type { ReactNode } from 'react';
import type {
  BlogCardList,
  CardSection,
  Claim,
  LinkButton,
  MiniCardList,
  ProductCardList,
  Promo,
  Quote,
  Testimonial,
} from '../../lib/view';
import { BlogCard } from '../BlogCard/BlogCard';
import { ButtonLink } from '../Button/Button';
import { Image } from '../Image/Image';
import { MiniCard } from '../MiniCard/MiniCard';
import { Section } from '../Section/Section';
import { SmartLink } from '../SmartLink/SmartLink';
import styles from './Blocks.module.css';

/** Paragraphs of fixed copy. */
export function Paragraphs({ paragraphs, lead = false }: { paragraphs: readonly string[]; lead?: boolean }) {
  return (
    <>
      {paragraphs.map((p, i) => (
        <p key={i} className={lead && i === 0 ? styles.lead : undefined}>
          {p}
        </p>
      ))}
    </>
  );
}

/** A row of link buttons, wrapping on small screens. */
export function ButtonRow({
  buttons,
  inverse = false,
  children,
}: {
  buttons?: LinkButton[];
  inverse?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={styles.buttonRow}>
      {buttons?.map((b) => (
        <ButtonLink key={`${b.href}-${b.label}`} href={b.href} fill={b.style} inverse={inverse}>
          {b.label}
        </ButtonLink>
      ))}
      {children}
    </div>
  );
}

/** Numbered or plain cards of a CardSection (How It Works, Benefits, Features…). */
export function Cards({ section, numbered = false }: { section: CardSection; numbered?: boolean }) {
  return (
    <ol className={[styles.cards, numbered && styles.numbered].filter(Boolean).join(' ')}>
      {section.cards.map((card, i) => (
        <li key={card.title} className={styles.card}>
          {numbered && (
            <span className={styles.step} aria-hidden="true">
              {String(i + 1).padStart(2, '0')}
            </span>
          )}
          <h3 className={styles.cardTitle}>{card.title}</h3>
          <p className={styles.cardText}>{card.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The company's claims as large figures. */
export function Claims({ claims, inverse = false }: { claims: Claim[]; inverse?: boolean }) {
  return (
    <dl className={[styles.claims, inverse && styles.claimsInverse].filter(Boolean).join(' ')}>
      {claims.map((claim) => (
        <div key={claim.figure + claim.text} className={styles.claim}>
          <dt className={styles.figure}>{claim.figure}</dt>
          <dd className={styles.claimText}>{claim.text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A customer quotation, attributed. */
export function QuoteBlock({ quote, large = false }: { quote: Quote | Testimonial; large?: boolean }) {
  const person = 'person' in quote ? quote.person : null;
  const personTag = 'person' in quote ? inspect(quote, 'person') : {};
  const href = 'href' in quote ? quote.href : null;
  return (
    <figure className={[styles.quote, large && styles.quoteLarge].filter(Boolean).join(' ')}>
      <blockquote>
        <p {...inspect(quote, 'quote')}>{quote.quote}</p>
      </blockquote>
      <figcaption className={styles.attribution}>
        {person && (
          <span className={styles.person} {...personTag}>
            {person}
          </span>
        )}
        <span>
          <span {...inspect(quote, 'role')}>{quote.role}</span>,{' '}
          <span {...inspect(quote, 'organisation')}>
            {href ? <SmartLink href={href}>{quote.organisation}</SmartLink> : quote.organisation}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

/** Module cards: icon, name, one line and DISCOVER MORE. */
export function ProductCards({ list, headingLevel = 3 }: { list: ProductCardList; headingLevel?: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className={styles.productCards}>
      {list.cards.map((card) => (
        <li key={card.href} className={styles.productCard}>
          <Image image={card.icon} className={styles.productIcon} />
          <Heading className={styles.productTitle}>{card.title}</Heading>
          <p className={styles.productText}>{card.text}</p>
          <ButtonLink href={card.href} fill="outline" aria-label={`${card.buttonLabel}: ${card.title}`}>
            {card.buttonLabel}
          </ButtonLink>
        </li>
      ))}
    </ul>
  );
}

/** A grid of blog cards. */
export function BlogCards({ list, headingLevel = 3 }: { list: BlogCardList; headingLevel?: 3 | 4 }) {
  return (
    <ul className={styles.blogCards}>
      {list.cards.map((card) => (
        <li key={card.href}>
          <BlogCard card={card} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** Mini cards as a plain grid of links (the carousel is the home page's). */
export function MiniCardLinks({ list }: { list: MiniCardList }) {
  return (
    <ul className={styles.miniCards}>
      {list.cards.map((card) => (
        <li key={card.href}>
          <MiniCard card={card} />
        </li>
      ))}
    </ul>
  );
}

/** The navy call to action that closes a screen: heading, paragraphs and its button, centred. */
export function CtaSection({ cta }: { cta: Promo }) {
  return (
    <Section heading={cta.heading} tone="navy" centred>
      <div className={styles.cta}>
        <Paragraphs paragraphs={cta.paragraphs} />
        {cta.button && <ButtonRow buttons={[cta.button]} inverse />}
      </div>
    </Section>
  );
}
