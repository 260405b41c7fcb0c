import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { type MallObject, type ObjectSort, useObjects, useRemoveObject } from '#/state/queries/objects';
import { useMayOpen } from '#/state/route-access';
import { useSessionUser } from '#/state/session';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { EraseButton } from '../../lists/EraseButton';
import { ListPage } from '../../lists/ListPage';
import { useListParams } from '../../lists/useListParams';
import { FormLinkButton } from '../../shared-ui/FormLinkButton';
import { Avatar, Button, Row } from '../../ui';

const sorts: ObjectSort[] = ['name', '-name', 'created_at', '-created_at'];

/** `/objects`: the landlord's shopping centres with their logos; employees read, the superadmin sees all. */
export function ObjectsListPage() {
  const { LL } = useI18nContext();
  const link = useSpaLink();
  const user = useSessionUser();
  const { params, update } = useListParams({ sort: 'name' });
  const query = useObjects(params);
  const mayOpen = useMayOpen();
  const canWrite = mayOpen(paths.objects.create);
  const f = LL.objects.fields;

  const columns: Column<MallObject>[] = [
    {
      key: 'logo',
      header: f.logo(),
      width: '64px',
      cell: (o) => <Avatar name={o.name} src={o.logo_url} size="sm" data-testid="object-logo" />,
    },
    { key: 'name', header: f.name(), cell: (o) => <Link href={paths.objects.edit(o.id)}>{o.name}</Link> },
    { key: 'type', priority: 3, header: f.type(), cell: (o) => o.type_name },
    { key: 'city', priority: 2, header: f.city(), cell: (o) => o.city },
    // The superadmin's landlord column takes the address's place in a laptop's table.
    { key: 'address', priority: user?.role === 'superadmin' ? 5 : 3, header: f.address(), cell: (o) => o.address },
    { key: 'rooms_count', priority: 5, header: f.rooms_count(), cell: (o) => o.rooms_count },
    ...(user?.role === 'superadmin' ? [{ key: 'landlord', priority: 3 as const, header: f.landlord(), cell: (o: MallObject) => o.landlord_name }] : []),
  ];

  return (
    <ListPage
      title={LL.objects.title()}
      testId="objects-list"
      params={params}
      update={update}
      query={query}
      columns={columns}
      sortOptions={sorts.map((value) => ({ value, label: LL.objects.sort[value]() }))}
      withStatus={false}
      actions={
        <>
          {/* A landlord's own organisation card lives with its objects: both are "what the landlord is". */}
          {user?.role === 'landlord' && user.landlord_id && (
            <Button variant="secondary" onClick={link(paths.landlords.edit(user.landlord_id))}>
              {LL.landlords.myCard()}
            </Button>
          )}
          {canWrite && <Button onClick={link(paths.objects.create)}>{LL.list.create()}</Button>}
        </>
      }
      rowActions={
        canWrite
          ? (o) => (
              <Row gap="sm" justify="flex-end">
                <Button size="sm" variant="ghost" onClick={link(paths.objects.edit(o.id))}>
                  {LL.list.edit()}
                </Button>
                <FormLinkButton objectId={o.id} />
                <EraseButton id={o.id} confirmMessage={LL.objects.deleteConfirm({ name: o.name })} useErase={useRemoveObject} />
              </Row>
            )
          : undefined
      }
    />
  );
}
