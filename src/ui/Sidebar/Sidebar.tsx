import type { ReactNode } from 'react';
import * as s from './Sidebar.css';

export interface SidebarProps {
  /** Logo or product name. */
  header?: ReactNode;
  /** e.g. the app version. */
  footer?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}

export function Sidebar({ header, footer, children, 'data-testid': testId = 'sidebar' }: SidebarProps) {
  return (
    <aside className={s.sidebar} data-testid={testId}>
      {header && <div className={s.header}>{header}</div>}
      <div className={s.body}>{children}</div>
      {footer && <div className={s.footer}>{footer}</div>}
    </aside>
  );
}

export interface AppShellProps {
  sidebar: ReactNode;
  /** Usually a <Topbar>, rendered above the content. */
  topbar?: ReactNode;
  children: ReactNode;
}

export function AppShell({ sidebar, topbar, children }: AppShellProps) {
  return (
    <div className={s.shell}>
      {sidebar}
      <div className={s.main}>
        {topbar}
        <main>{children}</main>
      </div>
    </div>
  );
}
