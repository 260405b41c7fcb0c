import { useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { useViolationUpload, type ViolationFileKind } from '#/state/queries/violations';
import { useI18nContext } from '../../i18n/i18n-react';
import { FileField } from '../../records/FileField';
import { documentRule, type FileError, photoRule, useUploads } from '../../records/files';

/** One kind of file the caller may add now (the server's `upload_kinds`), each sent as it is chosen. */
export function ViolationUpload({ id, kind }: { id: string; kind: ViolationFileKind }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const send = useViolationUpload();
  const { errors, busy, upload } = useUploads((file) => send.mutateAsync({ id, kind, file }), LL.list.actionFailed());
  // A new key clears the chosen files once they are sent.
  const [round, setRound] = useState(0);
  const onFiles = async (accepted: File[], refused: FileError[]) => {
    const { sent } = await upload(accepted, refused);
    setRound((r) => r + 1);
    if (sent > 0) alerts.add({ message: LL.violations.toasts.uploaded(), type: 'success' });
  };
  const f = LL.violations.fields;
  const label = kind === 'fix' ? f.addFixPhoto() : kind === 'dispute' ? f.addDisputeFile() : f.addPhoto();
  return (
    <FileField
      key={round}
      label={label}
      name={`file-${kind}`}
      rule={kind === 'dispute' ? documentRule : photoRule}
      hint={kind === 'dispute' ? LL.tasks.fields.filesHint() : f.photosHint()}
      camera={kind !== 'dispute'}
      onFiles={(accepted, refused) => void onFiles(accepted, refused)}
      errors={errors}
      disabled={busy}
      testId={`upload-${kind}`}
    />
  );
}
