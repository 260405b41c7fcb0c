import * as s from './Skeleton.css';

export interface SkeletonProps {
  /** Number of placeholder lines. */
  lines?: number;
  /** Accessible name, e.g. "Loading" (text from the caller). */
  label?: string;
  className?: string;
  'data-testid'?: string;
}

export function Skeleton({ lines = 3, label, className, 'data-testid': testId = 'skeleton' }: SkeletonProps) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className={[s.list, className].filter(Boolean).join(' ')} data-testid={testId}>
      {Array.from({ length: Math.max(1, lines) }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines; their place is their identity.
        <div key={i} className={s.line} />
      ))}
    </div>
  );
}
