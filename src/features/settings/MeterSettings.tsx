import { type } from 'arktype';
import { useCallback, useMemo } from 'react';
import { almatyToday } from '#/shared/almaty';
import { meterTypes } from '#/shared/meters';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { type MeterType, type Tariff, useAddTariff, useDeleteTariff, useMeterSettings, useSaveMeterSettings, useTariffs } from '#/state/queries/meters';
import { messageOf } from '../../api/client';
import { asDecimal, isPrice, isWindowDay } from '../../forms/figures';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { formatDay, formatDecimal } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { DataTable } from '../../lists/DataTable';
import { useMeterText } from '../../shared-ui/meter-text';
import { Button, Card, Checkbox, EmptyState, FormError, Select, Skeleton, Stack, TextField } from '../../ui';
import * as c from './ContractSettings.css';

type Values = { window_from: string; window_to: string; share_common: boolean };

/** Meters in Settings: the days tenants submit readings on, whether the common area is shared, the tariffs. */
export function MeterSettings() {
  const { LL } = useI18nContext();
  const t = LL.meters.settings;
  const query = useMeterSettings();
  return (
    <Card title={t.title()} data-testid="meter-settings">
      <Stack gap="lg">
        {/* The form waits for the saved values: typed into before they arrive, it would be overwritten by them. */}
        {query.data ? <WindowForm saved={query.data} /> : query.isError ? <FormError message={LL.list.loadError()} /> : <Skeleton lines={3} />}
        <Tariffs />
      </Stack>
    </Card>
  );
}

function WindowForm({ saved }: { saved: { window_from: number; window_to: number; share_common: boolean } }) {
  const { LL } = useI18nContext();
  const t = LL.meters.settings;
  const alerts = useAlerts();
  const save = useSaveMeterSettings();
  const schema = useMemo(() => {
    const day = type('string').narrow((v, ctx) => isWindowDay(v) || ctx.reject({ message: t.dayInvalid() }));
    return type({ window_from: day, window_to: day, share_common: 'boolean' });
  }, [t]);
  const order = useCallback((v: Values) => ({ window_to: Number(v.window_to) < Number(v.window_from) ? t.windowOrder() : undefined }), [t]);
  const { form, status, submit, errorOf } = useAppForm<Values>(
    schema,
    { window_from: String(saved.window_from), window_to: String(saved.window_to), share_common: saved.share_common },
    order,
  );
  const onSubmit = submit(async (v) => {
    await save.mutateAsync({ window_from: Number(v.window_from), window_to: Number(v.window_to), share_common: v.share_common });
    alerts.add({ message: t.saved(), type: 'success' });
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextField label={t.windowFrom()} inputMode="numeric" required {...form.register('window_from')} error={errorOf('window_from')} />
        <TextField label={t.windowTo()} inputMode="numeric" required {...form.register('window_to')} error={errorOf('window_to')} />
        <Checkbox label={t.shareCommon()} {...form.register('share_common')} />
        <FormError message={status?.message} tone={status?.tone} />
        <div>
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="meter-settings-save">
            {t.save()}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

type TariffValues = { type: MeterType; starts_on: string; price: string };

/** The landlord's prices per unit by type and the day each applies from (four places kept, shown to the tiyn at least); one added or deleted at a time. */
function Tariffs() {
  const { LL, locale } = useI18nContext();
  const t = LL.meters.settings;
  const text = useMeterText();
  const alerts = useAlerts();
  const confirm = useConfirm();
  const query = useTariffs();
  const add = useAddTariff();
  const remove = useDeleteTariff();
  const schema = useMemo(
    () =>
      type({
        type: type.enumerated(...meterTypes),
        starts_on: rules(LL).required(),
        price: type('string').narrow((v, ctx) => isPrice(v) || ctx.reject({ message: v.trim() ? t.priceInvalid() : LL.validation.required() })),
      }),
    [LL, t],
  );
  const { form, status, submit, errorOf } = useAppForm<TariffValues>(schema, { type: 'electricity', starts_on: almatyToday(), price: '' });
  const onSubmit = submit(async (v) => {
    await add.mutateAsync({ type: v.type, starts_on: v.starts_on, price: asDecimal(v.price) });
    form.reset({ type: v.type, starts_on: v.starts_on, price: '' });
    alerts.add({ message: t.added(), type: 'success' });
  });
  const deleteIt = async (tariff: Tariff) => {
    if (!(await confirm({ message: t.deleteConfirm({ date: formatDay(tariff.starts_on, locale) }) }))) return;
    remove.mutate(tariff.id, {
      onSuccess: () => alerts.add({ message: t.deleted(), type: 'success' }),
      onError: (err) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
    });
  };
  return (
    <div className={c.template} data-testid="meter-tariffs">
      <Stack gap="md">
        <h3 className={c.heading}>{t.tariffs()}</h3>
        <p>{t.tariffsHint()}</p>
        {query.isPending ? (
          <Skeleton lines={2} />
        ) : query.isError ? (
          <FormError message={LL.list.loadError()} />
        ) : query.data.data.length === 0 ? (
          <EmptyState title={t.noTariffs()} />
        ) : (
          <DataTable
            rows={query.data.data}
            columns={[
              { key: 'type', header: LL.meters.fields.type(), cell: (x) => text.type(x.type) },
              { key: 'starts_on', header: t.startsOn(), cell: (x) => formatDay(x.starts_on, locale) },
              { key: 'price', header: t.price(), cell: (x) => `${formatDecimal(x.price.replace(/(\.\d\d\d*?)0+$/, '$1'), locale)} ₸ / ${text.unit(x.type)}` },
            ]}
            actionsHeader={LL.list.actions()}
            actions={(x) => (
              <Button size="sm" variant="ghost" onClick={() => void deleteIt(x)} data-testid="tariff-delete">
                {LL.list.delete()}
              </Button>
            )}
          />
        )}
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Select
              label={LL.meters.fields.type()}
              options={meterTypes.map((m) => ({ value: m, label: text.type(m) }))}
              {...form.register('type')}
              error={errorOf('type')}
              data-testid="tariff-type"
            />
            <TextField label={t.startsOn()} type="date" required {...form.register('starts_on')} error={errorOf('starts_on')} />
            <TextField label={t.price()} inputMode="decimal" required {...form.register('price')} error={errorOf('price')} data-testid="tariff-price" />
            <FormError message={status?.message} tone={status?.tone} />
            <div>
              <Button type="submit" variant="secondary" loading={form.formState.isSubmitting} data-testid="tariff-add">
                {t.add()}
              </Button>
            </div>
          </Stack>
        </form>
      </Stack>
    </div>
  );
}
