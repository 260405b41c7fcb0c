import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { useAlerts } from '#/state/alerts';
import { type TaskDetail, taskApi, taskKeys } from './api';
import { type FileError, FileInput, MAX_FILES, precheck } from './FileInput';

/** Adds files to an open task, one request per file; the server decides who may (executor or creator side). */
export function FileUpload({ task }: { task: TaskDetail }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FileError[]>([]);
  const [busy, setBusy] = useState(false);
  const room = MAX_FILES - task.files.length;

  const onFiles = async (picked: File[]) => {
    const refused = precheck(picked, { type: LL.tasks.fileType(), size: LL.errors.file_too_large({ max: 10 }) });
    setErrors(refused);
    const ok = picked.filter((f) => !refused.some((r) => r.name === f.name)).slice(0, room);
    setBusy(true);
    for (const file of ok) {
      try {
        queryClient.setQueryData(taskKeys.one(task.id), await taskApi.upload(task.id, file));
        alerts.add({ message: LL.tasks.toasts.uploaded(), type: 'success' });
      } catch (err) {
        const message = messageOf(err, LL.list.actionFailed());
        alerts.add({ message: LL.tasks.toasts.fileFailed({ name: file.name, message }), type: 'error' });
      }
    }
    setBusy(false);
  };
  if (room <= 0) return null;
  return <FileInput onFiles={(files) => void onFiles(files)} errors={errors} disabled={busy} />;
}
