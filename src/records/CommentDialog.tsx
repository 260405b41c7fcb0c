import { type } from 'arktype';
import { type ReactNode, useMemo } from 'react';
import { rules } from '../forms/rules';
import { useI18nContext } from '../i18n/i18n-react';
import { FormError, TextArea } from '../ui';
import { FormDialog, useDialogForm } from './FormDialog';

type Props = {
  open: boolean;
  title: string;
  text?: string;
  label: string;
  submitLabel: string;
  danger?: boolean;
  max?: number;
  /** Said when the comment is left empty (the general "required" unless given). */
  requiredMessage?: string;
  /** Sends the trimmed comment; a refusal it throws is shown in the dialog, beside the comment. */
  onSend: (comment: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
  /** More fields sent with the comment (a dispute's files), under it. */
  children?: ReactNode;
};

/** A transition that needs a reason or a comment (reject, return, decline), on the house form pattern. */
export function CommentDialog({ open, title, text, label, submitLabel, danger, max = 2000, requiredMessage, onSend, onClose, testId, children }: Props) {
  const { LL } = useI18nContext();
  const schema = useMemo(() => {
    const r = rules(LL);
    return type({ comment: r.required(requiredMessage).and(r.max(max)) });
  }, [LL, requiredMessage, max]);
  const { form, status, submit, errorOf } = useDialogForm<{ comment: string }>(schema, { comment: '' }, open);
  const onSubmit = submit(async ({ comment }) => {
    await onSend(comment.trim());
  });

  return (
    <FormDialog
      open={open}
      title={title}
      text={text}
      submitLabel={submitLabel}
      cancelLabel={LL.list.cancel()}
      danger={danger}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      testId={testId}
    >
      <TextArea label={label} required maxLength={max} rows={3} {...form.register('comment')} error={errorOf('comment')} />
      {children}
      <FormError message={status?.message} tone={status?.tone} />
    </FormDialog>
  );
}
