import type { HTMLAttributes, ReactNode } from 'react';
import * as s from './Card.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Rendered at the right of the title row. */
  actions?: ReactNode;
  padding?: 'none' | 'md' | 'lg';
  'data-testid'?: string;
}

export function Card({ title, actions, padding = 'md', className, children, ...rest }: CardProps) {
  return (
    <section className={[s.card({ padding }), className].filter(Boolean).join(' ')} {...rest}>
      {(title || actions) && (
        <div className={s.header}>
          {title && <h2 className={s.title}>{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
