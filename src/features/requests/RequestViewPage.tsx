import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { RATE_PARAM } from '#/shared/notification-sentence';
import { type RequestDetail, useRequest, useRequestComment } from '#/state/queries/requests';
import { useSessionRole } from '#/state/session';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { useAddressState } from '../../lists/useListParams';
import type { DetailRow } from '../../records/Details';
import { HistoryCard } from '../../records/HistoryCard';
import { RecordPage } from '../../records/RecordPage';
import { Card } from '../../ui';
import { RequestBadges } from './format';
import { PriorityField } from './PriorityField';
import { RequestActions } from './RequestActions';
import { FollowersCard, RatingCard } from './RequestFeedback';
import * as s from './requests.css';

/** `/requests-journal/view/{bidId}`: the request, its photos and report, its actions, history and comments. */
export function RequestViewPage({ id }: { id: string }) {
  const title = useI18nContext().LL.requests.title();
  return (
    <QueryPage title={title} query={useRequest(id)} lines={10}>
      {(r) => <RequestView request={r} />}
    </QueryPage>
  );
}

function RequestView({ request: r }: { request: RequestDetail }) {
  const { LL, locale } = useI18nContext();
  const staff = useSessionRole() !== 'renter';
  const comment = useRequestComment(r.id);
  // The notification that asks to confirm leads here with the rating open.
  const rateOpen = useAddressState().params.get(RATE_PARAM) === '1';
  // `request.file.report` -> `file_report`; the other names map by their last part.
  const eventLabel = (event: string) => LL.requests.events[event.replace(/^request\./, '').replace('.', '_') as keyof typeof LL.requests.events]?.() ?? event;
  const c = LL.requests.columns;
  const f = LL.requests.fields;
  const rows: DetailRow[] = [
    ['type', c.type(), r.type.name],
    ['status', c.status(), <RequestBadges key="status" request={r} />],
    ['priority', LL.sla.priority(), <PriorityField key="priority" request={r} />],
    ['object_type', c.object_type(), r.object_type ?? '—'],
    ['object', c.object(), r.object.name],
    ['room', f.room(), r.room ? f.roomValue({ number: r.room.number, floor: r.room.floor }) : '—'],
    ['landlord', c.landlord(), r.landlord_name],
    ['legal_name', c.legal_name(), r.legal_name ?? '—'],
    ['trade_point', c.trade_point(), r.trade_point ?? '—'],
    ['applicant', c.applicant(), r.applicant_name],
    ['phone', c.phone(), r.applicant_phone ?? '—'],
    ['created_at', c.created_at(), formatDateTime(r.created_at, locale)],
    ...(r.take_deadline_at ? [['take_deadline', LL.sla.takeDeadline(), formatDateTime(r.take_deadline_at, locale)] as DetailRow] : []),
    ['deadline', f.deadline(), formatDateTime(r.deadline_at, locale)],
    ['assignee', f.assignee(), r.assignee?.name ?? '—'],
    ['description', f.description(), r.description],
  ];
  return (
    <RecordPage
      title={LL.requests.viewTitle({ number: r.number })}
      testId="request-view"
      editHref={r.can_edit && paths.requests.edit(r.id)}
      rows={rows}
      testPrefix="request-"
      actions={<RequestActions request={r} staff={staff} />}
    >
      <RatingCard request={r} renter={!staff} open={rateOpen} />
      <Card title={f.photos()}>
        <Thumbs files={r.files.filter((x) => x.kind === 'photo')} testId="request-photos-list" />
      </Card>
      <Card title={f.report()}>
        <Thumbs files={r.files.filter((x) => x.kind === 'report')} testId="request-report-list" />
      </Card>
      {staff && <FollowersCard request={r} />}
      <HistoryCard
        title={f.history()}
        testId="request-history"
        entries={r.history}
        eventLabel={(h) => eventLabel(h.event)}
        statusLabel={(st) => LL.requests.statuses[st]()}
        comment={{
          label: f.comment(),
          button: LL.requests.addComment(),
          sent: LL.requests.toasts.commented(),
          send: comment.mutateAsync,
        }}
      />
      <Link href={paths.requests.list}>{LL.requests.toList()}</Link>
    </RecordPage>
  );
}

/** Thumbnails linking to the full image (a new tab, so the request stays open). */
function Thumbs({ files, testId }: { files: RequestDetail['files']; testId: string }) {
  const { LL } = useI18nContext();
  if (files.length === 0) return <p className={s.muted}>{LL.requests.noFiles()}</p>;
  return (
    <div className={s.thumbs} data-testid={testId}>
      {files.map((file, i) => (
        <a key={file.id} href={file.url} target="_blank" rel="noreferrer" data-testid="request-file">
          <img className={s.thumb} src={file.url} alt={`${i + 1}`} loading="lazy" />
        </a>
      ))}
    </div>
  );
}
