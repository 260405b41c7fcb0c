import type { ReactNode } from 'react';
import * as s from './Page.css';

export interface PageProps {
  title: ReactNode;
  /** Buttons or links at the right of the title; the slot spaces them and wraps them on a phone. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

export function Page({ title, actions, children, className, 'data-testid': testId }: PageProps) {
  return (
    <div className={[s.page, className].filter(Boolean).join(' ')} data-testid={testId}>
      <div className={s.header}>
        <h1 className={s.title}>{title}</h1>
        {actions && <div className={s.actions}>{actions}</div>}
      </div>
      {children}
    </div>
  );
}
