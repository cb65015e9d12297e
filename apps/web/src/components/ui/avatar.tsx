import { useState } from 'react';
import { User } from 'lucide-react';

const sizes = {
  sm: 'h-8 w-8 text-xs',
  md: 'h-10 w-10 text-sm',
  lg: 'h-24 w-24 text-2xl',
} as const;

const iconSizes = { sm: 16, md: 20, lg: 44 } as const;

/** 'Ada Lovelace' → 'AL', 'ada' → 'A', '' → ''. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

export interface AvatarProps {
  /** Image URL; when absent or when it fails to load, the placeholder shows instead. */
  src?: string | null | undefined;
  /** Used for the initials of the placeholder and, when `alt` is not given, nothing else. */
  name?: string | null | undefined;
  /**
   * The image's text alternative. Empty by default because an avatar usually sits beside the
   * name or inside a link that already carries an accessible name.
   */
  alt?: string;
  size?: keyof typeof sizes;
  className?: string;
}

/**
 * docs/screens/shell.md#header: the admin's picture, or a placeholder (initials on gold, else a
 * user icon).
 */
export function Avatar({ src, name, alt = '', size = 'md', className = '' }: AvatarProps) {
  // Remember which URL failed, so a new URL (after an upload) gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && src !== failedSrc;
  const initials = initialsOf(name);
  const base = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ring-2 ring-gold-300 ${sizes[size]} ${className}`;

  if (showImage && src) {
    return (
      <img
        src={src}
        alt={alt}
        className={`${base} object-cover`}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <span
      className={`${base} bg-gradient-to-br from-gold-400 to-gold-600 font-semibold text-white`}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
    >
      {initials || <User size={iconSizes[size]} aria-hidden />}
    </span>
  );
}
