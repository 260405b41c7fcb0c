import { useEffect, useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { useViolationTransition, useViolationUpload } from '#/state/queries/violations';
import { useI18nContext } from '../../i18n/i18n-react';
import { CommentDialog } from '../../records/CommentDialog';
import { FileField } from '../../records/FileField';
import { documentRule, type FileError, uploadFiles } from '../../records/files';

type Props = { id: string; open: boolean; onClose: () => void };

/**
 * The renter disputes with a reason and, in the same dialog, its files. The dispute goes first and the
 * files after it: a refused dispute leaves no files behind on an issued violation, and a file that fails
 * after the dispute is sent can be added again on the page, where dispute files stay open while the
 * dispute is.
 */
export function DisputeDialog({ id, open, onClose }: Props) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const transition = useViolationTransition(id);
  const upload = useViolationUpload();
  const [files, setFiles] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<FileError[]>([]);
  // A new key clears the picker at each opening.
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!open) return;
    setFiles([]);
    setFileErrors([]);
    setRound((r) => r + 1);
  }, [open]);
  const d = LL.violations.dialogs;

  const send = async (comment: string) => {
    // As in the forms: a refused file is said beside the picker and nothing is sent until it is replaced.
    if (fileErrors.length > 0) return;
    // A refusal is thrown: the dialog shows it and nothing was written.
    const next = await transition.mutateAsync({ event: 'violation.dispute', comment });
    const { failed } = await uploadFiles(files, (file) => upload.mutateAsync({ id, kind: 'dispute', file }), LL.list.actionFailed());
    alerts.add({ message: LL.violations.toasts.changed({ status: LL.violations.statuses[next.status]() }), type: 'success' });
    for (const e of failed) alerts.add({ message: LL.records.fileFailed(e), type: 'error' });
    if (failed.length > 0) alerts.add({ message: d.disputeFilesLater(), type: 'error' });
    onClose();
  };

  return (
    <CommentDialog
      open={open}
      title={d.disputeTitle()}
      text={d.disputeHint()}
      label={LL.violations.fields.comment()}
      submitLabel={d.send()}
      requiredMessage={LL.records.commentRequired()}
      onSend={send}
      onClose={onClose}
      testId="comment-dialog"
    >
      <FileField
        key={round}
        label={LL.violations.fields.addDisputeFile()}
        name="dispute-files"
        rule={documentRule}
        hint={LL.tasks.fields.filesHint()}
        onFiles={(accepted, refused) => {
          setFiles(accepted);
          setFileErrors(refused);
        }}
        errors={fileErrors}
        disabled={transition.isPending || upload.isPending}
        testId="dispute-files"
      />
    </CommentDialog>
  );
}
