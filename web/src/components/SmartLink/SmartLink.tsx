// A link that the client router follows when it stays on the site and that opens other sites
// in a new tab, so every component can take an href without caring which kind it is.
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { isInternalHref } from '../../lib/routes';

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  /** Open in a new tab even when the link stays on the site. */
  newTab?: boolean;
  children: ReactNode;
}

export function SmartLink({ href, newTab = false, children, ...rest }: SmartLinkProps) {
  if (isInternalHref(href) && !newTab) {
    return (
      <Link to={href} {...rest}>
        {children}
      </Link>
    );
  }
  const external = !isInternalHref(href) && /^https?:/.test(href);
  return (
    <a href={href} {...(newTab || external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  );
}
