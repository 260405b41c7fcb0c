import { useState } from 'react';
import { avatar, image } from './Avatar.css';

export interface AvatarProps {
  /** Full name: the image's alt text and the source of the initials. */
  name: string;
  src?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  'data-testid'?: string;
}

/** Up to two initials from the first two words of a name. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

export function Avatar({ name, src, size = 'md', className, 'data-testid': testId = 'avatar' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const cls = [avatar({ size }), className].filter(Boolean).join(' ');
  return (
    <span className={cls} data-testid={testId}>
      {showImage ? (
        <img src={src ?? undefined} alt={name} className={image} onError={() => setFailedSrc(src ?? null)} />
      ) : (
        <span role="img" aria-label={name}>
          {initials(name)}
        </span>
      )}
    </span>
  );
}
