import { type } from 'arktype';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import { useAlerts } from '#/state/alerts';
import {
  executorBody,
  priorityList,
  type TaskDetail,
  type TaskKind,
  type TaskPriority,
  useCreateTask,
  useExecutorGroups,
  useTask,
  useTaskUpload,
  useUpdateTask,
} from '#/state/queries/tasks';
import { Combobox } from '../../forms/Combobox';
import * as g from '../../forms/FormGrid.css';
import { FormPage } from '../../forms/FormPage';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { type FileError, uploadFiles } from '../../records/files';
import { NotEditable } from '../../records/NotEditable';
import { almatyNowInput, fromAlmatyInput, toAlmatyInput } from '../../shared/almaty';
import { Select, TextArea, TextField } from '../../ui';
import { FileForTask } from './FileUpload';
import { futureRule } from './format';
import { basePath, viewPath } from './paths';

type Values = { title: string; description: string; category: string; priority: TaskPriority; deadline: string; executor: string };

/** `/tasks/create` (`?contractor=<id>` picks that contractor) and `/quick-tasks/create`. */
export function TaskCreatePage({ kind }: { kind: TaskKind }) {
  const contractor = new URLSearchParams(useSearch()).get('contractor');
  return <TaskForm kind={kind} executor={contractor ? `contractor:${contractor}` : ''} />;
}

/** `/tasks/{id}/edit`, `/quick-tasks/{id}/edit` and `/contractors/task-edit/{id}`: while the task is new. */
export function TaskEditPage({ id, kind }: { id: string; kind: TaskKind }) {
  const { LL } = useI18nContext();
  const query = useTask(id);
  return (
    <QueryPage title={LL.tasks.editTitle()} query={query}>
      {(t) => <TaskForm kind={t.kind ?? kind} task={t} executor={`${t.executor.kind}:${t.executor.id}`} />}
    </QueryPage>
  );
}

function TaskForm({ kind, task, executor }: { kind: TaskKind; task?: TaskDetail; executor: string }) {
  const { LL } = useI18nContext();
  const [, navigate] = useLocation();
  const alerts = useAlerts();
  const create = useCreateTask();
  const update = useUpdateTask(task?.id ?? '');
  const upload = useTaskUpload();
  const quick = kind === 'quick';
  // Quick tasks go to renters or employees; a full task may also go to a contractor.
  const [executorSearch, setExecutorSearch] = useState('');
  // The executor is fixed once the task exists: the picker is only for a new one.
  const groups = useExecutorGroups(kind, executorSearch, !task);
  const [files, setFiles] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<FileError[]>([]);
  const t = LL.tasks;
  const f = t.fields;
  const executorGroups = { employee: f.employees(), renter: f.renters(), contractor: f.contractors() };
  const schema = useMemo(() => {
    const r = rules(LL);
    // Executor and deadline are fixed once the task exists (the contract's TaskUpdate has neither).
    const future = futureRule(LL);
    return type({
      title: r.required().and(r.max(200)),
      description: r.max(5000),
      category: r.max(100),
      priority: "'low' | 'medium' | 'high'",
      deadline: task ? r.optionalText : future,
      executor: task ? r.optionalText : r.required(),
    });
  }, [LL, task]);
  const { form, submit, errorOf, pageProps } = useAppForm<Values>(schema, {
    title: task?.title ?? '',
    description: task?.description ?? '',
    category: task?.category ?? '',
    priority: task?.priority ?? 'medium',
    deadline: task ? toAlmatyInput(task.deadline_at) : '',
    executor,
  });
  const back = task ? viewPath(kind, task.id) : basePath(kind);
  const onFiles = (accepted: File[], refused: FileError[]) => {
    setFileErrors(refused);
    setFiles(accepted);
  };

  const onSubmit = submit(async (v) => {
    const text = {
      title: v.title.trim(),
      description: v.description.trim() || undefined,
      category: v.category.trim() || undefined,
      priority: v.priority,
    };
    if (task) {
      await update.mutateAsync(text);
      alerts.add({ message: t.toasts.saved(), type: 'success' });
      navigate(back);
      return;
    }
    if (fileErrors.length) return;
    const created = await create.mutateAsync({ kind, ...text, deadline_at: fromAlmatyInput(v.deadline), ...executorBody(v.executor) });
    // Files go after the task exists; one refused file does not undo the task or the others.
    const { failed } = await uploadFiles(files, (file) => upload.mutateAsync({ id: created.id, file }), LL.list.actionFailed());
    for (const e of failed) alerts.add({ message: LL.records.fileFailed(e), type: 'error' });
    alerts.add({ message: t.toasts.created(), type: 'success' });
    navigate(viewPath(kind, created.id));
  });

  const title = task ? (quick ? t.editQuickTitle() : t.editTitle()) : quick ? t.newQuickTask() : t.newTask();
  if (task && !task.can_edit) return <NotEditable title={title} back={back} />;

  return (
    <FormPage
      title={title}
      testId="task-form"
      {...pageProps(onSubmit)}
      back={back}
      submitLabel={task ? LL.list.save() : t.dialogs.send()}
      disabled={fileErrors.length > 0}
    >
      <TextField label={f.title()} maxLength={200} required {...form.register('title')} error={errorOf('title')} />
      <div className={g.grid}>
        {task ? (
          <TextField label={f.executor()} name="executor-name" value={task.executor.name} disabled readOnly />
        ) : (
          <Controller
            control={form.control}
            name="executor"
            render={({ field }) => (
              <Combobox
                label={f.executor()}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                onSearch={setExecutorSearch}
                placeholder={f.findExecutor()}
                emptyText={LL.list.empty()}
                groups={groups.map((g) => ({ label: executorGroups[g.kind], options: g.options }))}
                data-testid="task-executor"
                required
                error={errorOf('executor')}
              />
            )}
          />
        )}
        <TextField
          label={f.deadline()}
          type="datetime-local"
          hint={f.deadlineHint()}
          min={task ? undefined : almatyNowInput()}
          disabled={Boolean(task)}
          required
          {...form.register('deadline')}
          error={errorOf('deadline')}
        />
        <Select
          label={f.priority()}
          options={priorityList.map((p) => ({ value: p, label: t.priorities[p]() }))}
          {...form.register('priority')}
          error={errorOf('priority')}
        />
        {!quick && <TextField label={f.category()} maxLength={100} {...form.register('category')} error={errorOf('category')} />}
      </div>
      {!quick && <TextArea label={f.description()} maxLength={5000} rows={5} {...form.register('description')} error={errorOf('description')} />}
      {!task && !quick && <FileForTask onFiles={onFiles} errors={fileErrors} />}
    </FormPage>
  );
}
