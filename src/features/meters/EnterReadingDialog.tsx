import { type } from 'arktype';
import { useMemo } from 'react';
import { useAlerts } from '#/state/alerts';
import { type ReadingRow, useSubmitReading } from '#/state/queries/meters';
import { asDecimal, isQuantity } from '../../forms/figures';
import { useI18nContext } from '../../i18n/i18n-react';
import { FormDialog, useDialogForm } from '../../records/FormDialog';
import { useMeterText } from '../../shared-ui/meter-text';
import { FormError, TextField } from '../../ui';

/**
 * Staff write a month's reading of a meter (accepted as written; a photo is not asked for): a missing
 * one from the sheet, or a correction of an accepted one while no invoice carries it.
 */
export function EnterReadingDialog({ row, onClose }: { row: Pick<ReadingRow, 'meter' | 'period' | 'value'> | null; onClose: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.meters.readings;
  const text = useMeterText();
  const alerts = useAlerts();
  const submit = useSubmitReading();
  const open = row !== null;
  const schema = useMemo(
    () =>
      type({
        value: type('string').narrow((v, ctx) => isQuantity(v) || ctx.reject({ message: v.trim() ? LL.meters.valueInvalid() : LL.validation.required() })),
      }),
    [LL],
  );
  const { form, status, submit: onValid, errorOf } = useDialogForm<{ value: string }>(schema, { value: row?.value ?? '' }, open);
  const onSubmit = onValid(async ({ value }) => {
    if (!row) return;
    await submit.mutateAsync({ meter_id: row.meter.id, value: asDecimal(value), period: row.period });
    alerts.add({ message: t.toasts.entered(), type: 'success' });
    onClose();
  });
  return (
    <FormDialog
      open={open}
      title={row ? t.enterTitle({ serial: row.meter.serial, month: text.monthIn(row.period) }) : ''}
      text={row ? text.where(row.meter) : undefined}
      submitLabel={LL.list.save()}
      cancelLabel={LL.list.cancel()}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      testId="reading-enter-dialog"
    >
      <TextField
        label={`${t.columns.value()}, ${row ? text.unit(row.meter.type) : ''}`}
        inputMode="decimal"
        required
        {...form.register('value')}
        error={errorOf('value')}
      />
      <FormError message={status?.message} tone={status?.tone} />
    </FormDialog>
  );
}
