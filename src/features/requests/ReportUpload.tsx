import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { Stack } from '../../ui';
import { useAlerts } from '#/state/alerts';
import { type RequestDetail, requestApi, requestKeys } from './api';
import { type FileError, MAX_FILES, PhotoInput, precheck } from './PhotoInput';
import * as s from './requests.css';

/**
 * The photo report beside "done": the machine refuses done without one, so the input is offered
 * while the request is in progress or paused; each photo is sent as it is chosen.
 */
export function ReportUpload({ request }: { request: RequestDetail }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FileError[]>([]);
  const [busy, setBusy] = useState(false);
  // A new key clears the chosen files once they are sent.
  const [round, setRound] = useState(0);

  const onFiles = async (chosen: File[]) => {
    const files = chosen.slice(0, MAX_FILES);
    const refused = precheck(files, { type: LL.errors.file_type(), size: LL.errors.file_too_large({ max: 10 }) });
    const failed: FileError[] = [...refused];
    setBusy(true);
    let sent = 0;
    for (const file of files.filter((f) => !refused.some((r) => r.name === f.name))) {
      try {
        await requestApi.upload(request.id, 'report', file);
        sent += 1;
      } catch (err) {
        failed.push({ name: file.name, message: messageOf(err, LL.list.actionFailed()) });
      }
    }
    setBusy(false);
    setErrors(failed);
    setRound((r) => r + 1);
    if (sent > 0) {
      alerts.add({ message: LL.requests.toasts.uploaded(), type: 'success' });
      await queryClient.invalidateQueries({ queryKey: requestKeys.all });
    }
  };

  return (
    <Stack gap="xs">
      <PhotoInput key={round} label={LL.requests.uploadReport()} name="report" multiple onFiles={(f) => void onFiles(f)} errors={errors} disabled={busy} testId="report-input" />
      {!request.has_photo_report && <p className={s.muted}>{LL.requests.reportNeeded()}</p>}
    </Stack>
  );
}
