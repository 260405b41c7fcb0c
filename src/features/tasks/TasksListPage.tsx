import { Link } from 'wouter';
import { useSpaLink } from '#/frame/links';
import { filterKeys, filterOf, isOverdue, priorityList, type TaskBox, type TaskItem, type TaskKind, taskSorts, useTasks } from '#/state/queries/tasks';
import { useMayOpen } from '#/state/route-access';
import { useSessionRole } from '#/state/session';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { FilterSelect } from '../../lists/FilterSelect';
import { ListPage } from '../../lists/ListPage';
import { useListParams } from '../../lists/useListParams';
import { Button } from '../../ui';
import { PriorityBadge, TaskBadges } from './format';
import { section, viewPath } from './paths';
import { TaskTabs } from './TaskTabs';
import * as s from './tasks.css';

/** `/tasks`: tasks (current and completed tabs, incoming / outgoing). */
export const TasksListPage = () => <TasksList kind="task" />;
/** `/quick-tasks`: quick tasks to renters or to employees, incoming / outgoing. */
export const QuickTasksListPage = () => <TasksList kind="quick" />;

function TasksList({ kind }: { kind: TaskKind }) {
  const { LL, locale } = useI18nContext();
  const link = useSpaLink();
  const role = useSessionRole();
  const mayOpen = useMayOpen();
  // A renter only receives tasks; the landlord may see every task of its organisation.
  const boxes: TaskBox[] =
    role === 'renter' ? ['incoming'] : role === 'landlord' || role === 'superadmin' ? ['all', 'incoming', 'outgoing'] : ['incoming', 'outgoing'];
  const { params, update } = useListParams({ sort: 'deadline_at', extraKeys: filterKeys });
  const filter = filterOf(params, boxes[0] as TaskBox);
  const query = useTasks(kind, params, filter);
  const x = params.extra ?? {};
  const set = (key: string, value: string) => update({ extra: { ...x, [key]: value } });
  const c = LL.tasks.columns;
  const t = LL.tasks;

  const columns: Column<TaskItem>[] = [
    {
      key: 'title',
      header: c.title(),
      cell: (r) => (
        <Link href={viewPath(kind, r.id)} data-testid="task-link">
          {r.title}
        </Link>
      ),
    },
    { key: 'executor', priority: 2, header: c.executor(), cell: (r) => r.executor.name },
    { key: 'creator', priority: 3, header: c.creator(), cell: (r) => r.creator.name },
    { key: 'priority', priority: 3, header: c.priority(), cell: (r) => <PriorityBadge priority={r.priority} /> },
    { key: 'deadline', priority: 2, header: c.deadline(), cell: (r) => formatDateTime(r.deadline_at, locale) },
    { key: 'status', header: c.status(), cell: (r) => <TaskBadges task={r} /> },
  ];

  const list = { params, update };
  const audiences = [
    { value: 'renter', label: t.audience.renters() },
    { value: 'employee', label: t.audience.employees() },
  ];
  const priorities = priorityList.map((p) => ({ value: p, label: t.priorities[p]() }));
  const boxLabel = { all: t.boxes.all(), incoming: t.boxes.incoming(), outgoing: t.boxes.outgoing() };
  return (
    <ListPage
      title={kind === 'quick' ? t.quickTitle() : t.title()}
      testId="tasks-list"
      params={params}
      update={update}
      query={query}
      columns={columns}
      withStatus={false}
      sortOptions={taskSorts.map((value) => ({ value, label: t.sort[value]() }))}
      intro={<TaskTabs state={filter.state} onState={(state) => set('state', state === 'current' ? '' : state)} />}
      filters={
        <>
          {boxes.length > 1 && (
            <FilterSelect
              {...list}
              filter="box"
              value={filter.box}
              label={t.boxes.label()}
              options={boxes.map((b) => ({ value: b, label: boxLabel[b] }))}
              data-testid="filter-box"
            />
          )}
          {kind === 'quick' && (
            <FilterSelect
              {...list}
              filter="to"
              value={filter.to ?? ''}
              label={t.audience.label()}
              placeholder={t.audience.all()}
              options={audiences}
              data-testid="filter-to"
            />
          )}
          <FilterSelect
            {...list}
            filter="priority"
            value={filter.priority ?? ''}
            label={c.priority()}
            placeholder={t.allPriorities()}
            options={priorities}
            data-testid="filter-priority"
          />
        </>
      }
      rowClass={(r) => (isOverdue(r) || r.status === 'expired' ? s.overdueRow : undefined)}
      actions={mayOpen(section(kind).create) && <Button onClick={link(section(kind).create)}>{kind === 'quick' ? t.newQuickTask() : t.newTask()}</Button>}
      rowActions={(r) => (
        <Button size="sm" variant="ghost" onClick={link(viewPath(kind, r.id))}>
          {LL.list.view()}
        </Button>
      )}
    />
  );
}
