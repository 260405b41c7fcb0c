import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { type Employee, type EmployeeSort, employeeApi, useEmployeeStatus, useEmployees } from '#/state/queries/employees';
import { useMayOpen } from '#/state/route-access';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { useExport } from '../../lists/download';
import { ListPage } from '../../lists/ListPage';
import { RegisterRowActions } from '../../lists/RecordActions';
import { useListParams } from '../../lists/useListParams';
import { Button } from '../../ui';

const sorts: EmployeeSort[] = ['full_name', '-full_name', 'created_at', '-created_at'];

/** `/employees`: the register's list on the one list pattern. */
export function EmployeesListPage() {
  const { LL } = useI18nContext();
  const mayOpen = useMayOpen();
  const link = useSpaLink();
  const { params, update } = useListParams({ sort: 'full_name' });
  const query = useEmployees(params);
  const { exporting, run } = useExport();
  const f = LL.employees.fields;

  const columns: Column<Employee>[] = [
    {
      key: 'full_name',
      header: f.full_name(),
      cell: (e) => (mayOpen(paths.employees.edit(e.id)) ? <Link href={paths.employees.edit(e.id)}>{e.full_name}</Link> : e.full_name),
    },
    { key: 'position', priority: 2, header: f.position(), cell: (e) => e.position },
    { key: 'department', priority: 3, header: f.department(), cell: (e) => e.department },
    { key: 'phone', priority: 2, header: f.phone(), cell: (e) => e.phone },
    { key: 'email', priority: 4, header: f.email(), cell: (e) => e.email },
    { key: 'username', priority: 5, header: f.username(), cell: (e) => e.username },
  ];

  const exportList = () => run(() => employeeApi.exportXlsx({ search: params.search || undefined, status: params.status }), 'employees.xlsx');

  return (
    <ListPage
      title={LL.employees.title()}
      testId="employees-list"
      params={params}
      update={update}
      query={query}
      columns={columns}
      sortOptions={sorts.map((value) => ({ value, label: LL.employees.sort[value]() }))}
      actions={
        <>
          <Button variant="secondary" loading={exporting} onClick={exportList}>
            {LL.list.export()}
          </Button>
          {mayOpen(paths.employees.create) && <Button onClick={link(paths.employees.create)}>{LL.list.create()}</Button>}
        </>
      }
      rowActions={(e) => (
        <RegisterRowActions
          module="employees"
          row={e}
          editHref={paths.employees.edit(e.id)}
          useChange={useEmployeeStatus}
          confirmMessage={LL.employees.deleteConfirm({ name: e.full_name })}
        />
      )}
    />
  );
}
