import type { MouseEvent, ReactNode } from 'react';
import { badgeText } from '../../shared/counts';
import * as s from './Tile.css';

export interface TileProps {
  title: ReactNode;
  description?: ReactNode;
  /** Counter shown in a badge; hidden when 0 or absent. */
  badge?: number;
  /** Accessible name of the badge, e.g. "3 new" (text comes from the caller). */
  badgeLabel?: string;
  /** With href the tile is an <a>; callers doing SPA navigation preventDefault in onClick. */
  href?: string;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  children?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

export function Tile({ title, description, badge, badgeLabel, href, onClick, children, className, 'data-testid': testId }: TileProps) {
  const cls = [s.tile, className].filter(Boolean).join(' ');
  const body = (
    <>
      <span className={s.title}>{title}</span>
      {description && <span className={s.description}>{description}</span>}
      {badge ? (
        <span className={s.badge} role="img" aria-label={badgeLabel} data-testid="tile-badge">
          {badgeText(badge)}
        </span>
      ) : null}
      {children}
    </>
  );
  if (href !== undefined) {
    return (
      <a href={href} onClick={onClick} className={cls} data-testid={testId}>
        {body}
      </a>
    );
  }
  return (
    <button type="button" onClick={onClick} className={cls} data-testid={testId}>
      {body}
    </button>
  );
}
