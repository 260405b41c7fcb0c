import { useAlerts } from '#/state/alerts';
import { type TaskDetail, useTaskUpload } from '#/state/queries/tasks';
import { useI18nContext } from '../../i18n/i18n-react';
import { FileField } from '../../records/FileField';
import { documentRule, type FileError, useUploads } from '../../records/files';

/** Adds files to an open task, one request per file; the server decides who may (executor or creator side). */
export function FileUpload({ task }: { task: TaskDetail }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const send = useTaskUpload();
  const { errors, busy, upload } = useUploads((file) => send.mutateAsync({ id: task.id, file }), LL.list.actionFailed());
  const room = documentRule.maxFiles - task.files.length;
  const onFiles = async (accepted: File[], refused: FileError[]) => {
    const { sent } = await upload(accepted.slice(0, room), refused);
    if (sent > 0) alerts.add({ message: LL.tasks.toasts.uploaded(), type: 'success' });
  };
  if (room <= 0) return null;
  return <FileForTask onFiles={(accepted, refused) => void onFiles(accepted, refused)} errors={errors} disabled={busy} />;
}

/** The task's file input: its documents' rule, hint and type message. */
export function FileForTask(props: { onFiles: (accepted: File[], refused: FileError[]) => void; errors: FileError[]; disabled?: boolean }) {
  const { LL } = useI18nContext();
  return (
    <FileField
      label={LL.tasks.fields.files()}
      name="files"
      rule={documentRule}
      hint={LL.tasks.fields.filesHint()}
      typeError={LL.tasks.fileType()}
      testId="task-files-input"
      {...props}
    />
  );
}
