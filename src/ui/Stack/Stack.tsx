import type { ReactNode } from 'react';
import { type Sprinkles, sprinkles } from '../../theme/sprinkles.css';
import type { Space } from '../../theme/tokens';

export interface StackProps {
  gap?: Space;
  align?: Sprinkles['alignItems'];
  justify?: Sprinkles['justifyContent'];
  children?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** Vertical flow with a token gap. */
export function Stack({ gap = 'md', align, justify, children, className, 'data-testid': testId }: StackProps) {
  const cls = sprinkles({ display: 'flex', flexDirection: 'column', gap, alignItems: align, justifyContent: justify });
  return (
    <div className={[cls, className].filter(Boolean).join(' ')} data-testid={testId}>
      {children}
    </div>
  );
}

export interface RowProps extends StackProps {
  wrap?: boolean;
}

/** Horizontal flow, centred on the cross axis by default. */
export function Row({ gap = 'sm', align = 'center', justify, wrap = false, children, className, 'data-testid': testId }: RowProps) {
  const cls = sprinkles({
    display: 'flex',
    flexDirection: 'row',
    flexWrap: wrap ? 'wrap' : 'nowrap',
    gap,
    alignItems: align,
    justifyContent: justify,
  });
  return (
    <div className={[cls, className].filter(Boolean).join(' ')} data-testid={testId}>
      {children}
    </div>
  );
}
