import { useQuery } from '@tanstack/react-query';
import { type } from 'arktype';
import { useId, useMemo, useState } from 'react';
import { ApiRequestError } from '../../api/client';
import { PhoneField } from '../../forms/PhoneField';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Card, EmptyState, ErrorState, FormError, Select, Skeleton, Stack, TextArea, TextField } from '../../ui';
import { PublicPage } from '#/frame/PublicPage';
import { type VisitorRequestBody, visitorApi } from './api';
import * as s from './Visitor.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VISITOR_KIND = 13;
const MAX_PHOTO = 5 * 1024 * 1024;

/** `/visitor-request/:objectId`: the page a centre's QR code opens; a visitor sends a request without an account. */
export function VisitorRequestPage({ objectId }: { objectId: string }) {
  const { LL } = useI18nContext();
  const valid = UUID.test(objectId);
  const info = useQuery({
    queryKey: ['visitor-request', objectId],
    queryFn: () => visitorApi.form(objectId),
    enabled: valid,
    retry: (count, err) => !(err instanceof ApiRequestError && err.status < 500) && count < 2,
  });
  const notFound = !valid || (info.error instanceof ApiRequestError && info.error.status === 404);

  return (
    <PublicPage data-testid="visitor-request-page">
      {notFound ? (
        <EmptyState title={LL.visitor.notFoundTitle()} text={LL.visitor.notFoundText()} data-testid="visitor-not-found" />
      ) : info.isPending ? (
        <Skeleton lines={8} label={LL.common.loading()} />
      ) : info.isError ? (
        <ErrorState text={LL.common.loadError()} retryLabel={LL.common.retry()} onRetry={() => void info.refetch()} />
      ) : (
        <VisitorForm objectId={objectId} centre={info.data.object_name} types={info.data.types.filter((t) => t.kind === VISITOR_KIND)} />
      )}
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
  const photoId = useId();

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
              <TextField label={v.name()} autoComplete="name" {...form.register('name')} error={errorOf('name')} />
              <PhoneField control={form.control} name="phone" label={v.phone()} error={errorOf('phone')} />
              <Select
                label={v.type()}
                placeholder={v.typePlaceholder()}
                options={types.map((t) => ({ value: t.id, label: t.name }))}
                {...form.register('type_id')}
                error={errorOf('type_id')}
              />
              <TextArea label={v.text()} rows={5} {...form.register('description')} error={errorOf('description')} />
              <div className={s.photo}>
                <label htmlFor={photoId}>{v.photo()}</label>
                <input
                  key={photoKey}
                  id={photoId}
                  name="photo"
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  aria-describedby={`${photoId}-hint`}
                  aria-invalid={photoError ? true : undefined}
                  onChange={(e) => {
                    const file = e.target.files?.[0] ?? null;
                    // The size is checked here to spare the upload; the type only the server can judge.
                    if (file && file.size > MAX_PHOTO) {
                      e.target.value = '';
                      setPhoto(null);
                      return setPhotoError(v.photoTooLarge());
                    }
                    setPhotoError(undefined);
                    setPhoto(file);
                  }}
                />
                <small id={`${photoId}-hint`} className={s.muted}>
                  {v.photoHint()}
                </small>
                {photoError && (
                  <span role="alert" className={s.photoError} data-testid="photo-error">
                    {photoError}
                  </span>
                )}
              </div>
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
