import { useState } from 'react';
import { Link } from 'wouter';
import { useSpaLink } from '#/frame/links';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { saveBlob } from '../../lists/download';
import { ListPage } from '../../lists/ListPage';
import { RecordActions } from '../../lists/RecordActions';
import { useListParams } from '../../lists/useListParams';
import { Button, Row } from '../../ui';
import { useAlerts } from '#/state/alerts';
import { type Employee, type EmployeeSort, employeeApi, employeeKeys, useEmployees } from './api';
import { useCan } from '#/state/session';
import { paths } from '#/app/paths';

const sorts: EmployeeSort[] = ['full_name', '-full_name', 'created_at', '-created_at'];

/** `/employees` (spec §2, §3): the register's list on the one list pattern. */
export function EmployeesListPage() {
  const { LL } = useI18nContext();
  const mayCreate = useCan('employees', 'create');
  const mayEdit = useCan('employees', 'update');
  const link = useSpaLink();
  const alerts = useAlerts();
  const { params, update } = useListParams({ sort: 'full_name' });
  const query = useEmployees(params);
  const [exporting, setExporting] = useState(false);
  const f = LL.employees.fields;

  const columns: Column<Employee>[] = [
    { key: 'full_name', header: f.full_name(), cell: (e) => <Link href={paths.employees.edit(e.id)}>{e.full_name}</Link> },
    { key: 'position', header: f.position(), cell: (e) => e.position },
    { key: 'department', header: f.department(), cell: (e) => e.department },
    { key: 'phone', header: f.phone(), cell: (e) => e.phone },
    { key: 'email', header: f.email(), cell: (e) => e.email },
    { key: 'username', header: f.username(), cell: (e) => e.username },
  ];

  const exportList = async () => {
    setExporting(true);
    try {
      saveBlob(await employeeApi.exportXlsx({ search: params.search || undefined, status: params.status }), 'employees.xlsx');
    } catch {
      alerts.add({ message: LL.list.actionFailed(), type: 'error' });
    } finally {
      setExporting(false);
    }
  };

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
        <Row gap="sm">
          <Button variant="secondary" loading={exporting} onClick={exportList}>
            {LL.list.export()}
          </Button>
          {mayCreate && <Button onClick={link(paths.employees.create)}>{LL.list.create()}</Button>}
        </Row>
      }
      rowActions={(e) => (
        <Row gap="sm" justify="flex-end">
          {mayEdit && e.status === 'active' && (
            <Button size="sm" variant="ghost" onClick={link(paths.employees.edit(e.id))}>
              {LL.list.edit()}
            </Button>
          )}
          <RecordActions
            module="employees"
            id={e.id}
            status={e.status}
            queryKey={employeeKeys.all}
            remove={employeeApi.remove}
            restore={employeeApi.restore}
            confirmMessage={LL.employees.deleteConfirm({ name: e.full_name })}
          />
        </Row>
      )}
    />
  );
}
