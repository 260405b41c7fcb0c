import type { ReactNode } from 'react';
import * as s from './EmptyState.css';

export interface EmptyStateProps {
  title: ReactNode;
  text?: ReactNode;
  /** A button or link under the text. */
  action?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

export function EmptyState({ title, text, action, className, 'data-testid': testId = 'empty-state' }: EmptyStateProps) {
  return (
    <div className={[s.state, className].filter(Boolean).join(' ')} data-testid={testId}>
      <p className={s.title}>{title}</p>
      {text && <p className={s.text}>{text}</p>}
      {action}
    </div>
  );
}
