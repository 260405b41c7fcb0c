import type { MouseEvent, ReactNode } from 'react';
import { badgeText } from '../../shared/counts';
import * as s from './Nav.css';

export interface NavListProps {
  /** Name of the <nav> landmark. */
  label: string;
  children: ReactNode;
  className?: string;
}

export function NavList({ label, children, className }: NavListProps) {
  return (
    <nav aria-label={label} className={className}>
      <ul className={s.list}>{children}</ul>
    </nav>
  );
}

export interface NavItemProps {
  label: ReactNode;
  href: string;
  /** Marks the link aria-current="page". */
  active?: boolean;
  /** Counter badge; hidden when 0 or absent. */
  badge?: number;
  badgeLabel?: string;
  icon?: ReactNode;
  /** SPA routers preventDefault here and navigate themselves. */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  'data-testid'?: string;
}

export function NavItem({ label, href, active = false, badge, badgeLabel, icon, onClick, 'data-testid': testId }: NavItemProps) {
  return (
    <li>
      <a href={href} onClick={onClick} aria-current={active ? 'page' : undefined} className={s.item({ active })} data-testid={testId}>
        {icon && (
          <span className={s.icon} aria-hidden="true">
            {icon}
          </span>
        )}
        <span className={s.label}>{label}</span>
        {badge ? (
          <span className={s.badge} role="img" aria-label={badgeLabel} data-testid="nav-badge">
            {badgeText(badge)}
          </span>
        ) : null}
      </a>
    </li>
  );
}
