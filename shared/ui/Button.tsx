import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import { useStyles } from '../element/use-styles';
import buttonStyles from './button.css?inline';
import { Spinner } from './Spinner';

/** For links styled as buttons (buttonClass): their component adopts it with useStyles. */
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

/** The class names of a button, for a link that must look like one (`<a className={buttonClass()}>`). */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'medium'): string {
  return `ui-btn ui-btn--${variant}${size === 'small' ? ' ui-btn--small' : ''}`;
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
      className={className ? `${buttonClass(variant, size)} ${className}` : buttonClass(variant, size)}
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
