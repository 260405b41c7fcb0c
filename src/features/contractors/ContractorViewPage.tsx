import { Fragment } from 'react';
import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { type Contractor, useContractor, useContractorStatus } from '#/state/queries/contractors';
import { useContractorScorecard } from '#/state/queries/reports';
import { useMayOpen } from '#/state/route-access';
import { useCan } from '#/state/session';
import { formatDateTime, formatNumber } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { RecordActions } from '../../lists/RecordActions';
import { Button, Card, Page, Stack } from '../../ui';
import * as s from './contractors.css';

const shown = ['name', 'bin', 'services', 'contact_name', 'phone', 'email', 'address', 'comment'] as const;

/** `/contractors/view/{id}`: the company card, with edit, delete and restore. */
export function ContractorViewPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useContractor(id);
  return (
    <QueryPage title={LL.contractors.viewTitle()} query={query} lines={8}>
      {(c) => <ContractorCard c={c} />}
    </QueryPage>
  );
}

function ContractorCard({ c }: { c: Contractor }) {
  const { LL, locale } = useI18nContext();
  const mayOpen = useMayOpen();
  const link = useSpaLink();
  const title = LL.contractors.viewTitle();
  const f = LL.contractors.fields;
  return (
    <Page
      title={c.name}
      data-testid="contractor-view"
      actions={
        <>
          {mayOpen(paths.contractors.edit(c.id)) && c.status === 'active' && <Button onClick={link(paths.contractors.edit(c.id))}>{LL.list.edit()}</Button>}
          {mayOpen(paths.tasks.createFor(c.id)) && c.status === 'active' && (
            <Button variant="secondary" onClick={link(paths.tasks.createFor(c.id))}>
              {LL.tasks.newTask()}
            </Button>
          )}
          <RecordActions
            module="contractors"
            id={c.id}
            status={c.status}
            useChange={useContractorStatus}
            confirmMessage={LL.contractors.deleteConfirm({ name: c.name })}
          />
        </>
      }
    >
      <Card title={title}>
        <Stack gap="lg">
          <dl className={s.details}>
            {shown.map((key) => (
              <Fragment key={key}>
                <dt className={s.term}>{f[key]()}</dt>
                <dd className={s.value} data-testid={`contractor-${key}`}>
                  {c[key] || '—'}
                </dd>
              </Fragment>
            ))}
            <dt className={s.term}>{f.status()}</dt>
            <dd className={s.value} data-testid="contractor-status">
              {LL.contractors.statuses[c.status]()}
            </dd>
            <dt className={s.term}>{f.created_at()}</dt>
            <dd className={s.value}>{formatDateTime(c.created_at, locale)}</dd>
          </dl>
          <p className={s.muted}>{LL.contractors.noLogin()}</p>
          <Link href={paths.contractors.list}>{LL.contractors.toList()}</Link>
        </Stack>
      </Card>
      <Scorecard id={c.id} />
    </Page>
  );
}

/** The contractor's own scorecard of its requests over 12 months (the reports' scorecards), for those who may read reports. */
function Scorecard({ id }: { id: string }) {
  const { LL, locale } = useI18nContext();
  const mayRead = useCan('reports', 'read');
  const report = useContractorScorecard(id, mayRead).data;
  if (!mayRead || !report) return null;
  const table = report.tables.find((t) => t.key === 'by_contractor');
  const row = table?.rows[0];
  const unit = (u?: string) => (u === 'percent' ? ' %' : '');
  return (
    <Card title={LL.reports.scorecard.title()} data-testid="contractor-scorecard">
      {table && row ? (
        <dl className={s.details}>
          {table.columns.map((col, i) => (
            <Fragment key={col.key}>
              <dt className={s.term}>{col.label}</dt>
              <dd className={s.value} data-testid={`scorecard-${col.key}`}>
                {row.values[i] === null || row.values[i] === undefined ? '—' : `${formatNumber(row.values[i], locale, 2)}${unit(col.unit)}`}
              </dd>
            </Fragment>
          ))}
        </dl>
      ) : (
        <p className={s.muted}>{LL.reports.scorecard.empty()}</p>
      )}
    </Card>
  );
}
