import type { TaskState } from '#/state/queries/tasks';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button } from '../../ui';
import * as s from './tasks.css';

/** Current / completed: two tabs whose choice lives in the address (`?state=completed`). */
export function TaskTabs({ state, onState }: { state: TaskState; onState: (state: TaskState) => void }) {
  const { LL } = useI18nContext();
  return (
    <div className={s.tabs} role="tablist" data-testid="task-tabs">
      {(['current', 'completed'] as const).map((tab) => (
        <Button
          key={tab}
          role="tab"
          aria-selected={state === tab}
          variant={state === tab ? 'primary' : 'secondary'}
          size="sm"
          onClick={() => onState(tab)}
          data-testid={`tab-${tab}`}
        >
          {LL.tasks.tabs[tab]()}
        </Button>
      ))}
    </div>
  );
}
