import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { type Renter, type RenterSort, useRenterStatus, useRenters, useRoomOptions } from '#/state/queries/renters';
import { useMayOpen } from '#/state/route-access';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { ListPage } from '../../lists/ListPage';
import { RegisterRowActions } from '../../lists/RecordActions';
import { useListParams } from '../../lists/useListParams';
import { Button, Select } from '../../ui';

const sorts: RenterSort[] = ['legal_name', '-legal_name', 'created_at', '-created_at'];

/** `/renters`: the register's list on the one list pattern, with an object filter. */
export function RentersListPage() {
  const { LL } = useI18nContext();
  const mayOpen = useMayOpen();
  const link = useSpaLink();
  const { params, update } = useListParams({ sort: 'legal_name' });
  // The object filter is the list's own: the shared list parameters know nothing of objects.
  const [objectId, setObjectId] = useState('');
  const query = useRenters(params, objectId);
  const objects = useRoomOptions();
  const f = LL.renters.fields;

  const columns: Column<Renter>[] = [
    { key: 'legal_name', header: f.legal_name(), cell: (r) => <Link href={paths.renters.view(r.id)}>{r.legal_name}</Link> },
    { key: 'trade_point_name', priority: 2, header: f.trade_point_name(), cell: (r) => r.trade_point_name },
    { key: 'bin_iin', priority: 5, header: f.bin_iin(), cell: (r) => r.bin_iin },
    {
      key: 'room',
      priority: 3,
      header: `${f.object()} / ${f.room_id()}`,
      cell: (r) => LL.renters.objectRoom({ object: r.room.object_name, number: r.room.number }),
    },
    { key: 'phone', priority: 4, header: f.phone(), cell: (r) => r.phone },
  ];

  const objectFilter = (objects.data?.length ?? 0) > 1 && (
    <Select
      label={f.object()}
      name="object_id"
      value={objectId}
      placeholder={LL.renters.allObjects()}
      options={(objects.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
      onChange={(e) => {
        setObjectId(e.target.value);
        update({ page: 1 });
      }}
    />
  );

  return (
    <ListPage
      title={LL.renters.title()}
      testId="renters-list"
      params={params}
      update={update}
      query={query}
      columns={columns}
      sortOptions={sorts.map((value) => ({ value, label: LL.renters.sort[value]() }))}
      filters={objectFilter || undefined}
      actions={mayOpen(paths.renters.create) && <Button onClick={link(paths.renters.create)}>{LL.list.create()}</Button>}
      rowActions={(r) => (
        <RegisterRowActions
          module="renters"
          row={r}
          editHref={paths.renters.edit(r.id)}
          useChange={useRenterStatus}
          confirmMessage={LL.renters.deleteConfirm({ name: r.legal_name })}
        />
      )}
    />
  );
}
