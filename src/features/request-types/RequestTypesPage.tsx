import { type } from 'arktype';
import { type ReactNode, useMemo, useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { type RequestType, type RequestTypeValues, useRequestKinds, useRequestTypeCatalogue, useSaveRequestType } from '#/state/queries/request-types';
import { ApiRequestError } from '../../api/client';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { type Column, DataTable } from '../../lists/DataTable';
import { Button, Card, EmptyState, ErrorState, FormError, Page, Row, Select, Skeleton, Stack, TextField } from '../../ui';

type Values = RequestTypeValues;
const empty: Values = { name_ru: '', name_kk: '', name_en: '', kind: '12', default_resolve_hours: '24' };

/** `/request-types`: the superadmin's catalogue of request types (kinds 12 and 13), named in three languages. */
export function RequestTypesPage() {
  const { LL } = useI18nContext();
  const t = LL.requestTypes;
  const list = useRequestTypeCatalogue();
  const kinds = useRequestKinds();
  // null: adding a new type; a type: editing it.
  const [editing, setEditing] = useState<RequestType | null>(null);
  const kindName = (kind: number) => kinds.data?.find((k) => k.id === kind)?.name ?? String(kind);

  const columns: Column<RequestType>[] = [
    { key: 'name', header: t.name(), cell: (r) => r.name },
    { key: 'kind', header: t.kind(), cell: (r) => kindName(r.kind) },
    { key: 'hours', header: t.defaultHours(), cell: (r) => r.default_resolve_hours ?? '' },
  ];
  let body: ReactNode;
  if (list.isPending) body = <Skeleton lines={6} label={LL.common.loading()} />;
  else if (list.isError) {
    const text = list.error instanceof ApiRequestError && list.error.status < 500 ? list.error.message : LL.list.loadError();
    body = <ErrorState text={text} retryLabel={LL.common.retry()} onRetry={() => void list.refetch()} />;
  } else if (list.data.length === 0) body = <EmptyState title={t.empty()} />;
  else {
    body = (
      <DataTable
        columns={columns}
        rows={list.data}
        actions={(r) => (
          <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>
            {t.edit()}
          </Button>
        )}
      />
    );
  }

  const kindOptions = (
    kinds.data ?? [
      { id: 12, name: '12' },
      { id: 13, name: '13' },
    ]
  ).map((k) => ({ value: String(k.id), label: k.name }));
  return (
    <Page title={t.catalogueTitle()} data-testid="request-types-page">
      <Stack gap="xl">
        {/* Keyed by the type, so choosing another one starts the form from its values. */}
        <TypeForm key={editing?.id ?? 'new'} editing={editing} kindOptions={kindOptions} onDone={() => setEditing(null)} />
        {body}
      </Stack>
    </Page>
  );
}

function TypeForm({ editing, kindOptions, onDone }: { editing: RequestType | null; kindOptions: { value: string; label: string }[]; onDone: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.requestTypes;
  const alerts = useAlerts();
  const save = useSaveRequestType(editing?.id);
  const schema = useMemo(() => {
    const r = rules(LL);
    const name = r.required().and(r.max(200));
    const hours = type('string').narrow((v, ctx) => (/^\d+$/.test(v) && +v >= 1 && +v <= 8760) || ctx.reject({ message: t.hoursRange() }));
    return type({ name_ru: name, name_kk: name, name_en: name, kind: r.required(), default_resolve_hours: hours });
  }, [LL, t]);
  const initial: Values = editing
    ? {
        name_ru: editing.name_ru ?? editing.name,
        name_kk: editing.name_kk ?? editing.name,
        name_en: editing.name_en ?? editing.name,
        kind: String(editing.kind),
        default_resolve_hours: String(editing.default_resolve_hours ?? 24),
      }
    : empty;
  const { form, status, submit, errorOf } = useAppForm<Values>(schema, initial);
  const onSubmit = submit(async (values) => {
    await save.mutateAsync(values);
    alerts.add({ message: editing ? t.updated() : t.created(), type: 'success' });
    form.reset(empty);
    onDone();
  });

  return (
    <Card title={editing ? `${t.edit()}: ${editing.name}` : t.add()} data-testid="request-type-form">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <TextField label={t.nameRu()} maxLength={200} required {...form.register('name_ru')} error={errorOf('name_ru')} />
          <TextField label={t.nameKk()} maxLength={200} required {...form.register('name_kk')} error={errorOf('name_kk')} />
          <TextField label={t.nameEn()} maxLength={200} required {...form.register('name_en')} error={errorOf('name_en')} />
          <Select label={t.kind()} options={kindOptions} required {...form.register('kind')} error={errorOf('kind')} />
          <TextField
            label={t.defaultHours()}
            type="number"
            min={1}
            max={8760}
            {...form.register('default_resolve_hours')}
            error={errorOf('default_resolve_hours')}
          />
          <FormError message={status?.message} tone={status?.tone} />
          <Row gap="md">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {LL.list.save()}
            </Button>
            {editing && (
              <Button variant="secondary" onClick={onDone}>
                {LL.list.cancel()}
              </Button>
            )}
          </Row>
        </Stack>
      </form>
    </Card>
  );
}
