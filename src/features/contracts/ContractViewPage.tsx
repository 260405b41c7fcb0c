import { Link } from 'wouter';
import { messageOf } from '#/api/client';
import { paths } from '#/app/paths';
import { useAlerts } from '#/state/alerts';
import { type ContractDetail, useContract, useContractComment, useContractUpload, useGenerateDocument } from '#/state/queries/contracts';
import { formatDay, formatDecimal } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import type { DetailRow } from '../../records/Details';
import { FileField } from '../../records/FileField';
import { FileLinks } from '../../records/FileLinks';
import { useUploads } from '../../records/files';
import { History } from '../../records/History';
import { HistoryCard } from '../../records/HistoryCard';
import { RecordPage } from '../../records/RecordPage';
import { Button, Card, Stack } from '../../ui';
import { ContractActions } from './ContractActions';
import { documentRule } from './files';
import { ContractBadge } from './format';

/** `/contracts/view/{id}`: the lease, its actions, files and history (read-only for its renter). */
export function ContractViewPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useContract(id);
  return (
    <QueryPage title={LL.contracts.title()} query={query} lines={10}>
      {(c) => <ContractView contract={c} />}
    </QueryPage>
  );
}

function ContractView({ contract: c }: { contract: ContractDetail }) {
  const { LL, locale } = useI18nContext();
  const t = LL.contracts;
  const f = t.fields;
  const comment = useContractComment(c.id);
  const rows: DetailRow[] = [
    ['status', f.status(), <ContractBadge key="status" status={c.status} />],
    ['renter', f.renter(), c.renter.name],
    ['object', f.object(), c.object.name],
    ['rooms', f.rooms(), c.rooms.map((r) => t.roomOption({ number: r.number, floor: r.floor, area: formatDecimal(r.area, locale) })).join('; ')],
    ['period', f.period(), `${formatDay(c.starts_on, locale)} — ${formatDay(c.ends_on, locale)}`],
    ['signed_on', f.signed_on(), c.signed_on ? formatDay(c.signed_on, locale) : '—'],
    ['area', f.area(), formatDecimal(c.area, locale)],
    ['rate', f.rate(), formatDecimal(c.rate, locale)],
    ['monthly_total', f.monthly_total(), formatDecimal(c.monthly_total, locale)],
    // The label says ₸ already, as for the rate and the monthly total.
    ['deposit', f.deposit(), c.deposit ? formatDecimal(c.deposit, locale) : '—'],
    ['payment_day', f.payment_day(), c.payment_day ?? '—'],
    ['indexation_percent', f.indexation_percent(), c.indexation_percent ? formatDecimal(c.indexation_percent, locale) : '—'],
    ['service_rate', f.service_rate(), c.service_rate ? formatDecimal(c.service_rate, locale) : '—'],
    ['late_fee_percent', f.late_fee_percent(), c.late_fee_percent ? formatDecimal(c.late_fee_percent, locale) : '—'],
    ['late_fee_cap', f.late_fee_cap(), c.late_fee_cap ? formatDecimal(c.late_fee_cap, locale) : '—'],
    ...(c.terminated_on
      ? ([
          ['terminated_on', f.terminated_on(), formatDay(c.terminated_on, locale)],
          ['termination_reason', f.termination_reason(), c.termination_reason ?? '—'],
        ] satisfies DetailRow[])
      : []),
    ...(c.previous_id
      ? [
          [
            'previous',
            f.previous(),
            <Link key="previous" href={paths.contracts.view(c.previous_id)}>
              {f.previous()}
            </Link>,
          ] satisfies DetailRow,
        ]
      : []),
    ...(c.next_id
      ? [
          [
            'next',
            f.next(),
            <Link key="next" href={paths.contracts.view(c.next_id)}>
              {f.next()}
            </Link>,
          ] satisfies DetailRow,
        ]
      : []),
    ['notes', f.notes(), c.notes || '—'],
  ];
  const eventLabel = (h: { event: string }) => {
    const key = h.event.replace(/^contract\./, '');
    if (key in t.events) return t.events[key as keyof typeof t.events]();
    return key in t.actions ? t.actions[key as keyof typeof t.actions]() : h.event;
  };
  const history = { testId: 'contract-history', entries: c.history, eventLabel, statusLabel: (st: ContractDetail['status']) => t.statuses[st]() };
  return (
    <RecordPage
      title={t.number({ number: c.number })}
      testId="contract-view"
      editHref={c.can_edit && paths.contracts.edit(c.id)}
      rows={rows}
      testPrefix="contract-field-"
      actions={<ContractActions contract={c} />}
    >
      <Card title={t.files()}>
        <Stack gap="md">
          <FileLinks files={c.files} testId="contract-files" empty={t.noFiles()} />
          {c.can_generate && <GenerateDocument id={c.id} />}
          {c.can_add_files && <ContractFileUpload contract={c} />}
        </Stack>
      </Card>
      {c.can_add_files ? (
        <HistoryCard
          title={t.history()}
          {...history}
          comment={{ label: LL.tasks.fields.comment(), button: LL.tasks.addComment(), sent: LL.tasks.toasts.commented(), send: comment.mutateAsync }}
        />
      ) : (
        <Card title={t.history()}>
          <History {...history} />
        </Card>
      )}
      <Link href={paths.contracts.list}>{t.toList()}</Link>
    </RecordPage>
  );
}

/** The lease filled into the landlord's template, added to its files. */
function GenerateDocument({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const generate = useGenerateDocument();
  const onClick = async () => {
    try {
      await generate.mutateAsync(id);
      alerts.add({ message: LL.contracts.generated(), type: 'success' });
    } catch (err) {
      alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' });
    }
  };
  return (
    <div>
      <Button variant="secondary" onClick={onClick} loading={generate.isPending} data-testid="contract-generate">
        {LL.contracts.generate()}
      </Button>
    </div>
  );
}

/** Adds the signed document or an annex, one request per file. */
function ContractFileUpload({ contract }: { contract: ContractDetail }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const send = useContractUpload();
  const { errors, busy, upload } = useUploads((file) => send.mutateAsync({ id: contract.id, file }), LL.list.actionFailed());
  const room = documentRule.maxFiles - contract.files.length;
  if (room <= 0) return null;
  const onFiles = async (accepted: File[], refused: Parameters<typeof upload>[1]) => {
    const { sent } = await upload(accepted.slice(0, room), refused);
    if (sent > 0) alerts.add({ message: LL.tasks.toasts.uploaded(), type: 'success' });
  };
  return (
    <FileField
      label={LL.contracts.addFile()}
      name="files"
      rule={documentRule}
      hint={LL.tasks.fields.filesHint()}
      typeError={LL.tasks.fileType()}
      testId="contract-files-input"
      errors={errors}
      disabled={busy}
      onFiles={(accepted, refused) => void onFiles(accepted, refused)}
    />
  );
}
