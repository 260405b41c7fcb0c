import { type } from 'arktype';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '#/app/paths';
import { useAlerts } from '#/state/alerts';
import { useObjectOptions } from '#/state/queries/objects';
import { useRenterOptions } from '#/state/queries/renters';
import {
  type RequestDetail,
  type RequestPriority,
  requestPriorities,
  useCreateRequest,
  useRequest,
  useRequestTypes,
  useRequestUpload,
  useUpdateRequest,
} from '#/state/queries/requests';
import { useSessionRole } from '#/state/session';
import * as g from '../../forms/FormGrid.css';
import { FormPage } from '../../forms/FormPage';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useSoleOption } from '../../forms/useSoleOption';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { FileField } from '../../records/FileField';
import { type FileError, photoRule, uploadFiles } from '../../records/files';
import { NotEditable } from '../../records/NotEditable';
import { Checkbox, ErrorState, Page, Select, TextArea } from '../../ui';
import * as s from './requests.css';

type Values = { type_id: string; description: string; object_id: string; renter_id: string; priority: RequestPriority; emergency: boolean };

/** `/requests-journal/create/{typeId}`: the form for one request type (the type must be offered to the user). */
export function RequestCreateFormPage({ typeId }: { typeId: string }) {
  const { LL } = useI18nContext();
  const types = useRequestTypes();
  return (
    <QueryPage title={LL.requests.newRequest()} query={types}>
      {(list) => {
        const t = list.find((x) => x.id === typeId);
        if (!t)
          return (
            <Page title={LL.requests.newRequest()}>
              <ErrorState text={LL.requests.typeHidden()} />
            </Page>
          );
        return <RequestForm typeId={t.id} title={LL.requests.createTitle({ type: t.name })} />;
      }}
    </QueryPage>
  );
}

/** `/requests-journal/edit/{bidId}`: type and text, while the server says `can_edit`. */
export function RequestEditPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useRequest(id);
  return (
    <QueryPage title={LL.requests.title()} query={query}>
      {(r) => <RequestForm request={r} typeId={r.type.id} title={LL.requests.editTitle({ number: r.number })} />}
    </QueryPage>
  );
}

function RequestForm({ request, typeId, title }: { request?: RequestDetail; typeId: string; title: string }) {
  const { LL } = useI18nContext();
  const [, navigate] = useLocation();
  const alerts = useAlerts();
  const create = useCreateRequest();
  const update = useUpdateRequest(request?.id ?? '');
  const upload = useRequestUpload();
  // Staff name the object (and maybe the renter); a renter's request is for its own room.
  const forObject = useSessionRole() !== 'renter' && !request;
  const types = useRequestTypes();
  const objects = useObjectOptions(forObject);
  const [photos, setPhotos] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<FileError[]>([]);
  const schema = useMemo(() => {
    const r = rules(LL);
    return type({
      type_id: r.required(),
      description: r.required().and(r.max(2000)),
      object_id: forObject ? r.required() : r.optionalText,
      renter_id: r.optionalText,
      priority: type.enumerated(...requestPriorities),
      emergency: 'boolean',
    });
  }, [LL, forObject]);
  const { form, submit, errorOf, pageProps } = useAppForm<Values>(schema, {
    type_id: typeId,
    description: request?.description ?? '',
    object_id: '',
    renter_id: '',
    priority: 'normal',
    emergency: false,
  });
  useSoleOption(form, 'object_id', forObject ? objects.data : undefined);
  const renters = useRenterOptions(forObject ? form.watch('object_id') : '');
  const f = LL.requests.fields;
  const back = request ? paths.requests.view(request.id) : paths.requests.list;

  const onFiles = (accepted: File[], refused: FileError[]) => {
    setFileErrors(refused);
    setPhotos(accepted);
  };

  const onSubmit = submit(async (v) => {
    if (request) {
      await update.mutateAsync({ type_id: v.type_id, description: v.description });
      alerts.add({ message: LL.requests.toasts.saved(), type: 'success' });
      navigate(back);
      return;
    }
    if (fileErrors.length) return;
    const created = await create.mutateAsync({
      type_id: v.type_id,
      description: v.description,
      // Staff choose any priority; a renter may only flag an emergency.
      priority: forObject ? v.priority : v.emergency ? 'emergency' : 'normal',
      ...(forObject && { object_id: v.object_id, ...(v.renter_id && { renter_id: v.renter_id }) }),
    });
    // Photos go after the request exists; one refused file does not undo the request or the others.
    const { failed } = await uploadFiles(photos, (file) => upload.mutateAsync({ id: created.id, kind: 'photo', file }), LL.list.actionFailed());
    for (const e of failed) alerts.add({ message: LL.records.fileFailed(e), type: 'error' });
    alerts.add({ message: LL.requests.toasts.created({ number: created.number }), type: 'success' });
    navigate(paths.requests.view(created.id));
  });

  if (request && !request.can_edit) return <NotEditable title={title} back={paths.requests.view(request.id)} />;

  return (
    <FormPage
      title={title}
      testId="request-form"
      {...pageProps(onSubmit)}
      back={back}
      submitLabel={request ? LL.list.save() : LL.requests.dialogs.send()}
      disabled={fileErrors.length > 0}
    >
      {/* A renter's new request has none of these: no empty grid (and its gap) above the text. */}
      {(request || forObject) && (
        <div className={g.grid}>
          {request && (
            <Select
              label={LL.requests.columns.type()}
              options={(types.data ?? [{ id: typeId, name: request.type.name, kind: 12 }]).map((t) => ({ value: t.id, label: t.name }))}
              required
              {...form.register('type_id')}
              error={errorOf('type_id')}
            />
          )}
          {forObject && (
            <Select
              label={f.object()}
              placeholder={f.pickObject()}
              required
              options={(objects.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              {...form.register('object_id')}
              error={errorOf('object_id')}
            />
          )}
          {forObject && (
            <Select
              label={f.renter()}
              placeholder={f.noRenter()}
              options={(renters.data ?? []).map((r) => ({ value: r.id, label: `${r.trade_point_name} (${r.legal_name})` }))}
              {...form.register('renter_id')}
              error={errorOf('renter_id')}
            />
          )}
          {forObject && (
            <Select
              label={LL.sla.priority()}
              options={requestPriorities.map((value) => ({ value, label: LL.sla.priorities[value]() }))}
              {...form.register('priority')}
              data-testid="request-priority"
            />
          )}
        </div>
      )}
      <TextArea label={f.description()} maxLength={2000} rows={5} required {...form.register('description')} error={errorOf('description')} />
      {!request && !forObject && (
        <Checkbox
          label={
            <span>
              {LL.sla.emergency()}
              <br />
              <span className={s.muted}>{LL.sla.emergencyHint()}</span>
            </span>
          }
          {...form.register('emergency')}
          data-testid="request-emergency"
        />
      )}
      {!request && (
        <FileField
          label={f.photos()}
          name="photos"
          rule={photoRule}
          hint={f.photosHint()}
          onFiles={onFiles}
          errors={fileErrors}
          camera
          testId="request-photos"
        />
      )}
    </FormPage>
  );
}
