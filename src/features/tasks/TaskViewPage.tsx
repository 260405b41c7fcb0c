import { useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { ApiRequestError } from '../../api/client';
import { useSpaLink } from '../../app/links';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { Button, Card, Page, Row, Stack, TextArea } from '../../ui';
import { useAlerts } from '../alerts/alerts';
import { isOverdue, type TaskDetail, type TaskKind, taskApi, taskKeys, useTask } from './api';
import { FileUpload } from './FileUpload';
import { almatyTime, OverdueBadge, PriorityBadge, TaskStatusBadge } from './format';
import { TaskActions } from './TaskActions';
import { TaskHistory } from './TaskHistory';
import { basePath } from './TasksListPage';
import * as s from './tasks.css';

/** `/tasks/{id}` and `/quick-tasks/{id}`: the task, its files, its actions, history and comments. */
export function TaskViewPage({ id, kind }: { id: string; kind: TaskKind }) {
  const { LL } = useI18nContext();
  const query = useTask(id);
  return (
    <QueryPage title={kind === 'quick' ? LL.tasks.quickTitle() : LL.tasks.title()} query={query} lines={10}>
      {(t) => <TaskView task={t} />}
    </QueryPage>
  );
}

/** A contractor's task is edited from the contractors section (spec §2 /contractors/task-edit/{id}). */
const editPath = (t: TaskDetail) => (t.executor.kind === 'contractor' ? `/contractors/task-edit/${t.id}` : `${basePath(t.kind)}/${t.id}/edit`);

function TaskView({ task: t }: { task: TaskDetail }) {
  const { LL, locale } = useI18nContext();
  const link = useSpaLink();
  const c = LL.tasks.columns;
  const f = LL.tasks.fields;
  const open = t.status !== 'accepted' && t.status !== 'rejected';
  const rows: [string, string, ReactNode][] = [
    [
      'status',
      c.status(),
      <span className={s.badges}>
        <TaskStatusBadge status={t.status} />
        {isOverdue(t) && <OverdueBadge />}
      </span>,
    ],
    ['kind', f.kind(), LL.tasks.kinds[t.kind]()],
    ['priority', c.priority(), <PriorityBadge priority={t.priority} />],
    ['category', f.category(), t.category || '—'],
    ['executor', c.executor(), t.executor.name],
    ['creator', c.creator(), t.creator.name],
    ['created_at', f.created_at(), almatyTime(t.created_at, locale)],
    ['deadline', c.deadline(), almatyTime(t.deadline_at, locale)],
    ['completed_at', f.completed_at(), t.completed_at ? almatyTime(t.completed_at, locale) : '—'],
    ['description', f.description(), t.description || '—'],
  ];
  return (
    <Page
      title={t.title}
      data-testid="task-view"
      actions={t.can_edit && <Button variant="secondary" onClick={link(editPath(t))}>{LL.list.edit()}</Button>}
    >
      <Stack gap="lg">
        <Card>
          <Stack gap="lg">
            <dl className={s.details}>
              {rows.map(([key, term, value]) => (
                <Fragment key={key}>
                  <dt className={s.term}>{term}</dt>
                  <dd className={s.value} data-testid={`task-field-${key}`}>{value}</dd>
                </Fragment>
              ))}
            </dl>
            <TaskActions task={t} />
          </Stack>
        </Card>
        <Card title={f.files()}>
          <Stack gap="md">
            {t.files.length === 0 ? (
              <p className={s.muted}>{LL.tasks.noFiles()}</p>
            ) : (
              <ul className={s.fileList} data-testid="task-files">
                {t.files.map((file) => (
                  <li key={file.id}>
                    <a href={file.url} target="_blank" rel="noreferrer" data-testid="task-file">{file.name}</a>
                  </li>
                ))}
              </ul>
            )}
            {open && <FileUpload task={t} />}
          </Stack>
        </Card>
        <Card title={f.history()}>
          <Stack gap="lg">
            <TaskHistory history={t.history} />
            <CommentBox id={t.id} />
          </Stack>
        </Card>
        <Link href={basePath(t.kind)}>{t.kind === 'quick' ? LL.tasks.toQuickList() : LL.tasks.toList()}</Link>
      </Stack>
    </Page>
  );
}

function CommentBox({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      queryClient.setQueryData(taskKeys.one(id), await taskApi.comment(id, text.trim()));
      setText('');
      alerts.add({ message: LL.tasks.toasts.commented(), type: 'success' });
      await queryClient.invalidateQueries({ queryKey: taskKeys.all });
    } catch (err) {
      alerts.add({ message: err instanceof ApiRequestError ? err.message : LL.list.actionFailed(), type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <TextArea label={LL.tasks.fields.comment()} name="comment" rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
      <Row>
        <Button variant="secondary" loading={busy} disabled={!text.trim()} onClick={() => void send()} data-testid="comment-send">
          {LL.tasks.addComment()}
        </Button>
      </Row>
    </Stack>
  );
}
