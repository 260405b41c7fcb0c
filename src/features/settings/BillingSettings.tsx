import { type } from 'arktype';
import { useEffect, useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { normalRequisite, type Requisite, requisiteRules } from '#/shared/kz-ids';
import { useAlerts } from '#/state/alerts';
import { type BillingSettings as BillingSettingsDto, useBillingSettings, useSaveBillingSettings } from '#/state/queries/billing';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import type { TranslationFunctions } from '../../i18n/i18n-types';
import { Button, Card, Checkbox, FormError, Stack, TextField } from '../../ui';
import { ActTemplateSettings } from './ActTemplateSettings';
import * as c from './ContractSettings.css';
import * as s from './Settings.css';

/** The landlord's requisites printed on its invoices (its BIN is the landlord's own): each may stay empty. */
const REQUISITES = ['bin', 'bank', 'iik', 'bik', 'kbe', 'knp'] as const;
type Requisites = Record<(typeof REQUISITES)[number], string>;
const NO_REQUISITES: Requisites = { bin: '', bank: '', iik: '', bik: '', kbe: '', knp: '' };
type Values = { auto_run: boolean; run_day: string; due_day: string; vat_payer: boolean; vat_rate: string; reminders: string[] } & Requisites;
type ReminderDay = NonNullable<BillingSettingsDto['reminders']>[number];
/** The reminder days the landlord may pick, with their labels' keys. */
const reminderDays = [
  [-3, 'before'],
  [0, 'due'],
  [7, 'late7'],
  [30, 'late30'],
] as const satisfies ReadonlyArray<readonly [ReminderDay, string]>;
const DAY = /^([1-9]|1\d|2[0-8])$/;

/** Billing in Settings: whether each month is billed by itself and on which day, the default due day, VAT, the tenants' reminders. */
export function BillingSettings() {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const query = useBillingSettings();
  const save = useSaveBillingSettings();
  const t = LL.billing.settings;
  const schema = useMemo(() => {
    const day = type('string').narrow((v, ctx) => DAY.test(v.trim()) || ctx.reject({ message: LL.validation.number() }));
    return type({
      auto_run: 'boolean',
      run_day: day,
      due_day: day,
      vat_payer: 'boolean',
      vat_rate: type('string').narrow((v, ctx) => /^\d{1,2}([.,]\d{1,2})?$/.test(v.trim()) || ctx.reject({ message: LL.validation.number() })),
      reminders: 'string[]',
      ...requisiteSchema(LL),
    });
  }, [LL]);
  const { form, status, submit, errorOf } = useAppForm<Values>(schema, {
    auto_run: false,
    run_day: '1',
    due_day: '10',
    vat_payer: false,
    vat_rate: '12',
    reminders: reminderDays.map(([d]) => String(d)),
    ...NO_REQUISITES,
  });
  // The reminder days as a list the checkboxes show and change (a group of one field).
  const chosen = form.watch('reminders');
  const saved = query.data;
  useEffect(() => {
    if (saved)
      form.reset({
        ...NO_REQUISITES,
        ...saved,
        run_day: String(saved.run_day),
        due_day: String(saved.due_day),
        reminders: (saved.reminders ?? []).map(String),
      });
  }, [saved, form]);
  const onSubmit = submit(async (v) => {
    const codes = {
      bin: normalRequisite(v.bin),
      iik: normalRequisite(v.iik),
      bik: normalRequisite(v.bik),
      kbe: normalRequisite(v.kbe),
      knp: normalRequisite(v.knp),
    };
    await save.mutateAsync({
      ...v,
      ...codes,
      bank: v.bank.trim(),
      run_day: Number(v.run_day),
      due_day: Number(v.due_day),
      vat_rate: v.vat_rate.trim().replace(',', '.'),
      reminders: reminderDays.map(([d]) => d).filter((d) => v.reminders.includes(String(d))),
    });
    alerts.add({ message: t.saved(), type: 'success' });
  });
  return (
    <Card title={t.title()} data-testid="billing-settings">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Checkbox label={t.autoRun()} {...form.register('auto_run')} />
          <TextField label={t.runDay()} inputMode="numeric" required {...form.register('run_day')} error={errorOf('run_day')} />
          <TextField label={t.dueDay()} inputMode="numeric" required {...form.register('due_day')} error={errorOf('due_day')} />
          <Checkbox label={t.vatPayer()} {...form.register('vat_payer')} />
          <TextField label={t.vatRate()} inputMode="decimal" required {...form.register('vat_rate')} error={errorOf('vat_rate')} />
          {/* The tenants' payment reminders: on which days from the due date (the billing job sends each once). */}
          <fieldset className={s.reminderDays} data-testid="billing-reminders">
            <legend className={s.reminderLegend}>{t.reminders()}</legend>
            {reminderDays.map(([day, key]) => (
              <Checkbox
                key={day}
                id={`billing-reminder-${day}`}
                label={t.reminderDays[key]()}
                checked={chosen.includes(String(day))}
                onChange={(e) =>
                  form.setValue('reminders', e.target.checked ? [...chosen, String(day)] : chosen.filter((d) => d !== String(day)), { shouldDirty: true })
                }
                data-testid={`billing-reminder-${day}`}
              />
            ))}
          </fieldset>
          <RequisiteFields form={form} errorOf={errorOf} />
          <FormError message={status?.message} tone={status?.tone} />
          <div>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t.save()}
            </Button>
          </div>
        </Stack>
      </form>
      <ActTemplateSettings />
    </Card>
  );
}

/** A requisite: empty, or as kz-ids.ts requisiteRules takes it once spaces are dropped. */
const requisite = (LL: TranslationFunctions, key: Requisite) =>
  type('string').narrow((v, ctx) => {
    const value = normalRequisite(v);
    const message = key === 'bin' ? LL.validation.binIin() : LL.billingDocs.requisites.errors[key]();
    return value === '' || requisiteRules[key](value) || ctx.reject({ message });
  });

function requisiteSchema(LL: TranslationFunctions) {
  return {
    bin: requisite(LL, 'bin'),
    bank: rules(LL).max(200),
    iik: requisite(LL, 'iik'),
    bik: requisite(LL, 'bik'),
    kbe: requisite(LL, 'kbe'),
    knp: requisite(LL, 'knp'),
  };
}

/** The requisites' fields: codes typed with spaces or in small letters are sent as the server keeps them. */
function RequisiteFields({ form, errorOf }: { form: UseFormReturn<Values>; errorOf: (name: keyof Values) => string | undefined }) {
  const { LL } = useI18nContext();
  const t = LL.billingDocs.requisites;
  return (
    <div className={c.template} data-testid="billing-requisites">
      <Stack gap="md">
        <h3 className={c.heading}>{t.title()}</h3>
        <p>{t.hint()}</p>
        {REQUISITES.map((key) => (
          <TextField
            key={key}
            label={t[key]()}
            inputMode={key === 'bin' || key === 'kbe' || key === 'knp' ? 'numeric' : 'text'}
            autoCapitalize={key === 'iik' || key === 'bik' ? 'characters' : undefined}
            {...form.register(key)}
            error={errorOf(key)}
          />
        ))}
      </Stack>
    </div>
  );
}
