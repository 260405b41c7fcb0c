import { type } from 'arktype';
import { useEffect, useMemo } from 'react';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { FormDialog } from '../../records/FormDialog';
import { FormError, TextField } from '../../ui';
import { almatyNowInput, futureRule } from './format';

type Props = { open: boolean; onExtend: (deadline: string) => Promise<unknown>; onClose: () => void };

/** Extend asks the new deadline, typed in Almaty time and in the future. */
export function DeadlineDialog({ open, onExtend, onClose }: Props) {
  const { LL } = useI18nContext();
  const d = LL.tasks.dialogs;
  const schema = useMemo(() => type({ deadline_at: futureRule(LL) }), [LL]);
  const { form, status, setStatus, submit, errorOf } = useAppForm<{ deadline_at: string }>(schema, { deadline_at: '' });
  useEffect(() => {
    if (!open) return;
    form.reset({ deadline_at: '' });
    setStatus(null);
  }, [open, form, setStatus]);
  const onSubmit = submit(async ({ deadline_at }) => {
    await onExtend(deadline_at);
  });
  return (
    <FormDialog
      open={open}
      title={d.extendTitle()}
      submitLabel={d.send()}
      cancelLabel={LL.list.cancel()}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      testId="task-dialog"
    >
      <TextField label={d.newDeadline()} type="datetime-local" min={almatyNowInput()} required {...form.register('deadline_at')} error={errorOf('deadline_at')} />
      <FormError message={status?.message} tone={status?.tone} />
    </FormDialog>
  );
}
