import { useId, useState } from 'react';
import { messageOf } from '#/api/client';
import { actLinePlaceholders, actTemplatePlaceholders } from '#/shared/act-template';
import { useAlerts } from '#/state/alerts';
import { actTemplateFiles, useActTemplate, useRemoveActTemplate, useUploadActTemplate } from '#/state/queries/billing';
import { useI18nContext } from '../../i18n/i18n-react';
import { saveBlob } from '../../lists/download';
import { Button, Row, Stack } from '../../ui';
import * as s from './ContractSettings.css';

const DOCX_ACCEPT = '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The landlord's own АВР template (.docx), like the lease template: the one in use, a picker replacing it,
 * a preview on a sample act, the file back, the way back to the standard one, and the placeholders it may use.
 */
export function ActTemplateSettings() {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const template = useActTemplate().data?.template ?? null;
  const upload = useUploadActTemplate();
  const remove = useRemoveActTemplate();
  const id = useId();
  const previewId = useId();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const t = LL.billingDocs.act;
  const attempt = async (work: () => Promise<unknown>, done?: string) => {
    setError(undefined);
    try {
      await work();
      if (done) alerts.add({ message: done, type: 'success' });
    } catch (err) {
      setError(messageOf(err, LL.list.actionFailed()));
    }
  };
  // A misspelt placeholder is seen before the template replaces the one in use: filled with a sample act, saved nowhere.
  const onPreview = async (file: File) => {
    setBusy(true);
    await attempt(async () => saveBlob(await actTemplateFiles.preview(file), `${t.previewName()}.docx`));
    setBusy(false);
  };
  const picker = (inputId: string, testId: string, disabled: boolean, onFile: (file: File) => void) => (
    <input
      id={inputId}
      type="file"
      accept={DOCX_ACCEPT}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
      data-testid={testId}
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
  return (
    <div className={s.template} data-testid="act-template">
      <Stack gap="sm">
        <h3 className={s.heading}>{t.template()}</h3>
        <p data-testid="act-template-current">{template ? t.current({ name: template.name }) : t.standard()}</p>
        {template && (
          <Row wrap>
            <Button variant="secondary" size="sm" onClick={() => void attempt(async () => saveBlob(await actTemplateFiles.download(), template.name))}>
              {t.download()}
            </Button>
            <Button variant="ghost" size="sm" loading={remove.isPending} onClick={() => void attempt(() => remove.mutateAsync(), t.removed())}>
              {t.remove()}
            </Button>
          </Row>
        )}
        <label htmlFor={id}>{template ? t.replace() : t.upload()}</label>
        {picker(id, 'act-template-input', upload.isPending, (file) => void attempt(() => upload.mutateAsync(file), t.uploaded()))}
        <label htmlFor={previewId}>{t.preview()}</label>
        {picker(previewId, 'act-template-preview-input', busy, (file) => void onPreview(file))}
        {error && (
          <span role="alert" data-testid="act-template-error">
            {error}
          </span>
        )}
        <small>{t.templateHint()}</small>
        <strong>{t.placeholders()}</strong>
        <ul className={s.placeholders} data-testid="act-template-placeholders">
          {actTemplatePlaceholders.map((p) => (
            <li key={p}>
              <code>{`{${p}}`}</code> — {t.fields[p]()}
            </li>
          ))}
          <li>
            <code>{'{#lines}…{/lines}'}</code> — {t.lines()}
            <ul className={s.placeholders}>
              {actLinePlaceholders.map((p) => (
                <li key={p}>
                  <code>{`{${p}}`}</code> — {t.fields[p]()}
                </li>
              ))}
            </ul>
          </li>
        </ul>
      </Stack>
    </div>
  );
}
