import { type } from 'arktype';
import { isOverdue, type TaskEventType, type TaskPriority, type TaskStatus } from '#/state/queries/tasks';
import { useI18nContext } from '../../i18n/i18n-react';
import type { TranslationFunctions } from '../../i18n/i18n-types';
import * as s from '../../records/records.css';
import { StatusBadge } from '../../records/StatusBadge';
import { fromAlmatyInput } from '../../shared/almaty';

export const isFutureInput = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && new Date(fromAlmatyInput(value)).getTime() > Date.now();

/** `task.start` -> `start`: the dictionary's action keys. */
export const actionKey = (event: TaskEventType) =>
  event.slice('task.'.length) as 'start' | 'pause' | 'resume' | 'complete' | 'reject' | 'accept' | 'return' | 'expire' | 'extend';

/** The task's status and, while it runs past its deadline, the overdue mark. */
export function TaskBadges({ task: t }: { task: { status: TaskStatus; deadline_at: string } }) {
  const { LL } = useI18nContext();
  return (
    <span className={s.badges}>
      <StatusBadge tone={t.status} testId="task-status">
        {LL.tasks.statuses[t.status]()}
      </StatusBadge>
      {isOverdue(t) && (
        <StatusBadge tone="overdue" testId="overdue-badge">
          {LL.tasks.overdue()}
        </StatusBadge>
      )}
    </span>
  );
}

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  const { LL } = useI18nContext();
  return (
    <StatusBadge tone={priority} testId="task-priority">
      {LL.tasks.priorities[priority]()}
    </StatusBadge>
  );
}

/** A deadline typed in Almaty: required, and later than now. */
export const futureRule = (LL: TranslationFunctions) =>
  type('string').narrow((v, ctx) =>
    v === '' ? ctx.reject({ message: LL.validation.required() }) : isFutureInput(v) || ctx.reject({ message: LL.tasks.deadlinePast() }),
  );
