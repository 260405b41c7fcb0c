import { type } from 'arktype';
import { useMemo } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { FormDialog, useDialogForm } from '../../records/FormDialog';
import { almatyNowInput } from '../../shared/almaty';
import { FormError, TextField } from '../../ui';
import { futureRule } from './format';

type Props = { open: boolean; onExtend: (deadline: string) => Promise<unknown>; onClose: () => void };

/** Extend asks the new deadline, typed in Almaty time and in the future. */
export function DeadlineDialog({ open, onExtend, onClose }: Props) {
  const { LL } = useI18nContext();
  const d = LL.tasks.dialogs;
  const schema = useMemo(() => type({ deadline_at: futureRule(LL) }), [LL]);
  const { form, status, submit, errorOf } = useDialogForm<{ deadline_at: string }>(schema, { deadline_at: '' }, open);
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
      <TextField
        label={d.newDeadline()}
        type="datetime-local"
        min={almatyNowInput()}
        required
        {...form.register('deadline_at')}
        error={errorOf('deadline_at')}
      />
      <FormError message={status?.message} tone={status?.tone} />
    </FormDialog>
  );
}
