import { type } from 'arktype';
import { useMemo } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { messageOf } from '#/api/client';
import { almatyToday } from '#/shared/almaty';
import { hundredths } from '#/shared/money';
import { useAlerts } from '#/state/alerts';
import { type Charge, useAddCharge, useDeleteCharge, useUninvoicedCharges } from '#/state/queries/billing';
import { useRenterContracts } from '#/state/queries/contracts';
import { useRenterPicker } from '#/state/queries/renters';
import { rules } from '../../forms/rules';
import { useI18nContext } from '../../i18n/i18n-react';
import { FormDialog, useDialogForm } from '../../records/FormDialog';
import { Button, FormError, Row, Select, TextField } from '../../ui';
import { useMoney } from './format';

const kinds = ['one_off', 'adjustment'] as const;
type Values = { renter_id: string; contract_id: string; month: string; kind: (typeof kinds)[number]; description: string; amount: string };
/** Tenge that may be below zero (an adjustment's discount): the money rule's shape with a sign. */
const SIGNED_MONEY = /^-?\d{1,11}([.,]\d{1,2})?$/;

/**
 * A one-off charge or an adjustment staff put on a tenant's account for a month (the next run's invoice
 * carries it), with the tenant's charges still waiting for an invoice below, each deletable until then.
 */
export function ChargeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.billing.charges;
  const alerts = useAlerts();
  const renters = useRenterPicker();
  const add = useAddCharge();
  const schema = useMemo(() => {
    const r = rules(LL);
    return type({
      renter_id: r.required(),
      contract_id: 'string',
      month: r.required(),
      kind: "'one_off' | 'adjustment'",
      description: r.required().and(r.max(500)),
      amount: type('string').narrow((v, ctx) => {
        if (!SIGNED_MONEY.test(v.trim())) return ctx.reject({ message: v.trim() ? LL.contracts.errors.money() : LL.validation.required() });
        return hundredths(v.trim().replace(',', '.')) !== 0n || ctx.reject({ message: t.nonZero() });
      }),
    });
  }, [LL, t]);
  const crossChecks = (v: Values) => ({
    amount:
      v.kind === 'one_off' && SIGNED_MONEY.test(v.amount.trim()) && hundredths(v.amount.trim().replace(',', '.')) < 0n
        ? LL.contracts.errors.positive()
        : undefined,
  });
  const { form, status, submit, errorOf } = useDialogForm<Values>(
    schema,
    { renter_id: '', contract_id: '', month: almatyToday().slice(0, 7), kind: 'one_off', description: '', amount: '' },
    open,
    crossChecks,
  );
  const renterId = useWatch({ control: form.control, name: 'renter_id' });
  const renterField = form.register('renter_id');
  const onSubmit = submit(async (v) => {
    await add.mutateAsync({
      renter_id: v.renter_id,
      ...(v.contract_id ? { contract_id: v.contract_id } : {}),
      period: `${v.month}-01`,
      kind: v.kind,
      description: v.description.trim(),
      amount: v.amount.trim().replace(',', '.'),
    });
    alerts.add({ message: t.saved(), type: 'success' });
    form.reset({ ...v, description: '', amount: '' });
  });
  return (
    <FormDialog
      open={open}
      title={t.dialog()}
      submitLabel={t.add()}
      cancelLabel={LL.common.close()}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      testId="charge-dialog"
    >
      <Select
        label={t.renter()}
        required
        placeholder=""
        options={(renters.data ?? []).map((r) => ({ value: r.id, label: `${r.legal_name} (${r.trade_point_name})` }))}
        {...renterField}
        // Another tenant's lease is never offered: the choice starts over with the tenant.
        onChange={(e) => {
          form.setValue('contract_id', '');
          return renterField.onChange(e);
        }}
        error={errorOf('renter_id')}
        data-testid="charge-renter"
      />
      {renterId && <LeaseSelect renterId={renterId} form={form} />}
      <TextField label={t.period()} type="month" required {...form.register('month')} error={errorOf('month')} />
      <Select label={t.kind()} options={kinds.map((k) => ({ value: k, label: LL.billing.kinds[k]() }))} {...form.register('kind')} error={errorOf('kind')} />
      <TextField label={t.description()} required maxLength={500} {...form.register('description')} error={errorOf('description')} />
      <TextField label={t.amount()} inputMode="decimal" required hint={t.amountHint()} {...form.register('amount')} error={errorOf('amount')} />
      <FormError message={status?.message} tone={status?.tone} />
      <Waiting renterId={renterId} />
    </FormDialog>
  );
}

/** The chosen tenant's leases, so a charge may name the one it belongs to (none by default). */
function LeaseSelect({ renterId, form }: { renterId: string; form: UseFormReturn<Values> }) {
  const { LL } = useI18nContext();
  const leases = useRenterContracts(renterId);
  return (
    <Select
      label={LL.billing.charges.lease()}
      placeholder={LL.billing.charges.noLease()}
      options={(leases.data?.data ?? []).map((c) => ({
        value: c.id,
        label: `${c.number} · ${c.object.name} (${LL.contracts.statuses[c.status]()})`,
      }))}
      {...form.register('contract_id')}
      data-testid="charge-lease"
    />
  );
}

/** The tenant's charges no invoice carries yet; staff's own may be taken back. */
function Waiting({ renterId }: { renterId: string }) {
  const { LL } = useI18nContext();
  const t = LL.billing.charges;
  const alerts = useAlerts();
  const { money, month } = useMoney();
  const charges = useUninvoicedCharges(renterId);
  const remove = useDeleteCharge(renterId);
  if (!renterId) return <p>{t.pickRenter()}</p>;
  const rows = charges.data?.data ?? [];
  const label = (c: Charge) => {
    if (c.violation) return c.kind === 'fine' ? t.fine({ number: c.violation.number }) : t.fineReversal({ number: c.violation.number });
    return c.description ? `${LL.billing.kinds[c.kind]()}: ${c.description}` : LL.billing.kinds[c.kind]();
  };
  return (
    <section aria-label={t.title()} data-testid="charges-waiting">
      <h3>{t.title()}</h3>
      {rows.length === 0 ? (
        <p>{charges.isPending ? LL.common.loading() : t.none()}</p>
      ) : (
        <ul>
          {rows.map((c) => (
            <li key={c.id}>
              <Row gap="sm" wrap>
                <span>
                  {month(c.period)} · {label(c)}
                  {c.contract && ` · ${t.lease()} ${c.contract.number}`} · {money(c.amount)} ₸
                </span>
                {!c.violation && (c.kind === 'one_off' || c.kind === 'adjustment') && (
                  <Button
                    size="sm"
                    variant="ghost"
                    loading={remove.isPending && remove.variables === c.id}
                    onClick={() =>
                      remove.mutate(c.id, {
                        onSuccess: () => alerts.add({ message: t.deleted(), type: 'success' }),
                        onError: (err) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
                      })
                    }
                  >
                    {t.delete()}
                  </Button>
                )}
              </Row>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
