import { type } from 'arktype';
import { type FormEventHandler, useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '#/app/paths';
import { useAlerts } from '#/state/alerts';
import { type RenterTarget, type UserPick, useNoticeFloors, useNoticeReach, useSendToRenters } from '#/state/queries/notices';
import { useObjectOptions } from '#/state/queries/objects';
import * as g from '../../forms/FormGrid.css';
import { FormPage } from '../../forms/FormPage';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { FileField } from '../../records/FileField';
import { documentRule, type FileError } from '../../records/files';
import { almatyNowInput, fromAlmatyInput } from '../../shared/almaty';
import { Select, TextArea, TextField } from '../../ui';
import * as s from './notices.css';
import { RecipientsPicker } from './parts';

type Values = { title: string; message: string; target: RenterTarget; objectId: string; floor: string; when: 'now' | 'later'; sendAt: string };
const targets: RenterTarget[] = ['all', 'object', 'floor', 'renters'];

/**
 * `/notifications/renters/create`: title, text, files and the audience (all renters, one object's,
 * one floor's, or chosen ones), now or at a time in Almaty.
 */
export function RenterNoticeFormPage() {
  const { LL } = useI18nContext();
  const [, navigate] = useLocation();
  const alerts = useAlerts();
  const send = useSendToRenters();
  const objects = useObjectOptions().data ?? [];
  const [recipients, setRecipients] = useState<UserPick[]>([]);
  const [recipientsError, setRecipientsError] = useState<string>();
  const [files, setFiles] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<FileError[]>([]);
  const f = LL.notices.fields;
  const schema = useMemo(() => {
    const r = rules(LL);
    return type({
      title: r.required().and(r.max(200)),
      message: r.required().and(r.max(5000)),
      target: "'all' | 'object' | 'floor' | 'renters'",
      objectId: 'string',
      floor: 'string',
      when: "'now' | 'later'",
      sendAt: 'string',
    });
  }, [LL]);
  // The rules between fields run beside the schema, so they are said on the first submit with the rest.
  const crossChecks = useCallback(
    (v: Values) => ({
      objectId: (v.target === 'object' || v.target === 'floor') && !v.objectId ? LL.validation.required() : undefined,
      floor: v.target === 'floor' && !v.floor ? LL.validation.required() : undefined,
      sendAt: v.when === 'later' && !(v.sendAt && new Date(fromAlmatyInput(v.sendAt)).getTime() > Date.now()) ? LL.notices.sendAtPast() : undefined,
    }),
    [LL],
  );
  const { form, submit, errorOf, pageProps } = useAppForm<Values>(
    schema,
    { title: '', message: '', target: 'all', objectId: '', floor: '', when: 'now', sendAt: '' },
    crossChecks,
  );
  const target = form.watch('target');
  const when = form.watch('when');
  const objectId = form.watch('objectId');
  const floors = useNoticeFloors(target === 'floor' ? objectId : '');
  const reach = useNoticeReach({ target, objectId, floor: form.watch('floor'), renterIds: recipients.map((u) => u.id) });
  const noneChosen = target === 'renters' && recipients.length === 0;
  const sendValid = submit(async (v) => {
    if (noneChosen) return;
    await send.mutateAsync({
      title: v.title.trim(),
      message: v.message.trim(),
      target: v.target,
      objectId: v.target === 'object' || v.target === 'floor' ? v.objectId : undefined,
      floor: v.target === 'floor' ? v.floor : undefined,
      sendAt: v.when === 'later' ? fromAlmatyInput(v.sendAt) : undefined,
      recipients: recipients.map((u) => u.id),
      files,
    });
    alerts.add({ message: v.when === 'later' ? LL.notices.scheduled() : LL.notices.sent(), type: 'success' });
    navigate(paths.notices.renters);
  });
  // The chosen renters are no form field: said on the same submit as the fields' errors.
  const onSubmit: FormEventHandler<HTMLFormElement> = (e) => {
    setRecipientsError(noneChosen ? LL.validation.required() : undefined);
    return sendValid(e);
  };
  return (
    <FormPage
      title={LL.notices.newNotice()}
      testId="renter-notice-form"
      {...pageProps(onSubmit)}
      back={paths.notices.renters}
      submitLabel={LL.notices.send()}
      disabled={fileErrors.length > 0}
    >
      <TextField label={f.title()} maxLength={200} required {...form.register('title')} error={errorOf('title')} />
      <TextArea label={f.message()} rows={6} maxLength={5000} required {...form.register('message')} error={errorOf('message')} />
      <fieldset className={s.radios} data-testid="notice-target">
        <legend className={s.legend}>{f.target()}</legend>
        {targets.map((t) => (
          <label key={t} className={s.radio}>
            <input type="radio" value={t} {...form.register('target')} />
            {LL.notices.targets[t]()}
          </label>
        ))}
      </fieldset>
      {(target === 'object' || target === 'floor') && (
        <div className={g.grid}>
          <Select
            label={f.object()}
            required
            {...form.register('objectId', { onChange: () => form.setValue('floor', '') })}
            error={errorOf('objectId')}
            placeholder="—"
            options={objects.map((o) => ({ value: o.id, label: o.name }))}
            data-testid="notice-object"
          />
          {target === 'floor' && (
            <Select
              label={f.floor()}
              required
              disabled={!objectId}
              {...form.register('floor')}
              error={errorOf('floor')}
              placeholder="—"
              options={floors.map((n) => ({ value: String(n), label: String(n) }))}
              data-testid="notice-floor"
            />
          )}
        </div>
      )}
      {target === 'renters' && (
        <RecipientsPicker
          people="renter"
          label={f.renters()}
          chosen={recipients}
          onChange={(next) => {
            setRecipients(next);
            setRecipientsError(undefined);
          }}
          error={recipientsError}
          testId="notice-renters"
        />
      )}
      <p className={s.reach} aria-live="polite" data-testid="notice-reach">
        {reach === undefined ? '' : LL.notices.reach({ count: reach })}
      </p>
      <fieldset className={s.radios} data-testid="notice-when">
        <legend className={s.legend}>{f.when()}</legend>
        {(['now', 'later'] as const).map((w) => (
          <label key={w} className={s.radio}>
            <input type="radio" value={w} {...form.register('when')} />
            {LL.notices.when[w]()}
          </label>
        ))}
      </fieldset>
      {when === 'later' && (
        <TextField label={f.sendAt()} type="datetime-local" min={almatyNowInput()} required {...form.register('sendAt')} error={errorOf('sendAt')} />
      )}
      <FileField
        label={f.files()}
        name="files"
        rule={documentRule}
        onFiles={(accepted, refused) => {
          setFiles(accepted);
          setFileErrors(refused);
        }}
        errors={fileErrors}
        testId="notice-files-input"
      />
    </FormPage>
  );
}
