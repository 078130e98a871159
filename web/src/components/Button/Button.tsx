// Buttons and button-styled links, in the two fills the content model has (filled, outline).
// Both carry `data-cta`: they are the calls to action the marketing tracker reports. Every
// button of the site is a ScriptButton underneath.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useHydrated } from '../../lib/hydrated';
import { SmartLink, type SmartLinkProps } from '../SmartLink/SmartLink';
import styles from './Button.module.css';

type ButtonFill = 'filled' | 'outline';

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

/**
 * A `<button>` (type "button" unless told): it needs the script, so it is disabled until the
 * page is interactive. A click on the server's markup before hydration would otherwise do
 * nothing, silently; disabled, it is visibly refused, and browser tests wait for it.
 */
export function ScriptButton({ type = 'button', disabled, ...rest }: ComponentPropsWithRef<'button'>) {
  const hydrated = useHydrated();
  return <button type={type} disabled={!hydrated || disabled} {...rest} />;
}

export function Button({ fill, inverse, block, className, children, ...rest }: ButtonProps) {
  return (
    <ScriptButton className={buttonClass({ fill, inverse, block }, className)} data-cta="" {...rest}>
      {children}
    </ScriptButton>
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
