import { type } from 'arktype';
import { useMemo } from 'react';
import { almatyToday } from '#/shared/almaty';
import { decimal, hundredths } from '#/shared/money';
import { useAlerts } from '#/state/alerts';
import { type InvoiceDetail, useRecordPayment } from '#/state/queries/billing';
import { moneyRules } from '../../forms/money-rules';
import { rules } from '../../forms/rules';
import { useI18nContext } from '../../i18n/i18n-react';
import { FormDialog, useDialogForm } from '../../records/FormDialog';
import { FormError, Select, TextField } from '../../ui';
import { useMoney } from './format';

const methods = ['bank', 'cash', 'card'] as const;
type Values = { received_on: string; amount: string; method: (typeof methods)[number]; reference: string };

/** A payment of the invoice as staff record it: what is still owed by default, today, by bank transfer. */
export function PaymentDialog({ invoice, open, onClose }: { invoice: InvoiceDetail; open: boolean; onClose: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.billing.payments;
  const alerts = useAlerts();
  const { money } = useMoney();
  const record = useRecordPayment(invoice.id);
  const schema = useMemo(() => {
    const r = rules(LL);
    return type({
      received_on: r.required(),
      amount: moneyRules(LL).money.narrow((v, ctx) => hundredths(v.trim().replace(',', '.')) > 0n || ctx.reject({ message: LL.contracts.errors.positive() })),
      method: "'bank' | 'cash' | 'card'",
      reference: r.max(200),
    });
  }, [LL]);
  const owed = decimal(hundredths(invoice.total) - hundredths(invoice.paid));
  const { form, status, submit, errorOf } = useDialogForm<Values>(schema, { received_on: almatyToday(), amount: owed, method: 'bank', reference: '' }, open);
  const onSubmit = submit(async (v) => {
    const paid = await record.mutateAsync({
      renter_id: invoice.renter.id,
      invoice_id: invoice.id,
      received_on: v.received_on,
      amount: v.amount.trim().replace(',', '.'),
      method: v.method,
      ...(v.reference.trim() && { reference: v.reference.trim() }),
    });
    alerts.add({ message: t.saved({ amount: money(paid.amount) }), type: 'success' });
    if (hundredths(paid.unapplied) > 0n) alerts.add({ message: t.credit({ amount: money(paid.unapplied) }), type: 'info' });
    onClose();
  });
  return (
    <FormDialog
      open={open}
      title={t.dialog()}
      submitLabel={t.record()}
      cancelLabel={LL.list.cancel()}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      testId="payment-dialog"
    >
      <TextField label={t.received_on()} type="date" required {...form.register('received_on')} error={errorOf('received_on')} />
      <TextField label={t.amount()} inputMode="decimal" required {...form.register('amount')} error={errorOf('amount')} />
      <Select label={t.method()} options={methods.map((m) => ({ value: m, label: t.methods[m]() }))} {...form.register('method')} error={errorOf('method')} />
      <TextField label={t.reference()} maxLength={200} {...form.register('reference')} error={errorOf('reference')} />
      <FormError message={status?.message} tone={status?.tone} />
    </FormDialog>
  );
}
