import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import { useStyles } from '../element/use-styles';
import buttonStyles from './button.css?inline';
import { Spinner } from './Spinner';

/** For a control that looks like a button without being one of these (the checkout's Pay button). */
export { buttonStyles };

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';
export type ButtonSize = 'small' | 'medium';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and sets aria-busy; clicks are ignored but the button keeps focus. */
  loading?: boolean;
  /** The `<button>` itself (a prop, as in React 19: no forwardRef). */
  ref?: Ref<HTMLButtonElement>;
}

function buttonClass(variant: ButtonVariant, size: ButtonSize, className: string | undefined): string {
  const classes = `ui-btn ui-btn--${variant}${size === 'small' ? ' ui-btn--small' : ''}`;
  return className ? `${classes} ${className}` : classes;
}

/**
 * A button in one of four variants. While `loading` it is aria-disabled rather than disabled: a
 * disabled button drops focus to the page, which would let focus escape a modal mid-submit.
 */
export function Button({
  variant = 'primary',
  size = 'medium',
  loading = false,
  type = 'button',
  className,
  onClick,
  children,
  ref,
  ...rest
}: ButtonProps) {
  useStyles(buttonStyles);
  const guardedClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      part="button"
      {...rest}
      ref={ref}
      type={type}
      className={buttonClass(variant, size, className)}
      data-state={loading ? 'loading' : 'idle'}
      aria-busy={loading || undefined}
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      onClick={guardedClick}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A link that looks like a button: it goes somewhere (a renewal, the dashboard, a conversation). */
export function ButtonLink({ variant = 'primary', size = 'medium', className, ...rest }: ButtonLinkProps) {
  useStyles(buttonStyles);
  return <a {...rest} className={buttonClass(variant, size, className)} />;
}
