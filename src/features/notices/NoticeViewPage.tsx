import { paths } from '#/app/paths';
import { useConfirm } from '#/state/confirm';
import { useCancelNotice, useNotice } from '#/state/queries/notices';
import { useMayOpen } from '#/state/route-access';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import type { DetailRow } from '../../records/Details';
import { RecordPage } from '../../records/RecordPage';
import { Button, Card } from '../../ui';
import * as s from './notices.css';
import { NoticeFiles, noticeState } from './parts';

/**
 * `/notifications/notice/{id}`: a notice opened from the inbox (renter or employee: title, text, files;
 * opening it reads it), or by who sent it (with its audience, progress and, while scheduled, cancel).
 */
export function NoticeViewPage({ id }: { id: string }) {
  const { LL, locale } = useI18nContext();
  const query = useNotice(id);
  const cancel = useCancelNotice();
  const confirm = useConfirm();
  // Who may read the lists sees a notice whole; a recipient, what it was told.
  const sender = useMayOpen()(paths.notices.renters);
  const f = LL.notices.fields;
  return (
    <QueryPage title={LL.nav.notifications()} query={query}>
      {(n) => {
        const rows: DetailRow[] = [
          [
            'message',
            f.message(),
            <p key="message" className={s.message}>
              {n.message}
            </p>,
          ],
          ['author', f.author(), n.author_name],
          ['date', f.date(), formatDateTime(n.sent_at ?? n.send_at ?? n.created_at, locale)],
        ];
        if (sender && n.audience === 'renters') {
          const to = [LL.notices.targets[n.target](), n.object?.name, n.floor !== null ? `${f.floor()} ${n.floor}` : null].filter(Boolean).join(' · ');
          rows.push(
            ['target', f.target(), to],
            ['status', f.status(), LL.notices.statuses[noticeState(n)]()],
            ['read', f.recipients(), LL.notices.progress({ delivered: n.delivered, read: n.read })],
          );
        }
        return (
          <RecordPage
            title={n.title ?? LL.nav.notifications()}
            testId="notice-view"
            editHref={false}
            testPrefix="notice-"
            rows={rows}
            actions={
              n.can_cancel && (
                <Button
                  variant="secondary"
                  loading={cancel.isPending}
                  onClick={async () => {
                    if (await confirm({ message: LL.notices.cancelConfirm() })) cancel.mutate(n.id);
                  }}
                  data-testid="notice-cancel"
                >
                  {LL.notices.cancel()}
                </Button>
              )
            }
          >
            {n.recipients.length > 0 && (
              <Card title={f.recipients()}>
                <ul className={s.chips}>
                  {n.recipients.map((r) => (
                    <li key={r.id} className={s.chip}>
                      {r.name}
                    </li>
                  ))}
                </ul>
              </Card>
            )}
            <NoticeFiles files={n.files} />
          </RecordPage>
        );
      }}
    </QueryPage>
  );
}
