import { type } from 'arktype';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import {
  type ObjectType,
  type ObjectTypeNames,
  type ObjectTypeSort,
  useObjectType,
  useObjectTypes,
  useRemoveObjectType,
  useSaveObjectType,
} from '#/state/queries/object-types';
import { useMayOpen } from '#/state/route-access';
import { FormPage, useAfterSave } from '../../forms/FormPage';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { EraseButton } from '../../lists/EraseButton';
import { ListPage } from '../../lists/ListPage';
import { QueryPage } from '../../lists/QueryPage';
import { useListParams } from '../../lists/useListParams';
import { Button, Row, TextField } from '../../ui';

const sorts: ObjectTypeSort[] = ['name', '-name'];

/** `/type-object`: the superadmin's catalogue. Types are erased, not soft-deleted: nothing hangs on an unused one. */
export function ObjectTypesListPage() {
  const { LL } = useI18nContext();
  const link = useSpaLink();
  const { params, update } = useListParams({ sort: 'name' });
  const query = useObjectTypes(params);
  // The catalogue is kept by whoever may open its form (the route table); the server says the same.
  const mayOpen = useMayOpen();
  const mayEdit = mayOpen(paths.objectTypes.create);
  const columns: Column<ObjectType>[] = [
    { key: 'name', header: LL.objectTypes.fields.name(), cell: (t) => <Link href={paths.objectTypes.edit(t.id)}>{t.name}</Link> },
    { key: 'objects_count', header: LL.objectTypes.fields.objects_count(), cell: (t) => t.objects_count },
  ];
  return (
    <ListPage
      title={LL.objectTypes.title()}
      testId="object-types-list"
      params={params}
      update={update}
      query={query}
      columns={columns}
      sortOptions={sorts.map((value) => ({ value, label: LL.objectTypes.sort[value]() }))}
      withStatus={false}
      actions={mayEdit && <Button onClick={link(paths.objectTypes.create)}>{LL.list.create()}</Button>}
      rowActions={(t) =>
        mayEdit && (
          <Row gap="sm" justify="flex-end">
            <Button size="sm" variant="ghost" onClick={link(paths.objectTypes.edit(t.id))}>
              {LL.list.edit()}
            </Button>
            {t.objects_count === 0 && <EraseButton id={t.id} confirmMessage={LL.objectTypes.deleteConfirm({ name: t.name })} useErase={useRemoveObjectType} />}
          </Row>
        )
      }
    />
  );
}

/** `/type-object/{id}`: loads the type, then the same form as create. */
export function ObjectTypeEditPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useObjectType(id);
  return (
    <QueryPage title={LL.objectTypes.editTitle()} query={query} lines={2}>
      {(data) => <ObjectTypeFormPage objectType={data} />}
    </QueryPage>
  );
}

export function ObjectTypeFormPage({ objectType }: { objectType?: ObjectType }) {
  const { LL } = useI18nContext();
  const done = useAfterSave();
  const save = useSaveObjectType(objectType?.id);
  const schema = useMemo(() => {
    const name = rules(LL).required().and(rules(LL).max(100));
    return type({ name_ru: name, name_kk: name, name_en: name });
  }, [LL]);
  const { form, submit, errorOf, pageProps } = useAppForm<ObjectTypeNames>(schema, {
    name_ru: objectType?.name_ru ?? '',
    name_kk: objectType?.name_kk ?? '',
    name_en: objectType?.name_en ?? '',
  });
  const onSubmit = submit(async (names) => {
    await save.mutateAsync(names);
    done(!objectType, paths.objectTypes.list);
  });
  return (
    <FormPage
      title={objectType ? LL.objectTypes.editTitle() : LL.objectTypes.createTitle()}
      testId="object-type-form"
      {...pageProps(onSubmit)}
      back="/type-object"
    >
      <TextField label={LL.objectTypes.nameRu()} maxLength={100} required {...form.register('name_ru')} error={errorOf('name_ru')} />
      <TextField label={LL.objectTypes.nameKk()} maxLength={100} required {...form.register('name_kk')} error={errorOf('name_kk')} />
      <TextField label={LL.objectTypes.nameEn()} maxLength={100} required {...form.register('name_en')} error={errorOf('name_en')} />
    </FormPage>
  );
}
