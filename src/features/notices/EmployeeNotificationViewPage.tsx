import { useEmployeeNotice } from '#/state/queries/notices';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { RecordPage } from '../../records/RecordPage';
import { StatusBadge } from '../../records/StatusBadge';
import { Card } from '../../ui';
import * as s from './notices.css';
import { NoticeFiles, noticeState } from './parts';

/** `/employee-notifications/{id}`: the message, who wrote it and when, each recipient with its read state, the files. */
export function EmployeeNotificationViewPage({ id }: { id: string }) {
  const { LL, locale } = useI18nContext();
  const query = useEmployeeNotice(id);
  const f = LL.notices.fields;
  return (
    <QueryPage title={LL.notices.employeesTitle()} query={query}>
      {(n) => (
        <RecordPage
          title={LL.notices.employeesTitle()}
          testId="employee-notice-view"
          editHref={false}
          testPrefix="notice-"
          rows={[
            [
              'message',
              f.message(),
              <p key="message" className={s.message}>
                {n.message}
              </p>,
            ],
            ['author', f.author(), n.author_name],
            ['date', f.date(), formatDateTime(n.sent_at ?? n.send_at ?? n.created_at, locale)],
            ['status', f.status(), LL.notices.statuses[noticeState(n)]()],
          ]}
          actions={null}
        >
          <Card title={f.recipients()}>
            <ul className={s.chips} data-testid="notice-recipients-read">
              {n.recipients.map((r) => (
                <li key={r.id} className={s.chip}>
                  <span>{r.name}</span>
                  <StatusBadge tone={r.read_at ? 'done' : 'new'}>{r.read_at ? LL.notices.readState() : LL.notices.unreadState()}</StatusBadge>
                </li>
              ))}
            </ul>
          </Card>
          <NoticeFiles files={n.files} />
        </RecordPage>
      )}
    </QueryPage>
  );
}
