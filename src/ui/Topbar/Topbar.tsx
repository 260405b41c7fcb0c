import type { ReactNode } from 'react';
import * as s from './Topbar.css';

export interface TopbarProps {
  /** Left side: breadcrumbs, page context, a menu toggle. */
  start?: ReactNode;
  /** Right side: language switch, user avatar, logout. */
  end?: ReactNode;
  'data-testid'?: string;
}

export function Topbar({ start, end, 'data-testid': testId = 'topbar' }: TopbarProps) {
  return (
    <header className={s.topbar} data-testid={testId}>
      <div className={s.slot}>{start}</div>
      <div className={s.slot}>{end}</div>
    </header>
  );
}
