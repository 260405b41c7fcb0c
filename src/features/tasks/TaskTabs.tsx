import type { TaskState } from '#/state/queries/tasks';
import { useI18nContext } from '../../i18n/i18n-react';
import { Tabs } from '../../ui';
import * as s from './tasks.css';

/** Current / completed: two tabs whose choice lives in the address (`?state=completed`). */
export function TaskTabs({ state, onState }: { state: TaskState; onState: (state: TaskState) => void }) {
  const { LL } = useI18nContext();
  const tabs = (['current', 'completed'] as const).map((key) => ({ key, label: LL.tasks.tabs[key](), onClick: () => onState(key) }));
  return <Tabs tabs={tabs} current={state} className={s.tabs} testId="task-tabs" />;
}
