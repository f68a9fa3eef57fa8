import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'warm';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-ink hover:bg-accent-strong',
  secondary: 'border border-line bg-raised text-fg hover:border-accent/60 hover:text-white',
  ghost: 'text-muted hover:bg-raised hover:text-fg',
  warm: 'bg-warm text-accent-ink hover:brightness-110',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors duration-150',
    'disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    sizes[size],
    extra,
  );
}

type Styling = { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = 'button', ...rest }: ComponentProps<'button'> & Styling) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}

export function ButtonLink({ variant, size, className, ...rest }: LinkProps & Styling) {
  return <Link className={buttonClass(variant, size, className)} {...rest} />;
}

/** For addresses outside the router: mailto:, static pages, server routes. */
export function ButtonAnchor({ variant, size, className, ...rest }: ComponentProps<'a'> & Styling) {
  return <a className={buttonClass(variant, size, className)} {...rest} />;
}
