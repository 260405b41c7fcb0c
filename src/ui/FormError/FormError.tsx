import type { ReactNode } from 'react';
import { box } from './FormError.css';

export type FormMessageTone = 'error' | 'success' | 'info';

export interface FormErrorProps {
  /** Nothing is rendered when both message and children are empty. */
  message?: string | null;
  children?: ReactNode;
  tone?: FormMessageTone;
  className?: string;
  'data-testid'?: string;
}

/** Form-level message box for server answers; errors are announced assertively. */
export function FormError({ message, children, tone = 'error', className, 'data-testid': testId = 'form-message' }: FormErrorProps) {
  const content = children ?? message;
  if (content == null || content === '') return null;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} data-tone={tone} data-testid={testId} className={[box({ tone }), className].filter(Boolean).join(' ')}>
      {content}
    </div>
  );
}
