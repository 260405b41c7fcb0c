import { type } from 'arktype';
import { useEffect, useMemo } from 'react';
import { useAlerts } from '#/state/alerts';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Card, FormError, Stack, TextField } from '../../ui';
import { useContractSettings, useSaveContractSettings } from './api';

type Values = { expiring_days: string };

/** Leases in Settings: how many days before its end a lease becomes expiring (and its keepers are told). */
export function ContractSettings() {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const query = useContractSettings();
  const save = useSaveContractSettings();
  const t = LL.contracts.settings;
  const schema = useMemo(
    () =>
      type({
        expiring_days: type('string').narrow(
          (v, ctx) => /^([1-9]\d?|[12]\d\d|3[0-5]\d|36[0-5])$/.test(v.trim()) || ctx.reject({ message: LL.validation.number() }),
        ),
      }),
    [LL],
  );
  const { form, status, submit, errorOf } = useAppForm<Values>(schema, { expiring_days: '' });
  const saved = query.data?.expiring_days;
  useEffect(() => {
    if (saved !== undefined) form.reset({ expiring_days: String(saved) });
  }, [saved, form]);
  const onSubmit = submit(async (v) => {
    await save.mutateAsync({ expiring_days: Number(v.expiring_days.trim()) });
    alerts.add({ message: t.saved(), type: 'success' });
  });
  return (
    <Card title={t.title()} data-testid="contract-settings">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextField label={t.expiringDays()} inputMode="numeric" required {...form.register('expiring_days')} error={errorOf('expiring_days')} />
          <FormError message={status?.message} tone={status?.tone} />
          <div>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {LL.list.save()}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
