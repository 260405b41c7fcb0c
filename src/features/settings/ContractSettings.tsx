import { type } from 'arktype';
import { useId, useMemo, useState } from 'react';
import { messageOf } from '#/api/client';
import { leaseTemplatePlaceholders } from '#/shared/lease-template';
import { useAlerts } from '#/state/alerts';
import { previewContractTemplate, useContractSettings, useSaveContractSettings, useUploadContractTemplate } from '#/state/queries/access';
import { useAppForm } from '../../forms/useAppForm';
import { formatDay } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { saveBlob } from '../../lists/download';
import { Button, Card, FormError, Skeleton, Stack, TextField } from '../../ui';
import * as s from './ContractSettings.css';

type Values = { expiring_days: string };

/** Leases in Settings: how many days before its end a lease becomes expiring (and its keepers are told). */
export function ContractSettings() {
  const { LL } = useI18nContext();
  const query = useContractSettings();
  return (
    <Card title={LL.contracts.settings.title()} data-testid="contract-settings">
      {/* The form waits for the saved value: typed into before it arrives, it would be overwritten by it. */}
      {query.data ? <ExpiringForm saved={query.data.expiring_days} /> : query.isError ? <FormError message={LL.list.loadError()} /> : <Skeleton lines={2} />}
      <ContractTemplate template={query.data?.template ?? null} />
    </Card>
  );
}

function ExpiringForm({ saved }: { saved: number }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
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
  const { form, status, submit, errorOf } = useAppForm<Values>(schema, { expiring_days: String(saved) });
  const onSubmit = submit(async (v) => {
    await save.mutateAsync({ expiring_days: Number(v.expiring_days.trim()) });
    alerts.add({ message: t.saved(), type: 'success' });
  });
  return (
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
  );
}

/** The lease template (.docx): the current one, a picker replacing it, and the placeholders it may use. */
function ContractTemplate({ template }: { template: { name: string; uploaded_at: string } | null }) {
  const { LL, locale } = useI18nContext();
  const alerts = useAlerts();
  const upload = useUploadContractTemplate();
  const id = useId();
  const previewId = useId();
  const [error, setError] = useState<string>();
  const [previewing, setPreviewing] = useState(false);
  const t = LL.contracts.settings.template;
  const onFile = async (file: File) => {
    setError(undefined);
    try {
      await upload.mutateAsync(file);
      alerts.add({ message: t.uploaded(), type: 'success' });
    } catch (err) {
      setError(messageOf(err, LL.list.actionFailed()));
    }
  };
  // A misspelt placeholder is seen before the template replaces the one in use: filled with a sample lease, saved nowhere.
  const onPreview = async (file: File) => {
    setError(undefined);
    setPreviewing(true);
    try {
      saveBlob(await previewContractTemplate(file), `${t.previewName()}.docx`);
    } catch (err) {
      setError(messageOf(err, LL.list.actionFailed()));
    } finally {
      setPreviewing(false);
    }
  };
  return (
    <div className={s.template} data-testid="contract-template">
      <Stack gap="sm">
        <h3 className={s.heading}>{t.title()}</h3>
        <p data-testid="contract-template-current">
          {template ? t.current({ name: template.name, at: formatDay(template.uploaded_at.slice(0, 10), locale) }) : t.none()}
        </p>
        <label htmlFor={id}>{template ? t.replace() : t.upload()}</label>
        <input
          id={id}
          type="file"
          accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          aria-invalid={error ? true : undefined}
          disabled={upload.isPending}
          data-testid="contract-template-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void onFile(file);
          }}
        />
        <label htmlFor={previewId}>{t.preview()}</label>
        <input
          id={previewId}
          type="file"
          accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          disabled={previewing}
          data-testid="contract-template-preview-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void onPreview(file);
          }}
        />
        {error && (
          <span role="alert" data-testid="contract-template-error">
            {error}
          </span>
        )}
        <small>{t.hint()}</small>
        <ul className={s.placeholders}>
          {leaseTemplatePlaceholders.map((p) => (
            <li key={p}>
              <code>{`{${p}}`}</code> — {t.placeholders[p]()}
            </li>
          ))}
        </ul>
      </Stack>
    </div>
  );
}
