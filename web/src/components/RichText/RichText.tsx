// A block of rich text the server already turned into safe HTML (core's rich-text renderer
// escapes text and allows only known nodes), with site links followed by the client router.
import type { MouseEvent } from 'react';
import { useNavigate } from '../../lib/router';
import { isInternalHref } from '../../lib/routes';
import { isPlainClick } from '../SmartLink/SmartLink';
import type { InspectorAttributes } from '../../lib/inspector';
import styles from './RichText.module.css';

export interface RichTextProps {
  /** HTML produced by the server's rich-text renderer; never visitor input. */
  html: string;
  className?: string;
  /** Live Preview's inspector attributes, on preview pages. */
  inspector?: InspectorAttributes;
}

export function RichText({ html, className, inspector }: RichTextProps) {
  const navigate = useNavigate();

  // Links inside server HTML are plain anchors; follow site links in-app like any other link.
  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (!isPlainClick(event)) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const href = anchor.getAttribute('href');
    if (!href || !isInternalHref(href)) return;
    event.preventDefault();
    navigate(href);
  }

  return (
    // The click handler only intercepts the anchors inside, which are keyboard-operable.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      {...inspector}
      className={[styles.richText, className].filter(Boolean).join(' ')}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
