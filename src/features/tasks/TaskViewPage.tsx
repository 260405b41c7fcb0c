import { Link, Redirect } from 'wouter';
import { paths } from '#/app/paths';
import { type TaskDetail, type TaskKind, useTask, useTaskComment } from '#/state/queries/tasks';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import type { DetailRow } from '../../records/Details';
import { FileLinks } from '../../records/FileLinks';
import { HistoryCard } from '../../records/HistoryCard';
import { RecordPage } from '../../records/RecordPage';
import { Card, Stack } from '../../ui';
import { FileUpload } from './FileUpload';
import { PriorityBadge, TaskBadges } from './format';
import { basePath, viewPath } from './paths';
import { TaskActions } from './TaskActions';

/** `/tasks/{id}` and `/quick-tasks/{id}`: the task, its files, its actions, history and comments. */
export function TaskViewPage({ id, kind }: { id: string; kind: TaskKind }) {
  const { LL } = useI18nContext();
  const query = useTask(id);
  return (
    <QueryPage title={kind === 'quick' ? LL.tasks.quickTitle() : LL.tasks.title()} query={query} lines={10}>
      {/* A notification names only "a task": a quick task opened under /tasks moves to its own section. */}
      {(t) => (t.kind === kind ? <TaskView task={t} /> : <Redirect to={viewPath(t.kind, t.id)} replace />)}
    </QueryPage>
  );
}

/** A contractor's task is edited from the contractors section (/contractors/task-edit/{id}). */
const editPath = (t: TaskDetail) =>
  t.executor.kind === 'contractor' ? paths.contractors.taskEdit(t.id) : (t.kind === 'quick' ? paths.quickTasks : paths.tasks).edit(t.id);

function TaskView({ task: t }: { task: TaskDetail }) {
  const { LL, locale } = useI18nContext();
  const c = LL.tasks.columns;
  const f = LL.tasks.fields;
  const open = t.status !== 'accepted' && t.status !== 'rejected';
  const comment = useTaskComment(t.id);
  const rows: DetailRow[] = [
    ['status', c.status(), <TaskBadges key="status" task={t} />],
    ['kind', f.kind(), LL.tasks.kinds[t.kind]()],
    ['priority', c.priority(), <PriorityBadge key="priority" priority={t.priority} />],
    ['category', f.category(), t.category || '—'],
    ['executor', c.executor(), t.executor.name],
    ['creator', c.creator(), t.creator.name],
    ['created_at', f.created_at(), formatDateTime(t.created_at, locale)],
    ['deadline', c.deadline(), formatDateTime(t.deadline_at, locale)],
    ...(t.completed_at ? [['completed_at', f.completed_at(), formatDateTime(t.completed_at, locale)] satisfies DetailRow] : []),
    ['description', f.description(), t.description || '—'],
  ];
  return (
    <RecordPage title={t.title} testId="task-view" editHref={t.can_edit && editPath(t)} rows={rows} testPrefix="task-field-" actions={<TaskActions task={t} />}>
      <Card title={f.files()}>
        <Stack gap="md">
          <FileLinks files={t.files} testId="task-files" empty={LL.tasks.noFiles()} />
          {open && <FileUpload task={t} />}
        </Stack>
      </Card>
      <HistoryCard
        title={f.history()}
        testId="task-history"
        entries={t.history}
        eventLabel={(h) => LL.tasks.events[h.event.replace(/^task\./, '') as keyof typeof LL.tasks.events]?.() ?? h.event}
        statusLabel={(st) => LL.tasks.statuses[st]()}
        comment={{ label: f.comment(), button: LL.tasks.addComment(), sent: LL.tasks.toasts.commented(), send: comment.mutateAsync }}
      />
      <Link href={basePath(t.kind)}>{t.kind === 'quick' ? LL.tasks.toQuickList() : LL.tasks.toList()}</Link>
    </RecordPage>
  );
}
