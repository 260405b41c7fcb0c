import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useViolation, useViolationComment, type ViolationDetail, type ViolationFileKind } from '#/state/queries/violations';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import type { DetailRow } from '../../records/Details';
import { HistoryCard } from '../../records/HistoryCard';
import { RecordPage } from '../../records/RecordPage';
import { Card, Stack } from '../../ui';
import { formatFine, ViolationBadges } from './format';
import { ViolationActions } from './ViolationActions';
import { ViolationUpload } from './ViolationUpload';
import * as s from './violations.css';

/** `/violations/{id}`: the violation, its photos and files, its actions, history and comments. */
export function ViolationViewPage({ id }: { id: string }) {
  const title = useI18nContext().LL.violations.title();
  return (
    <QueryPage title={title} query={useViolation(id)} lines={10}>
      {(v) => <ViolationView violation={v} />}
    </QueryPage>
  );
}

function ViolationView({ violation: v }: { violation: ViolationDetail }) {
  const { LL, locale } = useI18nContext();
  const comment = useViolationComment(v.id);
  // `violation.file.fix` -> `file_fix`; the other names map by their last part.
  const eventLabel = (event: string) =>
    LL.violations.events[event.replace(/^violation\./, '').replace('.', '_') as keyof typeof LL.violations.events]?.() ?? event;
  const c = LL.violations.columns;
  const f = LL.violations.fields;
  const rows: DetailRow[] = [
    ['type', c.type(), v.type.name],
    ['status', c.status(), <ViolationBadges key="status" violation={v} />],
    ['renter', c.renter(), v.renter.name],
    ['legal_name', f.legalName(), v.renter.legal_name],
    ['object', c.object(), v.object.name],
    ['room', c.room(), v.room?.number ?? '—'],
    ['occurred_at', c.occurred_at(), formatDateTime(v.occurred_at, locale)],
    ['deadline', c.deadline(), v.deadline_at ? formatDateTime(v.deadline_at, locale) : '—'],
    ['fine', c.fine(), formatFine(v.fine, locale)],
    ['recorded_by', c.recorded_by(), v.recorded_by.name],
    ['description', f.description(), v.description],
  ];
  const cards: Array<{ kind: ViolationFileKind; title: string }> = [
    { kind: 'photo', title: f.photos() },
    { kind: 'dispute', title: f.disputeFiles() },
    { kind: 'fix', title: f.fixPhotos() },
  ];
  // Before the dispute is sent its files are attached in the dispute dialog; afterwards, here.
  const mayAdd = (kind: ViolationFileKind) => v.upload_kinds.includes(kind) && !(kind === 'dispute' && v.status === 'issued');
  return (
    <RecordPage
      title={LL.violations.viewTitle({ number: v.number })}
      testId="violation-view"
      editHref={v.can_edit && paths.violations.edit(v.id)}
      rows={rows}
      testPrefix="violation-"
      actions={<ViolationActions violation={v} />}
    >
      {cards
        .filter((card) => card.kind === 'photo' || mayAdd(card.kind) || v.files.some((x) => x.kind === card.kind))
        .map((card) => (
          <Card key={card.kind} title={card.title}>
            <Stack gap="md">
              <Files files={v.files.filter((x) => x.kind === card.kind)} testId={`violation-files-${card.kind}`} />
              {mayAdd(card.kind) && <ViolationUpload id={v.id} kind={card.kind} />}
            </Stack>
          </Card>
        ))}
      <HistoryCard
        title={f.history()}
        testId="violation-history"
        entries={v.history}
        eventLabel={(h) => eventLabel(h.event)}
        statusLabel={(st) => LL.violations.statuses[st]()}
        comment={{
          label: f.comment(),
          button: LL.violations.addComment(),
          sent: LL.violations.toasts.commented(),
          send: comment.mutateAsync,
        }}
      />
      <Link href={paths.violations.list}>{LL.violations.toList()}</Link>
    </RecordPage>
  );
}

/** Photos as thumbnails linking to the full image; other files as their name (a new tab, so the violation stays open). */
function Files({ files, testId }: { files: ViolationDetail['files']; testId: string }) {
  const { LL } = useI18nContext();
  if (files.length === 0) return <p className={s.muted}>{LL.violations.noFiles()}</p>;
  return (
    <div className={s.thumbs} data-testid={testId}>
      {files.map((file, i) => (
        <a key={file.id} href={file.url} target="_blank" rel="noreferrer" data-testid="violation-file" className={s.fileLink}>
          {file.content_type.startsWith('image/') ? (
            <img className={s.thumb} src={file.url} alt={file.name ?? `${i + 1}`} loading="lazy" />
          ) : (
            (file.name ?? `${i + 1}`)
          )}
        </a>
      ))}
    </div>
  );
}
