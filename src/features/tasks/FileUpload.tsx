import { useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { FileField } from '../../records/FileField';
import { type FileError, uploadFiles } from '../../records/files';
import { useAlerts } from '../alerts/alerts';
import { type TaskDetail, useTaskUpload } from './api';
import { documentRule } from './files';

/** Adds files to an open task, one request per file; the server decides who may (executor or creator side). */
export function FileUpload({ task }: { task: TaskDetail }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const upload = useTaskUpload();
  const [errors, setErrors] = useState<FileError[]>([]);
  const [busy, setBusy] = useState(false);
  const room = documentRule.maxFiles - task.files.length;

  const onFiles = async (accepted: File[], refused: FileError[]) => {
    setErrors(refused);
    setBusy(true);
    const sent = () => alerts.add({ message: LL.tasks.toasts.uploaded(), type: 'success' });
    const { failed } = await uploadFiles(accepted.slice(0, room), (file) => upload.mutateAsync({ id: task.id, file }), LL.list.actionFailed(), sent);
    for (const e of failed) alerts.add({ message: LL.records.fileFailed(e), type: 'error' });
    setBusy(false);
  };
  if (room <= 0) return null;
  return <FileForTask onFiles={(accepted, refused) => void onFiles(accepted, refused)} errors={errors} disabled={busy} />;
}

/** The task's file input: its documents' rule, hint and type message. */
export function FileForTask(props: { onFiles: (accepted: File[], refused: FileError[]) => void; errors: FileError[]; disabled?: boolean }) {
  const { LL } = useI18nContext();
  return <FileField label={LL.tasks.fields.files()} name="files" rule={documentRule} hint={LL.tasks.fields.filesHint()} typeError={LL.tasks.fileType()} testId="task-files-input" {...props} />;
}
