// A link that the client router follows when it stays on the site and that opens other sites
// in a new tab, so every component can take an href without caring which kind it is.
//
// Site links are plain anchors whose plain left clicks become router navigations. React
// Router's own <Link> would do the same but brings its data-router prefetching code with it
// (about 5 KB gzip, against a 70 KB budget for the home page), none of which this site uses.
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { parsePath, useLocation, useNavigate } from '../../lib/router';
import { isInternalHref } from '../../lib/routes';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export interface SmartLinkProps extends AnchorProps {
  href: string;
  /** Open in a new tab even when the link stays on the site. */
  newTab?: boolean;
  children: ReactNode;
}

export function SmartLink({ href, newTab = false, children, ...rest }: SmartLinkProps) {
  if (isInternalHref(href) && !newTab) {
    return (
      <SiteLink to={href} {...rest}>
        {children}
      </SiteLink>
    );
  }
  const external = !isInternalHref(href) && /^https?:/.test(href);
  return (
    <a href={href} {...(newTab || external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  );
}

export interface SiteLinkProps extends AnchorProps {
  /** A path on this site ('/insights', '/page/x?y#z'). */
  to: string;
  /** Mark the link `aria-current="page"` on its path and below it (as in a site's main menu). */
  current?: boolean;
  children: ReactNode;
}

/** An anchor to a path on this site, followed by the client router on a plain left click. */
export function SiteLink({ to, current = false, onClick, children, ...rest }: SiteLinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const path = parsePath(to, '').pathname;
  const here =
    current &&
    (location.pathname === path || (path !== '/' && location.pathname.startsWith(`${path.replace(/\/$/, '')}/`)));

  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!isPlainClick(event) || (rest.target && rest.target !== '_self') || rest.download !== undefined) return;
    event.preventDefault();
    // Following a link to the page already shown replaces its history entry, as browsers do.
    navigate(to, { replace: location.pathname + location.search + location.hash === to });
  }

  return (
    <a href={to} aria-current={here ? 'page' : undefined} onClick={follow} {...rest}>
      {children}
    </a>
  );
}

/** A left click without modifier keys that nothing else has handled. */
export function isPlainClick(event: MouseEvent<Element>): boolean {
  return (
    !event.defaultPrevented && event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
  );
}
