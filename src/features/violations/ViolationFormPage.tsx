import { type } from 'arktype';
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '#/app/paths';
import { useAlerts } from '#/state/alerts';
import { usePeople } from '#/state/queries/people';
import { useViolationTypes } from '#/state/queries/violation-types';
import {
  useCreateViolation,
  useUpdateViolation,
  useViolation,
  useViolationRooms,
  useViolationUpload,
  type ViolationDetail,
  type ViolationInput,
} from '#/state/queries/violations';
import * as g from '../../forms/FormGrid.css';
import { FormPage } from '../../forms/FormPage';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { FileField } from '../../records/FileField';
import { type FileError, photoRule, uploadFiles } from '../../records/files';
import { NotEditable } from '../../records/NotEditable';
import { fromAlmatyInput, toAlmatyInput } from '../../shared/almaty';
import { Select, TextArea, TextField } from '../../ui';

type Values = { renter: string; room: string; type: string; occurredAt: string; description: string; fine: string; deadline: string };

const FINE = /^(\d{1,12}([.,]\d{1,2})?)?$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** `/violations/create`: a draft, with photos sent after it exists. */
export function ViolationCreatePage() {
  return <ViolationForm />;
}

/** `/violations/{id}/edit`: only while a draft (the server refuses too). */
export function ViolationEditPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  return (
    <QueryPage title={LL.violations.editTitle()} query={useViolation(id)}>
      {(v) => <ViolationForm violation={v} />}
    </QueryPage>
  );
}

function ViolationForm({ violation }: { violation?: ViolationDetail }) {
  const { LL } = useI18nContext();
  const [, navigate] = useLocation();
  const alerts = useAlerts();
  const create = useCreateViolation();
  const update = useUpdateViolation(violation?.id ?? '');
  const upload = useViolationUpload();
  const renters = usePeople({ purpose: 'violation', role: ['renter'] });
  const rooms = useViolationRooms(true);
  const types = useViolationTypes();
  const [files, setFiles] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<FileError[]>([]);
  const v = LL.violations;
  const f = v.fields;
  const schema = useMemo(() => {
    const r = rules(LL);
    return type({
      renter: r.required(),
      room: r.optionalText,
      type: r.required(),
      occurredAt: type(DATETIME).configure({ message: LL.validation.required() }),
      description: r.required().and(r.max(5000)),
      fine: type(FINE).configure({ message: v.fineInvalid() }),
      deadline: type(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})?$/).configure({ message: LL.validation.required() }),
    });
  }, [LL, v]);
  // Both are Almaty wall-clock texts of one format (YYYY-MM-DDTHH:mm), so they compare as text.
  const crossChecks = useCallback(
    (x: Values) => ({ deadline: x.deadline && x.occurredAt && x.deadline < x.occurredAt ? v.deadlineBeforeOccurred() : undefined }),
    [v],
  );
  const { form, submit, errorOf, pageProps } = useAppForm<Values>(
    schema,
    {
      renter: violation?.renter.id ?? '',
      room: violation?.room?.id ?? '',
      type: violation?.type.id ?? '',
      occurredAt: violation ? toAlmatyInput(violation.occurred_at) : toAlmatyInput(Date.now()),
      description: violation?.description ?? '',
      fine: violation?.fine ?? '',
      deadline: violation?.deadline_at ? toAlmatyInput(violation.deadline_at) : '',
    },
    crossChecks,
  );
  const renterId = form.watch('renter');
  const renter = renters.data?.data.find((x) => x.id === renterId);
  const room = renter?.unit && { number: renter.unit.number, object_name: renter.property?.name ?? '' };
  // A draft keeps the type it has even when that type was switched off since.
  const typeOptions = (types.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  if (violation && !typeOptions.some((o) => o.value === violation.type.id)) typeOptions.push({ value: violation.type.id, label: violation.type.name });
  const back = violation ? paths.violations.view(violation.id) : paths.violations.list;

  const onSubmit = submit(async (values) => {
    if (fileErrors.length) return;
    const body: ViolationInput = {
      renter_id: values.renter,
      type_id: values.type,
      occurred_at: fromAlmatyInput(values.occurredAt),
      description: values.description.trim(),
      fine: values.fine.trim() ? values.fine.trim().replace(',', '.') : null,
      deadline_at: values.deadline ? fromAlmatyInput(values.deadline) : null,
      // Left empty, the renter's own room (the server's default).
      room_id: values.room || null,
    };
    if (violation) {
      await update.mutateAsync(body);
      alerts.add({ message: v.toasts.saved(), type: 'success' });
      navigate(back);
      return;
    }
    const created = await create.mutateAsync(body);
    // Photos go after the draft exists; one refused photo does not undo the draft or the others.
    const { failed } = await uploadFiles(files, (file) => upload.mutateAsync({ id: created.id, kind: 'photo', file }), LL.list.actionFailed());
    for (const e of failed) alerts.add({ message: LL.records.fileFailed(e), type: 'error' });
    alerts.add({ message: v.toasts.created(), type: 'success' });
    navigate(paths.violations.view(created.id));
  });

  const title = violation ? v.editTitle() : v.newViolation();
  if (violation && !violation.can_edit) return <NotEditable title={title} back={paths.violations.view(violation.id)} />;

  return (
    <FormPage
      title={title}
      testId="violation-form"
      {...pageProps(onSubmit)}
      back={back}
      submitLabel={violation ? LL.list.save() : LL.list.create()}
      disabled={fileErrors.length > 0}
    >
      <div className={g.grid}>
        <Select
          label={f.renter()}
          placeholder={f.findRenter()}
          options={(renters.data?.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          required
          {...form.register('renter')}
          error={errorOf('renter')}
          data-testid="violation-renter"
        />
        <Select
          label={f.room()}
          placeholder={room ? `${f.roomOfRenter()}: ${f.roomValue({ object: room.object_name, number: room.number })}` : f.roomOfRenter()}
          options={[]}
          groups={(rooms.data ?? []).map((o) => ({ label: o.name, options: o.rooms.map((r) => ({ value: r.id, label: `№${r.number}` })) }))}
          {...form.register('room')}
          error={errorOf('room')}
          data-testid="violation-room"
        />
        <Select
          label={f.type()}
          placeholder="—"
          options={typeOptions}
          required
          {...form.register('type')}
          error={errorOf('type')}
          data-testid="violation-type"
        />
        <TextField label={f.occurredAt()} type="datetime-local" hint={f.timeHint()} required {...form.register('occurredAt')} error={errorOf('occurredAt')} />
        <TextField label={f.fine()} inputMode="decimal" hint={f.fineHint()} maxLength={16} {...form.register('fine')} error={errorOf('fine')} />
        <TextField label={f.deadline()} type="datetime-local" hint={f.timeHint()} {...form.register('deadline')} error={errorOf('deadline')} />
      </div>
      <TextArea label={f.description()} maxLength={5000} rows={5} required {...form.register('description')} error={errorOf('description')} />
      {!violation && (
        <FileField
          label={f.photos()}
          name="photos"
          rule={photoRule}
          hint={f.photosHint()}
          camera
          onFiles={(accepted, refused) => {
            setFiles(accepted);
            setFileErrors(refused);
          }}
          errors={fileErrors}
          testId="violation-photos-input"
        />
      )}
    </FormPage>
  );
}
