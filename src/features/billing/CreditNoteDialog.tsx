import { type } from 'arktype';
import { useMemo } from 'react';
import { decimal, hundredths, sum } from '#/shared/money';
import { useAlerts } from '#/state/alerts';
import { type InvoiceDetail, useCreditNote } from '#/state/queries/billing';
import { moneyRules } from '../../forms/money-rules';
import { rules } from '../../forms/rules';
import { useI18nContext } from '../../i18n/i18n-react';
import { FormDialog, useDialogForm } from '../../records/FormDialog';
import { FormError, TextArea, TextField } from '../../ui';
import { useMoney } from './format';

type Values = { amount: string; reason: string };

/** A credit note on the invoice as staff issue it: at most what earlier notes left of its total. */
export function CreditNoteDialog({ invoice, open, onClose }: { invoice: InvoiceDetail; open: boolean; onClose: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.billing.credit;
  const alerts = useAlerts();
  const { money } = useMoney();
  const issue = useCreditNote(invoice.id);
  const left = hundredths(invoice.total) - hundredths(sum(invoice.credit_notes.map((n) => n.total)));
  const schema = useMemo(() => {
    const r = rules(LL);
    return type({
      amount: moneyRules(LL).money.narrow((v, ctx) => {
        const cents = hundredths(v.trim().replace(',', '.'));
        if (cents <= 0n) return ctx.reject({ message: LL.contracts.errors.positive() });
        return cents <= left || ctx.reject({ message: t.tooMuch({ left: money(decimal(left)) }) });
      }),
      reason: r.required().and(r.max(500)),
    });
  }, [LL, t, left, money]);
  const { form, status, submit, errorOf } = useDialogForm<Values>(schema, { amount: '', reason: '' }, open);
  const onSubmit = submit(async (v) => {
    const after = await issue.mutateAsync({ amount: v.amount.trim().replace(',', '.'), reason: v.reason.trim() });
    alerts.add({ message: t.saved({ number: after.credit_notes.at(-1)?.number ?? '' }), type: 'success' });
    onClose();
  });
  return (
    <FormDialog
      open={open}
      title={t.dialog()}
      submitLabel={t.issue()}
      cancelLabel={LL.list.cancel()}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      testId="credit-note-dialog"
    >
      <TextField label={t.amount()} inputMode="decimal" required {...form.register('amount')} error={errorOf('amount')} />
      <TextArea label={t.reason()} required maxLength={500} rows={3} {...form.register('reason')} error={errorOf('reason')} />
      <FormError message={status?.message} tone={status?.tone} />
    </FormDialog>
  );
}
