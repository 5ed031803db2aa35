import { type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'md' | 'lg';

interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the width of the container. */
  block?: boolean;
}

function buttonClassName(
  { variant = 'primary', size = 'md', block = false }: ButtonStyleProps,
  extra?: string,
): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, block && 'btn--block', extra]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ComponentProps<'button'>, ButtonStyleProps {
  /** Shows a spinner, disables the button and marks it busy. */
  isLoading?: boolean;
  /** Label shown while `isLoading` (defaults to the children). */
  loadingText?: ReactNode;
}

export function Button({
  variant,
  size,
  block,
  isLoading = false,
  loadingText,
  className,
  disabled,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
    >
      {isLoading && <span className="btn__spinner" aria-hidden="true" />}
      {isLoading && loadingText !== undefined ? loadingText : children}
    </button>
  );
}

export interface LinkButtonProps extends ComponentProps<typeof Link>, ButtonStyleProps {}

/** A router link that looks like a button. */
export function LinkButton({ variant, size, block, className, ...props }: LinkButtonProps) {
  return <Link {...props} className={buttonClassName({ variant, size, block }, className)} />;
}
