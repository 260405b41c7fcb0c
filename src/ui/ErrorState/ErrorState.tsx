import type { ReactNode } from 'react';
import { Button } from '../Button/Button';
import * as s from '../EmptyState/EmptyState.css';

export interface ErrorStateProps {
  text: ReactNode;
  /** The retry button shows only when both retryLabel and onRetry are given. */
  retryLabel?: string;
  onRetry?: () => void;
  className?: string;
  'data-testid'?: string;
}

export function ErrorState({ text, retryLabel, onRetry, className, 'data-testid': testId = 'error-state' }: ErrorStateProps) {
  return (
    <div className={[s.state, className].filter(Boolean).join(' ')} data-testid={testId}>
      <p role="alert" className={s.errorText}>
        {text}
      </p>
      {retryLabel && onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry} data-testid={`${testId}-retry`}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}
