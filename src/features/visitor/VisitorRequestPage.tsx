import { type } from 'arktype';
import { useMemo, useState } from 'react';
import { PublicPage } from '#/frame/PublicPage';
import { useVisitorForm, type VisitorRequestBody, visitorApi } from '#/state/queries/visitor';
import { ApiRequestError } from '../../api/client';
import { PhoneField } from '../../forms/PhoneField';
import * as s from '../../forms/PublicForm.css';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { PublicQuery } from '../../lists/PublicQuery';
import { FileField } from '../../records/FileField';
import { type FileRule, MB } from '../../records/files';
import { Button, Card, FormError, Select, Stack, TextArea, TextField } from '../../ui';

const VISITOR_KIND = 13;
/** At most one photo, checked for size here to spare the upload; its type only the server can judge. */
const photoRule: FileRule = { accept: 'image/jpeg,image/png,image/webp', maxFiles: 1, maxBytes: 5 * MB };

/** `/visitor-request/:objectId`: the page a centre's QR code opens; a visitor sends a request without an account. */
export function VisitorRequestPage({ objectId }: { objectId: string }) {
  const { LL } = useI18nContext();
  const { query, notFound } = useVisitorForm(objectId);
  return (
    <PublicPage data-testid="visitor-request-page">
      <PublicQuery
        query={query}
        lines={8}
        notFound={{ show: notFound, title: LL.visitor.notFoundTitle(), text: LL.visitor.notFoundText(), testId: 'visitor-not-found' }}
      >
        {(info) => <VisitorForm objectId={objectId} centre={info.object_name} types={info.types.filter((t) => t.kind === VISITOR_KIND)} />}
      </PublicQuery>
    </PublicPage>
  );
}

const empty: VisitorRequestBody = { name: '', phone: '', type_id: '', description: '' };

function VisitorForm({ objectId, centre, types }: { objectId: string; centre: string; types: { id: string; name: string }[] }) {
  const { LL } = useI18nContext();
  const v = LL.visitor;
  const schema = useMemo(() => {
    const r = rules(LL);
    return type({ name: r.required().and(r.max(100)), phone: r.phone, type_id: r.required(), description: r.required().and(r.max(2000)) });
  }, [LL]);
  const { form, status, submit, errorOf } = useAppForm<VisitorRequestBody>(schema, empty);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [photoKey, setPhotoKey] = useState(0);
  const [accepted, setAccepted] = useState<number | null>(null);

  const onSubmit = submit(async (values) => {
    setPhotoError(undefined);
    try {
      const { number } = await visitorApi.send(objectId, values, photo);
      form.reset(empty);
      setPhoto(null);
      setPhotoKey((k) => k + 1);
      setAccepted(number);
    } catch (err) {
      // The photo is no form field: its refusal goes beside the file input; the rest to useAppForm.
      if (err instanceof ApiRequestError && err.body.fields?.photo) setPhotoError(err.body.fields.photo);
      throw err;
    }
  }, v.failure());

  return (
    <Card title={v.title()} data-testid="visitor-request-form">
      <Stack gap="lg">
        <p className={s.centre} data-testid="visitor-centre">
          {centre}
        </p>
        {accepted !== null ? (
          <Stack gap="md" align="flex-start">
            <FormError tone="success" message={v.accepted({ number: accepted })} data-testid="visitor-accepted" />
            <p className={s.muted}>{v.workingHours()}</p>
            <Button variant="secondary" onClick={() => setAccepted(null)}>
              {v.another()}
            </Button>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="lg">
              <p className={s.muted}>{v.intro({ name: centre })}</p>
              <TextField label={v.name()} autoComplete="name" required {...form.register('name')} error={errorOf('name')} />
              <PhoneField control={form.control} name="phone" label={v.phone()} error={errorOf('phone')} required />
              <Select
                label={v.type()}
                placeholder={v.typePlaceholder()}
                options={types.map((t) => ({ value: t.id, label: t.name }))}
                required
                {...form.register('type_id')}
                error={errorOf('type_id')}
              />
              <TextArea label={v.text()} rows={5} required {...form.register('description')} error={errorOf('description')} />
              <FileField
                key={photoKey}
                label={v.photo()}
                name="photo"
                rule={photoRule}
                hint={v.photoHint()}
                error={photoError}
                onFiles={(accepted, refused) => {
                  setPhoto(accepted[0] ?? null);
                  setPhotoError(refused[0]?.message);
                  // A refused photo is cleared from the input, so what it shows is what would be sent.
                  if (refused.length) setPhotoKey((k) => k + 1);
                }}
                testId="photo"
              />
              <FormError message={status?.message} tone={status?.tone} />
              <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
                {v.submit()}
              </Button>
              <p className={s.muted}>{v.workingHours()}</p>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
