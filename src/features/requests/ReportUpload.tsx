import { useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { type RequestDetail, useRequestUpload } from '#/state/queries/requests';
import { useI18nContext } from '../../i18n/i18n-react';
import { FileField } from '../../records/FileField';
import { type FileError, photoRule, useUploads } from '../../records/files';
import { Stack } from '../../ui';
import * as s from './requests.css';

/**
 * The photo report beside "done": the machine refuses done without one, so the input is offered
 * while the request is in progress or paused; each photo is sent as it is chosen.
 */
export function ReportUpload({ request }: { request: RequestDetail }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const send = useRequestUpload();
  const { errors, busy, upload } = useUploads((file) => send.mutateAsync({ id: request.id, kind: 'report', file }), LL.list.actionFailed());
  // A new key clears the chosen files once they are sent.
  const [round, setRound] = useState(0);
  const onFiles = async (accepted: File[], refused: FileError[]) => {
    const { sent } = await upload(accepted, refused);
    setRound((r) => r + 1);
    if (sent > 0) alerts.add({ message: LL.requests.toasts.uploaded(), type: 'success' });
  };

  return (
    <Stack gap="xs">
      <FileField
        key={round}
        label={LL.requests.uploadReport()}
        name="report"
        rule={photoRule}
        hint={LL.requests.fields.photosHint()}
        onFiles={(accepted, refused) => void onFiles(accepted, refused)}
        errors={errors}
        disabled={busy}
        testId="report-input"
      />
      {!request.has_photo_report && <p className={s.muted}>{LL.requests.reportNeeded()}</p>}
    </Stack>
  );
}
