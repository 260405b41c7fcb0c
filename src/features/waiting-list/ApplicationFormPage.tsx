import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { PublicPage } from '#/frame/PublicPage';
import { publicFormApi, useApplicationForm } from '#/state/queries/questionnaires';
import { ApiRequestError } from '../../api/client';
import * as grid from '../../forms/FormGrid.css';
import { PhoneField } from '../../forms/PhoneField';
import * as s from '../../forms/PublicForm.css';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { PublicQuery } from '../../lists/PublicQuery';
import { FileField } from '../../records/FileField';
import type { FileRule } from '../../records/files';
import { Button, Card, FormError, Select, Stack, TextArea, TextField } from '../../ui';
import {
  booleanFields,
  decimalFields,
  emptyQuestionnaire,
  groups,
  integerFields,
  longFields,
  type QuestionnaireValues,
  questionnaireChecks,
  questionnaireSchema,
  requiredFields,
} from './questionnaire-form';

/** Each of the two file sets: up to five files, judged by the server. */
const fileSetRule: FileRule = { accept: '.pdf,.jpg,.jpeg,.png,.docx,.xlsx,application/pdf,image/jpeg,image/png', maxFiles: 5 };

/** `/application-form?l=<link>`: the public waiting-list questionnaire of one centre. */
export function ApplicationFormPage() {
  const linkId = new URLSearchParams(useSearch()).get('l') ?? '';
  const { query, notFound } = useApplicationForm(linkId);
  const w = useI18nContext().LL.waitingList;
  return (
    <PublicPage data-testid="application-form-page">
      <PublicQuery
        query={query}
        lines={10}
        notFound={{ show: notFound, title: w.unknownLinkTitle(), text: w.unknownLinkText(), testId: 'application-form-not-found' }}
      >
        {(info) => <QuestionnaireFormCard linkId={linkId} centre={info.object_name} />}
      </PublicQuery>
    </PublicPage>
  );
}

function QuestionnaireFormCard({ linkId, centre }: { linkId: string; centre: string }) {
  const { LL } = useI18nContext();
  const w = LL.waitingList;
  const schema = useMemo(() => questionnaireSchema(LL), [LL]);
  const checks = useMemo(() => questionnaireChecks(LL), [LL]);
  const { form, status, submit, errorOf } = useAppForm<QuestionnaireValues>(schema, emptyQuestionnaire, checks);
  const [files, setFiles] = useState<{ files1: File[]; files2: File[] }>({ files1: [], files2: [] });
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);

  const onSubmit = submit(async (values) => {
    setFileErrors({});
    try {
      await publicFormApi.send(linkId, values, files);
      setSent(true);
    } catch (err) {
      // The file sets are no form fields: their refusal goes beside the file inputs.
      if (err instanceof ApiRequestError) setFileErrors({ ...err.body.fields });
      throw err;
    }
  }, w.submitFailed());

  if (sent) return <FormError tone="success" message={w.submitted()} data-testid="application-form-sent" />;

  const field = (name: keyof QuestionnaireValues) => {
    const label = w.fields[name]();
    const required = requiredFields.has(name);
    if (name === 'phone') return <PhoneField key={name} control={form.control} name="phone" label={label} error={errorOf('phone')} required={required} />;
    if (booleanFields.has(name)) {
      const options = [
        { value: 'true', label: w.yes() },
        { value: 'false', label: w.no() },
      ];
      return <Select key={name} label={label} placeholder="—" options={options} required={required} {...form.register(name)} error={errorOf(name)} />;
    }
    if (longFields.has(name)) return <TextArea key={name} label={label} rows={3} required={required} {...form.register(name)} error={errorOf(name)} />;
    const inputMode = integerFields.has(name) || name === 'bin_iin' ? 'numeric' : decimalFields.has(name) ? 'decimal' : undefined;
    return (
      <TextField
        key={name}
        label={label}
        inputMode={inputMode}
        type={name === 'email' ? 'email' : 'text'}
        required={required}
        {...form.register(name)}
        error={errorOf(name)}
      />
    );
  };

  return (
    <Card title={w.formTitle()} data-testid="application-form">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <p className={s.muted}>{w.formIntro({ name: centre })}</p>
          {(Object.keys(groups) as (keyof typeof groups)[]).map((group) => (
            <fieldset key={group} data-testid={`group-${group}`} className={s.fieldGroup}>
              <Stack gap="md">
                <legend className={s.centre}>{w.groups[group]()}</legend>
                <div className={grid.grid}>{groups[group].map(field)}</div>
                {group === 'files' &&
                  (['files1', 'files2'] as const).map((set) => (
                    <FileField
                      key={set}
                      name={set}
                      label={w.fields[set]()}
                      rule={fileSetRule}
                      hint={w.filesHint()}
                      error={fileErrors[set]}
                      onFiles={(list) => setFiles((f) => ({ ...f, [set]: list }))}
                    />
                  ))}
              </Stack>
            </fieldset>
          ))}
          <FormError message={status?.message} tone={status?.tone} />
          <Button type="submit" loading={form.formState.isSubmitting}>
            {w.submit()}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
