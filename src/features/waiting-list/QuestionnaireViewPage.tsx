import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '#/app/paths';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { type QuestionnaireDetail, useQuestionnaire, useQuestionnaireTransition } from '#/state/queries/questionnaires';
import { messageOf } from '../../api/client';
import { formatDateTime, formatNumber } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { type DetailRow, Details } from '../../records/Details';
import { History } from '../../records/History';
import { RecordPage } from '../../records/RecordPage';
import { StatusBadge } from '../../records/StatusBadge';
import { Button, Card, Row, Stack } from '../../ui';
import { DeleteQuestionnaire } from './DeleteQuestionnaire';
import { groups } from './questionnaire-form';

/** `/application-forms/{id}`: every field of the questionnaire, its files, its history, and what the caller may do now. */
export function QuestionnaireViewPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useQuestionnaire(id);
  return (
    <QueryPage title={LL.waitingList.viewTitle()} query={query} lines={12}>
      {(q) => <QuestionnaireView q={q} />}
    </QueryPage>
  );
}

function QuestionnaireView({ q }: { q: QuestionnaireDetail }) {
  const { LL, locale } = useI18nContext();
  const w = LL.waitingList;
  const show = (value: unknown): ReactNode =>
    value === null || value === ''
      ? '—'
      : typeof value === 'boolean'
        ? value
          ? w.yes()
          : w.no()
        : typeof value === 'number'
          ? formatNumber(value, locale)
          : String(value);
  const rows: DetailRow[] = [
    [
      'status',
      w.columns.status(),
      <StatusBadge key="status" tone={q.status}>
        {w.statuses[q.status]()}
      </StatusBadge>,
    ],
    ['object', w.columns.object(), q.object.name],
    ['created_at', w.columns.created_at(), formatDateTime(q.created_at, locale)],
    ...(q.renter_id
      ? [
          [
            'renter',
            LL.nav.renters(),
            <Link key="renter" href={paths.renters.view(q.renter_id)}>
              {w.alreadyRenter()}
            </Link>,
          ] satisfies DetailRow,
        ]
      : []),
  ];

  return (
    <RecordPage
      title={`${w.viewTitle()}: ${q.company_name}`}
      testId="questionnaire-view"
      editHref={false}
      rows={rows}
      testPrefix="questionnaire-"
      actions={<QuestionnaireActions q={q} />}
    >
      {(Object.keys(groups) as (keyof typeof groups)[]).map((group) => (
        <Card key={group} title={w.groups[group]()}>
          <Stack gap="md">
            <Details rows={groups[group].map((name) => [name, w.fields[name](), show(q[name])])} testPrefix="questionnaire-" />
            {group === 'files' && (
              <ul data-testid="questionnaire-files">
                {q.files.map((f) => (
                  <li key={f.id}>
                    {w.fields[f.file_set === 1 ? 'files1' : 'files2']()}:{' '}
                    <a href={f.url} target="_blank" rel="noreferrer">
                      {f.name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Stack>
        </Card>
      ))}
      <Card title={w.history.title()}>
        <History
          testId="questionnaire-history"
          entries={q.history}
          eventLabel={(h) => w.history[h.event.replace(/^questionnaire\./, '') as Exclude<keyof typeof w.history, 'title'>]?.() ?? h.event}
          statusLabel={(st) => w.statuses[st]()}
        />
      </Card>
    </RecordPage>
  );
}

/** The events the server lists in `actions` (it filters them and sets `can_delete` by the caller's rights: no button that would answer 403). */
function QuestionnaireActions({ q }: { q: QuestionnaireDetail }) {
  const { LL } = useI18nContext();
  const w = LL.waitingList;
  const [, navigate] = useLocation();
  const alerts = useAlerts();
  const confirm = useConfirm();
  const transition = useQuestionnaireTransition(q.id);
  const move = async (event: Parameters<typeof transition.mutate>[0]) => {
    // Rejecting takes one tap next to "Start work" on a phone: it is asked first (it can be reopened).
    if (event === 'questionnaire.reject' && !(await confirm({ message: w.rejectConfirm({ name: q.company_name }), confirmLabel: w.events.reject() }))) return;
    transition.mutate(event, { onError: (err) => alerts.add({ message: messageOf(err, w.actionFailed()), type: 'error' }) });
  };
  if (q.actions.length === 0 && !q.can_delete) return null;
  return (
    <Row gap="sm" wrap data-testid="questionnaire-actions">
      {q.actions.map((event) => (
        <Button
          key={event}
          variant={event === 'questionnaire.reject' ? 'danger' : event === 'questionnaire.make_renter' ? 'primary' : 'secondary'}
          loading={transition.isPending && transition.variables === event}
          onClick={() => (event === 'questionnaire.make_renter' ? navigate(paths.waitingList.makeRenter(q.id)) : void move(event))}
          data-testid={`action-${event.split('.')[1]}`}
        >
          {w.events[event.split('.')[1] as keyof typeof w.events]()}
        </Button>
      ))}
      {q.can_delete && <DeleteQuestionnaire questionnaire={q} onDeleted={() => navigate(paths.waitingList.list)} />}
    </Row>
  );
}
