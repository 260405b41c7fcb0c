import type { ReactNode } from 'react';
import { type BadgeTone, badge } from './StatusBadge.css';

export type { BadgeTone };

/** A status (or priority, overdue, origin) as a coloured pill; the text comes from the module's dictionary. */
export function StatusBadge({ tone, children, testId }: { tone: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <span className={badge({ tone })} data-testid={testId}>
      {children}
    </span>
  );
}
