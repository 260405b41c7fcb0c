import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { type Landlord, type LandlordSort, useLandlordStatus, useLandlords } from '#/state/queries/landlords';
import { useMayOpen } from '#/state/route-access';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { ListPage } from '../../lists/ListPage';
import { RegisterRowActions } from '../../lists/RecordActions';
import { useListParams } from '../../lists/useListParams';
import { Button } from '../../ui';

const sorts: LandlordSort[] = ['name', '-name', 'created_at', '-created_at'];

/** `/landlords`: the superadmin's register of landlord organisations. */
export function LandlordsListPage() {
  const { LL } = useI18nContext();
  const link = useSpaLink();
  const { params, update } = useListParams({ sort: 'name' });
  const query = useLandlords(params);
  const mayOpen = useMayOpen();
  const f = LL.landlords.fields;

  const columns: Column<Landlord>[] = [
    { key: 'name', header: f.name(), cell: (l) => <Link href={paths.landlords.edit(l.id)}>{l.name}</Link> },
    { key: 'bin', priority: 4, header: f.bin(), cell: (l) => l.bin },
    { key: 'username', priority: 3, header: f.username(), cell: (l) => l.username },
    { key: 'full_name', priority: 2, header: f.full_name(), cell: (l) => l.full_name },
    { key: 'phone', priority: 3, header: f.phone(), cell: (l) => l.phone },
    { key: 'objects_count', priority: 4, header: f.objects_count(), cell: (l) => l.objects_count },
  ];

  return (
    <ListPage
      title={LL.landlords.title()}
      testId="landlords-list"
      params={params}
      update={update}
      query={query}
      columns={columns}
      sortOptions={sorts.map((value) => ({ value, label: LL.landlords.sort[value]() }))}
      actions={
        <>
          {mayOpen(paths.objectTypes.list) && (
            <Button variant="secondary" onClick={link(paths.objectTypes.list)}>
              {LL.objectTypes.title()}
            </Button>
          )}
          {mayOpen(paths.landlords.create) && <Button onClick={link(paths.landlords.create)}>{LL.list.create()}</Button>}
        </>
      }
      rowActions={(l) => (
        <RegisterRowActions
          row={l}
          editHref={paths.landlords.edit(l.id)}
          useChange={useLandlordStatus}
          confirmMessage={LL.landlords.deleteConfirm({ name: l.name })}
        />
      )}
    />
  );
}
