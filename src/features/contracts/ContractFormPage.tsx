import { type } from 'arktype';
import { useCallback, useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import { paths } from '#/app/paths';
import { useAlerts } from '#/state/alerts';
import { type ContractDetail, type ContractInput, useContract, useCreateContract, useUpdateContract } from '#/state/queries/contracts';
import { useObjectOptions, useRooms } from '#/state/queries/objects';
import { useRenterPicker } from '#/state/queries/renters';
import * as g from '../../forms/FormGrid.css';
import { FormPage } from '../../forms/FormPage';
import { moneyRules } from '../../forms/money-rules';
import { MONEY_PATTERN, rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useChoiceShown, useSoleOption } from '../../forms/useSoleOption';
import { formatArea, formatDay, formatDecimal } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { NotEditable } from '../../records/NotEditable';
import { almatyToday, leaseTermEnd } from '../../shared/almaty';
import { rentOf, sum } from '../../shared/money';
import { Checkbox, Select, TextArea, TextField } from '../../ui';
import * as s from './contracts.css';

type Values = {
  number: string;
  renter_id: string;
  object_id: string;
  room_ids: string[];
  signed_on: string;
  starts_on: string;
  ends_on: string;
  rate: string;
  deposit: string;
  payment_day: string;
  indexation_percent: string;
  service_rate: string;
  late_fee_percent: string;
  late_fee_cap: string;
  notes: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `/contracts/create`: a draft lease. With `?renter=&object=&room=&starts_on=` (a unit with no lease on file,
 * from its renter card) the form starts with them and an end whole years on; the server judges them as typed.
 */
export function ContractCreatePage() {
  const search = new URLSearchParams(useSearch());
  const startsOn = search.get('starts_on') ?? '';
  const room = search.get('room');
  const prefill: Partial<Values> = {
    renter_id: search.get('renter') ?? '',
    object_id: search.get('object') ?? '',
    room_ids: room ? [room] : [],
    ...(DAY.test(startsOn) ? { starts_on: startsOn, ends_on: leaseTermEnd(startsOn, almatyToday()) } : {}),
  };
  return <ContractForm prefill={prefill} />;
}

/** `/contracts/edit/{id}`: while the lease is a draft. */
export function ContractEditPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useContract(id);
  return (
    <QueryPage title={LL.contracts.editTitle()} query={query}>
      {(c) => <ContractForm contract={c} />}
    </QueryPage>
  );
}

/** A comma is a decimal mark too (ru and kk write 12,5); the API takes a point. */
const asDecimal = (value: string) => value.trim().replace(',', '.');

function ContractForm({ contract, prefill = {} }: { contract?: ContractDetail; prefill?: Partial<Values> }) {
  const { LL, locale } = useI18nContext();
  const [, navigate] = useLocation();
  const alerts = useAlerts();
  const create = useCreateContract();
  const update = useUpdateContract(contract?.id ?? '');
  const renters = useRenterPicker();
  const objects = useObjectOptions();
  const t = LL.contracts;
  const f = t.fields;
  const schema = useMemo(() => {
    const r = rules(LL);
    const { money, optionalMoney } = moneyRules(LL);
    const day = type('string').narrow((v, ctx) => v === '' || /^([1-9]|[12]\d|3[01])$/.test(v) || ctx.reject({ message: t.errors.paymentDay() }));
    return type({
      number: r.required().and(r.max(50)),
      renter_id: r.required(),
      object_id: r.required(),
      room_ids: type('string[] >= 1').configure({ message: LL.validation.required() }),
      signed_on: r.optionalText,
      starts_on: r.required(),
      ends_on: r.required(),
      rate: money,
      deposit: optionalMoney,
      payment_day: day,
      indexation_percent: optionalMoney,
      service_rate: optionalMoney,
      late_fee_percent: optionalMoney,
      late_fee_cap: optionalMoney,
      notes: r.max(5000),
    });
  }, [LL, t]);
  const crossChecks = useCallback(
    (v: Values) => ({ ends_on: v.starts_on && v.ends_on && v.ends_on < v.starts_on ? t.errors.endsBeforeStart() : undefined }),
    [t],
  );
  const { form, submit, errorOf, pageProps } = useAppForm<Values>(
    schema,
    {
      number: contract?.number ?? '',
      renter_id: contract?.renter.id ?? prefill.renter_id ?? '',
      object_id: contract?.object.id ?? prefill.object_id ?? '',
      room_ids: contract?.rooms.map((r) => r.id) ?? prefill.room_ids ?? [],
      signed_on: contract?.signed_on ?? '',
      starts_on: contract?.starts_on ?? prefill.starts_on ?? '',
      ends_on: contract?.ends_on ?? prefill.ends_on ?? '',
      rate: contract?.rate ?? '',
      deposit: contract?.deposit ?? '',
      payment_day: contract?.payment_day ? String(contract.payment_day) : '',
      indexation_percent: contract?.indexation_percent ?? '',
      service_rate: contract?.service_rate ?? '',
      late_fee_percent: contract?.late_fee_percent ?? '',
      late_fee_cap: contract?.late_fee_cap ?? '',
      notes: contract?.notes ?? '',
    },
    crossChecks,
  );
  const [objectId, roomIds, rate, startsOn] = useWatch({ control: form.control, name: ['object_id', 'room_ids', 'rate', 'starts_on'] });
  useSoleOption(form, 'object_id', objects.data);
  useChoiceShown(form, 'object_id', objects.data);
  useChoiceShown(form, 'renter_id', renters.data);
  const rooms = useRooms(objectId);
  // The same exact arithmetic as the server's (src/shared/money.ts): what is shown is what is stored.
  const area = sum((rooms.data ?? []).filter((r) => roomIds.includes(r.id)).map((r) => r.area.toFixed(2)));
  const total = MONEY_PATTERN.test(rate.trim()) ? rentOf(area, asDecimal(rate)) : null;
  const back = contract ? paths.contracts.view(contract.id) : paths.contracts.list;

  const onSubmit = submit(async (v) => {
    const body: ContractInput = {
      number: v.number.trim(),
      renter_id: v.renter_id,
      room_ids: v.room_ids,
      signed_on: v.signed_on || null,
      starts_on: v.starts_on,
      ends_on: v.ends_on,
      rate: asDecimal(v.rate),
      deposit: v.deposit.trim() ? asDecimal(v.deposit) : null,
      payment_day: v.payment_day ? Number(v.payment_day) : null,
      indexation_percent: v.indexation_percent.trim() ? asDecimal(v.indexation_percent) : null,
      service_rate: v.service_rate.trim() ? asDecimal(v.service_rate) : null,
      late_fee_percent: v.late_fee_percent.trim() ? asDecimal(v.late_fee_percent) : null,
      late_fee_cap: v.late_fee_cap.trim() ? asDecimal(v.late_fee_cap) : null,
      notes: v.notes.trim() || null,
    };
    const saved = contract ? await update.mutateAsync(body) : await create.mutateAsync(body);
    alerts.add({ message: t.saved(), type: 'success' });
    navigate(paths.contracts.view(saved.id));
  });

  const title = contract ? t.editTitle() : t.newContract();
  if (contract && !contract.can_edit) return <NotEditable title={title} back={paths.contracts.view(contract.id)} />;

  return (
    <FormPage title={title} testId="contract-form" {...pageProps(onSubmit)} back={back} submitLabel={contract ? LL.list.save() : t.create()}>
      <div className={g.grid}>
        <TextField label={f.number()} maxLength={50} required {...form.register('number')} error={errorOf('number')} />
        <Select
          label={f.renter()}
          placeholder={f.pickRenter()}
          required
          options={(renters.data ?? []).map((r) => ({ value: r.id, label: `${r.legal_name} (${r.trade_point_name})` }))}
          {...form.register('renter_id')}
          error={errorOf('renter_id')}
          data-testid="contract-renter"
        />
        <Select
          label={f.object()}
          placeholder={f.pickObject()}
          required
          options={(objects.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          {...form.register('object_id', { onChange: () => form.setValue('room_ids', []) })}
          error={errorOf('object_id')}
          data-testid="contract-object"
        />
      </div>
      {objectId && (
        <Controller
          control={form.control}
          name="room_ids"
          render={({ field }) => (
            <fieldset className={s.fieldset} data-testid="contract-rooms">
              <legend className={s.legend}>{f.rooms()}</legend>
              {(rooms.data ?? []).map((room) => (
                <Checkbox
                  key={room.id}
                  name={`room-${room.number}`}
                  label={[
                    t.roomOption({ number: room.number, floor: room.floor, area: formatArea(room.area, locale) }),
                    // Who holds it today: a signed lease of it must not overlap this one's term.
                    room.lease && room.lease.contract_id !== contract?.id
                      ? t.occupied({ renter: room.lease.renter_name, until: formatDay(room.lease.ends_on, locale) })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' — ')}
                  checked={field.value.includes(room.id)}
                  onChange={(e) => field.onChange(e.target.checked ? [...field.value, room.id] : field.value.filter((x) => x !== room.id))}
                />
              ))}
              {errorOf('room_ids') && (
                <p className={s.muted} role="alert">
                  {errorOf('room_ids')}
                </p>
              )}
            </fieldset>
          )}
        />
      )}
      <div className={g.grid}>
        <TextField label={f.starts_on()} type="date" required {...form.register('starts_on')} error={errorOf('starts_on')} />
        <TextField label={f.ends_on()} type="date" required min={startsOn || undefined} {...form.register('ends_on')} error={errorOf('ends_on')} />
        <TextField label={f.signed_on()} type="date" {...form.register('signed_on')} error={errorOf('signed_on')} />
        <TextField label={f.rate()} inputMode="decimal" required {...form.register('rate')} error={errorOf('rate')} />
        <TextField label={f.area()} name="area" value={formatDecimal(area, locale)} readOnly disabled />
        <TextField
          label={f.monthly_total()}
          name="monthly_total"
          value={total ? formatDecimal(total, locale) : ''}
          readOnly
          disabled
          data-testid="contract-total"
        />
        <TextField label={f.deposit()} inputMode="decimal" {...form.register('deposit')} error={errorOf('deposit')} />
        <TextField label={f.payment_day()} inputMode="numeric" {...form.register('payment_day')} error={errorOf('payment_day')} />
        <TextField label={f.indexation_percent()} inputMode="decimal" {...form.register('indexation_percent')} error={errorOf('indexation_percent')} />
        {/* The billing terms: each an optional decimal. */}
        {(['service_rate', 'late_fee_percent', 'late_fee_cap'] as const).map((key) => (
          <TextField
            key={key}
            label={f[key]()}
            inputMode="decimal"
            {...form.register(key)}
            error={errorOf(key)}
            data-testid={`contract-${key.replaceAll('_', '-')}`}
          />
        ))}
      </div>
      <TextArea label={f.notes()} maxLength={5000} rows={3} {...form.register('notes')} error={errorOf('notes')} />
    </FormPage>
  );
}
