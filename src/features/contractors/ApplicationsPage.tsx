import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useAlerts } from '#/state/alerts';
import { type ApplicationStatus, type ContractorApplication, useApplications, useApproveApplication, useDeclineApplication } from '#/state/queries/contractors';
import { useMayOpen } from '#/state/route-access';
import { messageOf } from '../../api/client';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { FilterSelect } from '../../lists/FilterSelect';
import { ListPage } from '../../lists/ListPage';
import { useListParams } from '../../lists/useListParams';
import { CommentDialog } from '../../records/CommentDialog';
import { Button, Row, Stack } from '../../ui';
import { ContractorsIntro } from './ContractorTabs';

const statuses: ApplicationStatus[] = ['pending', 'approved', 'declined'];
// The decision's status is the list's own filter (`?status=declined`), so the register's active/deleted one is off.
const filterKeys = ['status'] as const;

/** `/contractors/applications`: what came through the public form; pending ones are approved or declined here. */
export function ApplicationsPage() {
  const { LL, locale } = useI18nContext();
  const alerts = useAlerts();
  const { params, update } = useListParams({ sort: '-created_at', extraKeys: filterKeys });
  const asked = params.extra?.status as ApplicationStatus | undefined;
  const status = asked && statuses.includes(asked) ? asked : 'pending';
  const query = useApplications({ page: params.page, limit: params.limit, search: params.search, status });
  const [declining, setDeclining] = useState<ContractorApplication | null>(null);
  const a = LL.contractors.applications;
  const f = LL.contractors.fields;

  const approve = useApproveApplication();
  // Deciding an application takes the right to change contractors (the server's `update`).
  const mayDecide = useMayOpen()(paths.contractors.edit('application'));
  const declineMutation = useDeclineApplication();
  const approveIt = (id: string) =>
    approve.mutate(id, {
      onSuccess: () => alerts.add({ message: a.approved(), type: 'success' }),
      onError: (err) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
    });
  const decline = async (reason: string) => {
    if (!declining) return;
    await declineMutation.mutateAsync({ id: declining.id, reason }); // a refusal stays in the dialog, beside the reason
    setDeclining(null);
    alerts.add({ message: a.declined(), type: 'success' });
  };

  const columns: Column<ContractorApplication>[] = [
    { key: 'name', header: f.name(), cell: (r) => r.name },
    { key: 'created_at', priority: 2, header: a.received(), cell: (r) => formatDateTime(r.created_at, locale) },
    { key: 'bin', priority: 4, header: f.bin(), cell: (r) => r.bin },
    { key: 'services', priority: 3, header: f.services(), cell: (r) => r.services },
    {
      key: 'contact',
      priority: 3,
      header: f.contact_name(),
      cell: (r) => (
        <Stack gap="xs">
          <span>{r.contact_name}</span>
          <span>{r.phone}</span>
          <span>{r.email}</span>
        </Stack>
      ),
    },
  ];
  if (status !== 'pending')
    columns.push({ key: 'decided_at', priority: 4, header: a.decidedAt(), cell: (r) => (r.decided_at ? formatDateTime(r.decided_at, locale) : '') });
  if (status === 'declined') columns.push({ key: 'reason', priority: 2, header: a.declineReason(), cell: (r) => r.decline_reason });

  const rowActions = (r: ContractorApplication) =>
    r.status === 'pending' ? (
      mayDecide && (
        <Row gap="sm" justify="flex-end">
          <Button size="sm" loading={approve.isPending && approve.variables === r.id} onClick={() => approveIt(r.id)}>
            {a.approve()}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setDeclining(r)}>
            {a.decline()}
          </Button>
        </Row>
      )
    ) : r.contractor_id ? (
      <Link href={paths.contractors.view(r.contractor_id)}>{a.openContractor()}</Link>
    ) : null;

  return (
    <>
      <ListPage
        title={LL.contractors.title()}
        testId="contractor-applications"
        intro={<ContractorsIntro />}
        withStatus={false}
        emptyHint={LL.contractors.formLink.hint()}
        filters={
          <FilterSelect
            filter="status"
            label={LL.list.status()}
            params={params}
            update={update}
            value={status}
            options={statuses.map((value) => ({ value, label: a.status[value]() }))}
          />
        }
        params={params}
        update={update}
        query={query}
        columns={columns}
        rowActions={rowActions}
      />
      <CommentDialog
        open={declining !== null}
        title={a.declineTitle()}
        text={a.declineText({ name: declining?.name ?? '' })}
        label={a.declineReason()}
        submitLabel={a.decline()}
        danger
        max={500}
        onSend={decline}
        onClose={() => setDeclining(null)}
        testId="decline-dialog"
      />
    </>
  );
}
