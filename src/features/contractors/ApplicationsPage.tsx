import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useAlerts } from '#/state/alerts';
import { type ApplicationStatus, type ContractorApplication, useApplications, useApproveApplication, useDeclineApplication } from '#/state/queries/contractors';
import { useMayOpen } from '#/state/route-access';
import { ApiRequestError, messageOf } from '../../api/client';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { type Column, DataTable } from '../../lists/DataTable';
import * as ls from '../../lists/ListPage.css';
import { Pagination } from '../../lists/Pagination';
import { CommentDialog } from '../../records/CommentDialog';
import { Button, EmptyState, ErrorState, Page, Row, Select, Skeleton, Stack, TextField } from '../../ui';
import { ContractorTabs } from './ContractorTabs';
import * as s from './contractors.css';
import { FormLinkBox } from './FormLinkBox';

const statuses: ApplicationStatus[] = ['pending', 'approved', 'declined'];

/** `/contractors/applications`: what came through the public form; pending ones are approved or declined here. */
export function ApplicationsPage() {
  const { LL, locale } = useI18nContext();
  const alerts = useAlerts();
  const [filter, setFilter] = useState({ status: 'pending' as ApplicationStatus, search: '', page: 1 });
  const query = useApplications({ ...filter, limit: 20 });
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
  if (filter.status !== 'pending')
    columns.push({ key: 'decided_at', priority: 4, header: a.decidedAt(), cell: (r) => (r.decided_at ? formatDateTime(r.decided_at, locale) : '') });
  if (filter.status === 'declined') columns.push({ key: 'reason', priority: 2, header: a.declineReason(), cell: (r) => r.decline_reason });

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
    <Page title={LL.contractors.title()} data-testid="contractor-applications">
      <Stack gap="lg" className={s.intro}>
        <ContractorTabs />
        <FormLinkBox />
      </Stack>
      <div className={ls.toolbar}>
        <SearchField value={filter.search} onSearch={(search) => setFilter({ ...filter, search, page: 1 })} />
        <Select
          label={LL.list.status()}
          name="status"
          value={filter.status}
          onChange={(e) => setFilter({ ...filter, status: e.target.value as ApplicationStatus, page: 1 })}
          options={statuses.map((value) => ({ value, label: a.status[value]() }))}
        />
      </div>
      {query.isPending ? (
        <Skeleton lines={6} label={LL.common.loading()} />
      ) : query.isError ? (
        <ErrorState
          text={query.error instanceof ApiRequestError && query.error.status < 500 ? query.error.message : LL.list.loadError()}
          retryLabel={LL.common.retry()}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.data.length === 0 ? (
        <EmptyState title={LL.list.empty()} text={LL.contractors.formLink.hint()} />
      ) : (
        <>
          <DataTable columns={columns} rows={query.data.data} actions={rowActions} actionsHeader={LL.list.actions()} />
          <Pagination
            page={filter.page}
            limit={query.data.meta.limit}
            total={query.data.meta.total}
            rows={query.data.data.length}
            onPage={(page) => setFilter({ ...filter, page })}
          />
        </>
      )}
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
    </Page>
  );
}

/** Searches as the user types, after a short pause (as the register list does). */
function SearchField({ value, onSearch }: { value: string; onSearch: (v: string) => void }) {
  const { LL } = useI18nContext();
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text.trim() === value) return;
    const t = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text, value, onSearch]);
  return <TextField label={LL.list.search()} name="search" type="search" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />;
}
