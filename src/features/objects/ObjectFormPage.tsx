import { type } from 'arktype';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '#/app/paths';
import { useAlerts } from '#/state/alerts';
import { useLandlordOptions } from '#/state/queries/landlords';
import { useObjectTypeOptions } from '#/state/queries/object-types';
import { type MallObject, useObject, useRemoveLogo, useSaveObject, useUploadLogo } from '#/state/queries/objects';
import { useMayOpen } from '#/state/route-access';
import { useCan, useSessionRole } from '#/state/session';
import { ApiRequestError } from '../../api/client';
import * as s from '../../forms/FormGrid.css';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useChoiceShown } from '../../forms/useSoleOption';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { Button, Card, FormError, Page, Row, Select, Stack, TextField } from '../../ui';
import { LogoField, useLogoPreviewReset } from './LogoField';
import { PropertyMeters } from './PropertyMeters';
import { RoomsTable } from './RoomsTable';

type Values = { name: string; type_id: string; city: string; address: string; landlord_id: string };

/** `/objects/{id}`: the object's form, then its rooms. */
export function ObjectEditPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useObject(id);
  return (
    <QueryPage title={LL.objects.editTitle()} query={query} lines={6}>
      {(data) => <ObjectFormPage object={data} />}
    </QueryPage>
  );
}

/** `/objects/create` and the edit page. A new object's logo is sent right after the object is made. */
export function ObjectFormPage({ object }: { object?: MallObject }) {
  const { LL } = useI18nContext();
  const [, navigate] = useLocation();
  const alerts = useAlerts();
  const save = useSaveObject(object?.id);
  const uploadLogo = useUploadLogo();
  const removeLogo = useRemoveLogo();
  const role = useSessionRole();
  // The platform's superadmin keeps objects, not a landlord's meters.
  const showMeters = useCan('meters', 'read') && role !== 'superadmin';
  // Whoever may open the create page keeps objects (the route table); anyone else only reads.
  const readOnly = !useMayOpen()(paths.objects.create);
  const types = useObjectTypeOptions();
  const landlords = useLandlordOptions(role === 'superadmin' && !object);
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string>();
  const [logoBusy, setLogoBusy] = useState(false);
  const preview = useLogoPreviewReset();
  const schema = useMemo(() => {
    const r = rules(LL);
    return type({
      name: r.required().and(r.max(200)),
      type_id: r.required(),
      city: r.required().and(r.max(100)),
      address: r.required().and(r.max(300)),
      landlord_id: role === 'superadmin' && !object ? r.required() : r.optionalText,
    });
  }, [LL, role, object]);
  const { form, status, submit, errorOf } = useAppForm<Values>(schema, {
    name: object?.name ?? '',
    type_id: object?.type_id ?? '',
    city: object?.city ?? '',
    address: object?.address ?? '',
    landlord_id: '',
  });
  useChoiceShown(form, 'type_id', types.data);
  const f = LL.objects.fields;

  /** Sends the logo; a refusal is shown under the field in the server's words and the old logo returns. */
  const sendLogo = async (id: string, file: File): Promise<string | null> => {
    setLogoBusy(true);
    setLogoError(undefined);
    try {
      await uploadLogo.mutateAsync({ id, file });
      return null;
    } catch (err) {
      const refusal = err instanceof ApiRequestError ? (err.body.fields?.logo ?? err.message) : LL.errors.internal();
      setLogoError(refusal);
      preview.reset();
      return refusal;
    } finally {
      setLogoBusy(false);
    }
  };

  const onSubmit = submit(async ({ landlord_id, ...values }) => {
    if (object) {
      await save.mutateAsync(values);
      alerts.add({ message: LL.list.saved(), type: 'success' });
      return navigate(paths.objects.list);
    }
    const created = await save.mutateAsync(role === 'superadmin' ? { ...values, landlord_id } : values);
    alerts.add({ message: LL.list.created(), type: 'success' });
    // The object exists either way; a refused logo is said in a toast and can be chosen again there.
    const refusal = logoFile && (await sendLogo(created.id, logoFile));
    if (refusal) alerts.add({ message: refusal, type: 'error' });
    navigate(paths.objects.edit(created.id));
  });

  return (
    <Page title={object ? LL.objects.editTitle() : LL.objects.createTitle()} data-testid="object-form">
      <Stack gap="lg">
        <Card>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="lg">
              <div className={s.grid}>
                <TextField label={f.name()} maxLength={200} readOnly={readOnly} required {...form.register('name')} error={errorOf('name')} />
                <Select
                  label={f.type()}
                  placeholder={LL.objects.pickType()}
                  disabled={readOnly}
                  options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
                  required
                  {...form.register('type_id')}
                  error={errorOf('type_id')}
                />
                <TextField label={f.city()} maxLength={100} readOnly={readOnly} required {...form.register('city')} error={errorOf('city')} />
                <TextField label={f.address()} maxLength={300} readOnly={readOnly} required {...form.register('address')} error={errorOf('address')} />
                {role === 'superadmin' && !object && (
                  <Select
                    label={f.landlord()}
                    placeholder={LL.objects.pickLandlord()}
                    options={(landlords.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
                    {...form.register('landlord_id')}
                    error={errorOf('landlord_id')}
                  />
                )}
              </div>
              {!readOnly && (
                <LogoField
                  key={preview.key}
                  name={object?.name ?? ''}
                  url={object?.logo_url ?? null}
                  error={logoError}
                  busy={logoBusy}
                  onFile={(file) =>
                    object
                      ? void sendLogo(object.id, file).then((refusal) => !refusal && alerts.add({ message: LL.objects.logoUploaded(), type: 'success' }))
                      : setLogoFile(file)
                  }
                  onRemove={
                    object
                      ? async () => {
                          await removeLogo.mutateAsync(object.id);
                          alerts.add({ message: LL.objects.logoRemoved(), type: 'success' });
                        }
                      : undefined
                  }
                />
              )}
              <FormError message={status?.message} tone={status?.tone} />
              <Row gap="md">
                {!readOnly && (
                  <Button type="submit" loading={form.formState.isSubmitting}>
                    {LL.list.save()}
                  </Button>
                )}
                <Button variant="secondary" onClick={() => navigate(paths.objects.list)}>
                  {readOnly ? LL.common.back() : LL.list.cancel()}
                </Button>
              </Row>
            </Stack>
          </form>
        </Card>
        {object ? <RoomsTable objectId={object.id} readOnly={readOnly} /> : <p>{LL.objects.rooms.saveFirst()}</p>}
        {object && showMeters && <PropertyMeters objectId={object.id} />}
      </Stack>
    </Page>
  );
}
