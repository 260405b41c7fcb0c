import { type } from 'arktype';
import { useMemo } from 'react';
import { almatyToday } from '#/shared/almaty';
import { daysBetween } from '#/shared/days';
import { exportBilling } from '#/state/queries/billing';
import { rules } from '../../forms/rules';
import { useI18nContext } from '../../i18n/i18n-react';
import { useExport } from '../../lists/download';
import { FormDialog, useDialogForm } from '../../records/FormDialog';
import { TextField } from '../../ui';

type Values = { from: string; to: string };

/** The period's invoices and payments as .xlsx for accounting (1C): this month by default. */
export function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.billing.export;
  const { exporting, run } = useExport();
  const schema = useMemo(() => {
    const r = rules(LL);
    return type({ from: r.required(), to: r.required() }).narrow(
      (v, ctx) => (v.to >= v.from && daysBetween(v.from, v.to) <= 366) || ctx.reject({ path: ['to'], message: t.periodInvalid() }),
    );
  }, [LL, t]);
  const today = almatyToday();
  const { form, submit, errorOf } = useDialogForm<Values>(schema, { from: `${today.slice(0, 8)}01`, to: today }, open);
  const onSubmit = submit(async (v) => {
    await run(() => exportBilling(v.from, v.to), `invoices-payments-${v.from}-${v.to}.xlsx`);
    onClose();
  });
  return (
    <FormDialog
      open={open}
      title={t.title()}
      submitLabel={t.download()}
      cancelLabel={LL.list.cancel()}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      busy={exporting}
      testId="billing-export-dialog"
    >
      <TextField label={t.from()} type="date" required {...form.register('from')} error={errorOf('from')} />
      <TextField label={t.to()} type="date" required {...form.register('to')} error={errorOf('to')} />
    </FormDialog>
  );
}
