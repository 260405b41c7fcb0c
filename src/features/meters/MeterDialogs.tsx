import { type } from 'arktype';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { paths } from '#/app/paths';
import { almatyToday } from '#/shared/almaty';
import { meterTypes } from '#/shared/meters';
import { useAlerts } from '#/state/alerts';
import { type MeterDetail, type MeterType, useCreateMeter, useReplaceMeter, useUpdateMeter } from '#/state/queries/meters';
import { useObjectOptions, useRooms } from '#/state/queries/objects';
import { asDecimal, isDigits, isMultiplier, isQuantity } from '../../forms/figures';
import { rules } from '../../forms/rules';
import { useI18nContext } from '../../i18n/i18n-react';
import type { TranslationFunctions } from '../../i18n/i18n-types';
import { FormDialog, useDialogForm } from '../../records/FormDialog';
import { useMeterText } from '../../shared-ui/meter-text';
import { FormError, Select, TextField } from '../../ui';
import * as s from './meters.css';

type Open = { open: boolean; onClose: () => void };

/** The contract's rules of a meter's figures, with messages in the user's language (the server repeats them). */
function figureRules(LL: TranslationFunctions) {
  const t = LL.meters;
  const rule = (ok: (v: string) => boolean, message: string, optional = false) =>
    type('string').narrow((v, ctx) => (optional && v.trim() === '') || ok(v) || ctx.reject({ message: v.trim() ? message : LL.validation.required() }));
  return {
    quantity: rule(isQuantity, t.valueInvalid()),
    digits: rule(isDigits, t.digitsInvalid()),
    multiplier: rule(isMultiplier, t.multiplierInvalid()),
    serial: rules(LL).required().and(rules(LL).max(50)),
  };
}

type Values = {
  object_id: string;
  room_id: string;
  type: MeterType;
  serial: string;
  place: string;
  digits: string;
  multiplier: string;
  installed_on: string;
  verified_until: string;
  initial_reading: string;
};

/** A meter added to a unit, or to a property's common area when no unit is chosen; then its page. */
export function NewMeterDialog({ open, onClose, objectId = '', roomId = '' }: Open & { objectId?: string; roomId?: string }) {
  const { LL } = useI18nContext();
  const t = LL.meters;
  const f = t.fields;
  const text = useMeterText();
  const alerts = useAlerts();
  const [, navigate] = useLocation();
  const create = useCreateMeter();
  const objects = useObjectOptions(open);
  const schema = useMemo(() => {
    const x = figureRules(LL);
    return type({
      object_id: rules(LL).required(),
      room_id: 'string',
      type: type.enumerated(...meterTypes),
      serial: x.serial,
      place: rules(LL).max(200),
      digits: x.digits,
      multiplier: x.multiplier,
      installed_on: rules(LL).required(),
      verified_until: 'string',
      initial_reading: x.quantity,
    });
  }, [LL]);
  const empty: Values = {
    object_id: objectId,
    room_id: roomId,
    type: 'electricity',
    serial: '',
    place: '',
    digits: '6',
    multiplier: '1',
    installed_on: almatyToday(),
    verified_until: '',
    initial_reading: '0',
  };
  const { form, status, submit, errorOf } = useDialogForm<Values>(schema, empty, open);
  const rooms = useRooms(form.watch('object_id'));
  const onSubmit = submit(async (v) => {
    const meter = await create.mutateAsync({
      object_id: v.object_id,
      room_id: v.room_id || null,
      type: v.type,
      serial: v.serial.trim(),
      place: v.place.trim() || null,
      digits: Number(v.digits),
      multiplier: asDecimal(v.multiplier),
      installed_on: v.installed_on,
      verified_until: v.verified_until || null,
      initial_reading: asDecimal(v.initial_reading),
    });
    alerts.add({ message: t.toasts.created(), type: 'success' });
    onClose();
    navigate(paths.meters.view(meter.id));
  });
  return (
    <FormDialog
      open={open}
      title={t.newMeter()}
      submitLabel={LL.list.create()}
      cancelLabel={LL.list.cancel()}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      testId="meter-dialog"
    >
      <div className={s.dialogFields}>
        <Select
          label={f.object()}
          placeholder="—"
          required
          options={(objects.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          {...form.register('object_id', { onChange: () => form.setValue('room_id', '') })}
          error={errorOf('object_id')}
          data-testid="meter-object"
        />
        <Select
          label={f.room()}
          placeholder={t.commonArea()}
          hint={f.roomHint()}
          options={(rooms.data ?? []).map((r) => ({ value: r.id, label: t.room({ number: r.number }) }))}
          {...form.register('room_id')}
          error={errorOf('room_id')}
          data-testid="meter-room"
        />
        <Select
          label={f.type()}
          options={meterTypes.map((m) => ({ value: m, label: text.type(m) }))}
          {...form.register('type')}
          error={errorOf('type')}
          data-testid="meter-type"
        />
        <FigureFields form={form} errorOf={errorOf} editable />
        <FormError message={status?.message} tone={status?.tone} />
      </div>
    </FormDialog>
  );
}

type Figures = Pick<Values, 'serial' | 'place' | 'digits' | 'multiplier' | 'installed_on' | 'verified_until' | 'initial_reading'>;

/** The fields a new meter and an edit share; the initial reading, digits and ratio only while nothing of it is billed. */
function FigureFields<T extends Figures>({
  form,
  errorOf,
  editable,
}: {
  form: ReturnType<typeof useDialogForm<T>>['form'];
  errorOf: (name: keyof Figures & string) => string | undefined;
  editable: boolean;
}) {
  const { LL } = useI18nContext();
  const f = LL.meters.fields;
  // The generic form's register takes the shared names only as its own paths.
  const register = (name: keyof Figures) => form.register(name as never);
  return (
    <>
      <TextField label={f.serial()} required maxLength={50} {...register('serial')} error={errorOf('serial')} />
      <TextField label={f.place()} maxLength={200} {...register('place')} error={errorOf('place')} />
      <TextField
        label={f.initial_reading()}
        inputMode="decimal"
        required
        readOnly={!editable}
        {...register('initial_reading')}
        error={errorOf('initial_reading')}
      />
      <TextField label={f.digits()} inputMode="numeric" hint={f.digitsHint()} required readOnly={!editable} {...register('digits')} error={errorOf('digits')} />
      <TextField
        label={f.multiplier()}
        inputMode="decimal"
        hint={f.multiplierHint()}
        required
        readOnly={!editable}
        {...register('multiplier')}
        error={errorOf('multiplier')}
      />
      <TextField label={f.installed_on()} type="date" required {...register('installed_on')} error={errorOf('installed_on')} />
      <TextField label={f.verified_until()} type="date" {...register('verified_until')} error={errorOf('verified_until')} />
    </>
  );
}

/** A meter's own fields changed; what its billed readings fixed is shown but not sent. */
export function EditMeterDialog({ meter, open, onClose }: Open & { meter: MeterDetail }) {
  const { LL } = useI18nContext();
  const t = LL.meters;
  const alerts = useAlerts();
  const update = useUpdateMeter(meter.id);
  const schema = useMemo(() => {
    const x = figureRules(LL);
    return type({
      serial: x.serial,
      place: rules(LL).max(200),
      digits: x.digits,
      multiplier: x.multiplier,
      installed_on: rules(LL).required(),
      verified_until: 'string',
      initial_reading: x.quantity,
    });
  }, [LL]);
  const empty: Figures = {
    serial: meter.serial,
    place: meter.place ?? '',
    digits: String(meter.digits),
    multiplier: meter.multiplier,
    installed_on: meter.installed_on,
    verified_until: meter.verified_until ?? '',
    initial_reading: meter.initial_reading,
  };
  const { form, status, submit, errorOf } = useDialogForm<Figures>(schema, empty, open);
  const onSubmit = submit(async (v) => {
    await update.mutateAsync({
      serial: v.serial.trim(),
      place: v.place.trim() || null,
      installed_on: v.installed_on,
      verified_until: v.verified_until || null,
      ...(meter.editable && { digits: Number(v.digits), multiplier: asDecimal(v.multiplier), initial_reading: asDecimal(v.initial_reading) }),
    });
    alerts.add({ message: t.toasts.saved(), type: 'success' });
    onClose();
  });
  return (
    <FormDialog
      open={open}
      title={t.editTitle()}
      text={meter.editable ? undefined : t.fields.locked()}
      submitLabel={LL.list.save()}
      cancelLabel={LL.list.cancel()}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      testId="meter-edit-dialog"
    >
      <div className={s.dialogFields}>
        <FigureFields form={form} errorOf={errorOf} editable={meter.editable} />
        <FormError message={status?.message} tone={status?.tone} />
      </div>
    </FormDialog>
  );
}

type Replacement = { replaced_on: string; final_reading: string; serial: string; initial_reading: string; verified_until: string };

/** The old meter leaves with its last reading, the new one starts from its first, the same day; then the new meter's page. */
export function ReplaceMeterDialog({ meter, open, onClose }: Open & { meter: MeterDetail }) {
  const { LL } = useI18nContext();
  const t = LL.meters;
  const r = t.replace;
  const alerts = useAlerts();
  const [, navigate] = useLocation();
  const replace = useReplaceMeter(meter.id);
  const schema = useMemo(() => {
    const x = figureRules(LL);
    return type({ replaced_on: rules(LL).required(), final_reading: x.quantity, serial: x.serial, initial_reading: x.quantity, verified_until: 'string' });
  }, [LL]);
  const { form, status, submit, errorOf } = useDialogForm<Replacement>(
    schema,
    { replaced_on: almatyToday(), final_reading: '', serial: '', initial_reading: '0', verified_until: '' },
    open,
  );
  const onSubmit = submit(async (v) => {
    const next = await replace.mutateAsync({
      replaced_on: v.replaced_on,
      final_reading: asDecimal(v.final_reading),
      serial: v.serial.trim(),
      initial_reading: asDecimal(v.initial_reading),
      verified_until: v.verified_until || null,
    });
    alerts.add({ message: t.toasts.replaced(), type: 'success' });
    onClose();
    navigate(paths.meters.view(next.id));
  });
  return (
    <FormDialog
      open={open}
      title={r.title()}
      text={r.text()}
      submitLabel={r.submit()}
      cancelLabel={LL.list.cancel()}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      testId="meter-replace-dialog"
    >
      <div className={s.dialogFields}>
        <TextField label={r.replaced_on()} type="date" required {...form.register('replaced_on')} error={errorOf('replaced_on')} />
        <TextField label={r.final_reading()} inputMode="decimal" required {...form.register('final_reading')} error={errorOf('final_reading')} />
        <TextField label={r.serial()} required maxLength={50} {...form.register('serial')} error={errorOf('serial')} />
        <TextField label={r.initial_reading()} inputMode="decimal" required {...form.register('initial_reading')} error={errorOf('initial_reading')} />
        <TextField label={t.fields.verified_until()} type="date" {...form.register('verified_until')} error={errorOf('verified_until')} />
        <FormError message={status?.message} tone={status?.tone} />
      </div>
    </FormDialog>
  );
}
