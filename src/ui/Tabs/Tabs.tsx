import type { MouseEventHandler, ReactNode } from 'react';
import { Button } from '../Button/Button';
import * as s from './Tabs.css';

export type Tab<K extends string> = { key: K; label: ReactNode; onClick: MouseEventHandler<HTMLButtonElement> };

/** A row of tabs, the current one marked; each tab's choice is the caller's (an address, a filter). */
export function Tabs<K extends string>({ tabs, current, className, testId }: { tabs: Tab<K>[]; current: K; className?: string; testId: string }) {
  return (
    <div className={className ? `${s.tabs} ${className}` : s.tabs} role="tablist" data-testid={testId}>
      {tabs.map((tab) => (
        <Button
          key={tab.key}
          role="tab"
          aria-selected={current === tab.key}
          variant={current === tab.key ? 'primary' : 'secondary'}
          size="sm"
          onClick={tab.onClick}
          data-testid={`tab-${tab.key}`}
        >
          {tab.label}
        </Button>
      ))}
    </div>
  );
}
