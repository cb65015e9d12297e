import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variants: Record<Variant, string> = {
  // Oak on gold reads at 5.7:1; white on gold-500 was 2.8:1, under WCAG's 4.5:1 for text.
  primary:
    'bg-gold-500 text-oak-900 shadow-sm hover:bg-gold-400 disabled:bg-gold-300 disabled:text-oak-900/60',
  secondary:
    'border border-cream-300 bg-cream-50 text-oak-900 hover:bg-cream-200 disabled:text-oak-700/50',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300',
  ghost: 'text-oak-700 hover:bg-cream-200 disabled:text-oak-700/40',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'sm' | 'md';
}

/** The one button of the app. Pass `type="submit"` explicitly in forms. */
export function Button({
  variant = 'primary',
  size = 'md',
  className = '',
  type = 'button',
  ...props
}: ButtonProps) {
  // On a phone every button is a 44 px target (docs/decisions/441); from 768 px up as before.
  const sizing = size === 'sm' ? 'h-8 px-3 text-sm max-md:h-11' : 'h-10 px-4 text-sm max-md:h-11';
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed ${sizing} ${variants[variant]} ${className}`}
      {...props}
    />
  );
}

/** A square icon-only button; `label` is its accessible name (e.g. 'Edit', 'Delete'). */
export function IconButton({
  label,
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex h-8 w-8 items-center justify-center rounded-md max-md:h-11 max-md:w-11 text-oak-700 transition-colors hover:bg-cream-200 hover:text-oak-900 disabled:opacity-40 ${className}`}
      {...props}
    />
  );
}
