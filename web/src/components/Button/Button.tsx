// Buttons and button-styled links, in the two fills the content model has (filled, outline).
// Both carry `data-cta`: they are the calls to action the marketing tracker reports. A button
// needs the script, so it is disabled until the page is interactive: a click on the server's
// markup before hydration would otherwise do nothing, silently.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useHydrated } from '../../lib/hydrated';
import { SmartLink, type SmartLinkProps } from '../SmartLink/SmartLink';
import styles from './Button.module.css';

export type ButtonFill = 'filled' | 'outline';

interface Look {
  fill?: ButtonFill;
  /** For navy backgrounds. */
  inverse?: boolean;
  /** Full width of its container. */
  block?: boolean;
}

/** The class names for a button look, for elements that are neither Button nor ButtonLink. */
export function buttonClass({ fill = 'filled', inverse = false, block = false }: Look, extra?: string): string {
  return [styles.button, styles[fill], inverse && styles.inverse, block && styles.block, extra]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends Look, ComponentPropsWithRef<'button'> {
  children: ReactNode;
}

export function Button({ fill, inverse, block, className, type = 'button', disabled, children, ...rest }: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      className={buttonClass({ fill, inverse, block }, className)}
      data-cta=""
      disabled={!hydrated || disabled}
      {...rest}
    >
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends Look, SmartLinkProps {}

export function ButtonLink({ fill, inverse, block, className, children, ...rest }: ButtonLinkProps) {
  return (
    <SmartLink className={buttonClass({ fill, inverse, block }, className)} data-cta="" {...rest}>
      {children}
    </SmartLink>
  );
}
