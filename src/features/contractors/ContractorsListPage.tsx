import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { type Contractor, type ContractorSort, useContractorStatus, useContractors } from '#/state/queries/contractors';
import { useMayOpen } from '#/state/route-access';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { ListPage } from '../../lists/ListPage';
import { RegisterRowActions } from '../../lists/RecordActions';
import { useListParams } from '../../lists/useListParams';
import { Button } from '../../ui';
import { ContractorsIntro } from './ContractorTabs';

const sorts: ContractorSort[] = ['name', '-name', 'created_at', '-created_at'];

/** `/contractors`: the register on the one list pattern, with the applications tab and the form link to share. */
export function ContractorsListPage() {
  const { LL } = useI18nContext();
  const mayOpen = useMayOpen();
  const link = useSpaLink();
  const { params, update } = useListParams({ sort: 'name' });
  const query = useContractors(params);
  const f = LL.contractors.fields;

  const columns: Column<Contractor>[] = [
    { key: 'name', header: f.name(), cell: (c) => <Link href={paths.contractors.view(c.id)}>{c.name}</Link> },
    { key: 'bin', priority: 4, header: f.bin(), cell: (c) => c.bin },
    { key: 'services', priority: 3, header: f.services(), cell: (c) => c.services },
    { key: 'contact_name', priority: 3, header: f.contact_name(), cell: (c) => c.contact_name },
    { key: 'phone', priority: 2, header: f.phone(), cell: (c) => c.phone },
    { key: 'email', priority: 4, header: f.email(), cell: (c) => c.email },
  ];

  return (
    <ListPage
      title={LL.contractors.title()}
      testId="contractors-list"
      intro={<ContractorsIntro />}
      params={params}
      update={update}
      query={query}
      columns={columns}
      sortOptions={sorts.map((value) => ({ value, label: LL.contractors.sort[value]() }))}
      actions={mayOpen(paths.contractors.create) && <Button onClick={link(paths.contractors.create)}>{LL.list.create()}</Button>}
      rowActions={(c) => (
        <RegisterRowActions
          module="contractors"
          row={c}
          editHref={paths.contractors.edit(c.id)}
          useChange={useContractorStatus}
          confirmMessage={LL.contractors.deleteConfirm({ name: c.name })}
        />
      )}
    />
  );
}
