import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { useAlerts } from '#/state/alerts';
import { type ReadingDetail, type ReadingEventType, useReading, useReadingTransition } from '#/state/queries/meters';
import { useSessionRole } from '#/state/session';
import { messageOf } from '../../api/client';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { CommentDialog } from '../../records/CommentDialog';
import type { DetailRow } from '../../records/Details';
import { History } from '../../records/History';
import { RecordPage } from '../../records/RecordPage';
import { useMeterText } from '../../shared-ui/meter-text';
import { Button, Card, Row } from '../../ui';
import { EnterReadingDialog } from './EnterReadingDialog';
import { actionKey, ReadingBadges } from './format';
import * as s from './meters.css';

/** `/meter-readings/{id}`: the reading with its photo, the one before, what it counted, its checks and history; staff accept or return it. */
export function ReadingViewPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  return (
    <QueryPage title={LL.meters.readings.title()} query={useReading(id)} lines={10}>
      {(r) => <ReadingView reading={r} />}
    </QueryPage>
  );
}

function ReadingView({ reading: r }: { reading: ReadingDetail }) {
  const { LL, locale } = useI18nContext();
  const t = LL.meters.readings;
  const text = useMeterText();
  const unit = text.unit(r.meter.type);
  const withUnit = (value: string | null) => (value === null ? '—' : `${text.figure(value)} ${unit}`);
  const rows: DetailRow[] = [
    ['meter', t.columns.meter(), <Link key="meter" href={paths.meters.view(r.meter.id)}>{`${text.type(r.meter.type)} № ${r.meter.serial}`}</Link>],
    ['where', t.columns.where(), text.where(r.meter)],
    ['period', t.month(), text.month(r.period)],
    ['status', t.columns.status(), <ReadingBadges key="status" reading={r} />],
    ['value', t.columns.value(), withUnit(r.value)],
    ['previous', t.columns.previous(), withUnit(r.previous)],
    ['consumption', t.columns.consumption(), withUnit(r.consumption)],
    ...(r.return_reason ? ([['return_reason', t.fields.return_reason(), r.return_reason]] satisfies DetailRow[]) : []),
    ['source', t.fields.source(), r.source ? t.sources[r.source]() : '—'],
    ['submitted_at', t.columns.submitted_at(), r.submitted_at ? formatDateTime(r.submitted_at, locale) : '—'],
    ['billed', t.fields.billed(), r.billed ? t.yes() : t.no()],
  ];
  const eventLabel = (event: string) => t.events[event.replace(/^reading\./, '') as keyof typeof t.events]?.() ?? event;
  return (
    <RecordPage
      title={t.viewTitle({ serial: r.meter.serial })}
      testId="reading-view"
      editHref={false}
      rows={rows}
      testPrefix="reading-"
      actions={<ReadingActions reading={r} />}
    >
      <Card title={t.fields.photo()}>
        {r.photo_url ? (
          <a href={r.photo_url} target="_blank" rel="noreferrer">
            <img className={s.photo} src={r.photo_url} alt={t.fields.photo()} data-testid="reading-photo" />
          </a>
        ) : (
          <p className={s.muted}>{t.noPhoto()}</p>
        )}
      </Card>
      <Card title={t.fields.history()}>
        <History
          testId="reading-history"
          entries={r.history.map((h, i) => ({ ...h, id: String(i), at: h.created_at }))}
          eventLabel={(h) => (h.value === null ? eventLabel(h.event) : `${eventLabel(h.event)}: ${withUnit(h.value)}`)}
          statusLabel={(status) => t.statuses[status]()}
        />
      </Card>
    </RecordPage>
  );
}

/**
 * What the caller may do now (`actions`, from machines/reading.ts): staff accept, return with a reason
 * (the tenant sees it) or correct; the tenant submits again on its phone form.
 */
function ReadingActions({ reading: r }: { reading: ReadingDetail }) {
  const { LL } = useI18nContext();
  const t = LL.meters.readings;
  const alerts = useAlerts();
  const link = useSpaLink();
  const renter = useSessionRole() === 'renter';
  const transition = useReadingTransition(r.id);
  const [dialog, setDialog] = useState<'return' | 'correct' | null>(null);
  const run = (event: 'reading.accept' | 'reading.return', comment?: string) =>
    transition.mutateAsync({ event, ...(comment && { comment }) }).then(() => {
      alerts.add({ message: event === 'reading.accept' ? t.toasts.accepted() : t.toasts.returned(), type: 'success' });
      setDialog(null);
    });
  const button = (event: ReadingEventType) => {
    const key = actionKey(event);
    if (event === 'reading.resubmit')
      return renter ? (
        <Button key={event} onClick={link(paths.meters.submitFor(r.meter.id))} data-testid="action-resubmit">
          {t.actions.resubmit()}
        </Button>
      ) : null;
    if (renter) return null;
    const onClick =
      event === 'reading.accept'
        ? () => void run(event).catch((err: unknown) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }))
        : () => setDialog(event === 'reading.return' ? 'return' : 'correct');
    return (
      <Button
        key={event}
        variant={event === 'reading.return' ? 'danger' : event === 'reading.correct' ? 'secondary' : 'primary'}
        loading={transition.isPending && transition.variables?.event === event && !dialog}
        onClick={onClick}
        data-testid={`action-${key}`}
      >
        {t.actions[key]()}
      </Button>
    );
  };
  const buttons = r.actions.map(button).filter(Boolean);
  if (buttons.length === 0) return null;
  return (
    <Row gap="sm" wrap data-testid="reading-actions">
      {buttons}
      {!renter && (
        <>
          <CommentDialog
            open={dialog === 'return'}
            title={t.returnTitle()}
            text={t.returnText()}
            label={t.reason()}
            submitLabel={t.send()}
            danger
            max={500}
            requiredMessage={t.reasonRequired()}
            onSend={(comment) => run('reading.return', comment)}
            onClose={() => setDialog(null)}
            testId="reading-return-dialog"
          />
          <EnterReadingDialog row={dialog === 'correct' ? r : null} onClose={() => setDialog(null)} />
        </>
      )}
    </Row>
  );
}
