import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { messageOf } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { Button, Card, Page, Row, Stack } from '../../ui';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import * as s from '../requests/requests.css';
import { type QuestionnaireDetail, type QuestionnaireEvent, questionnaireApi, questionnaireKeys, useQuestionnaire } from './api';
import { groups } from './questionnaire-form';
import { refreshMenuCounts } from '#/state/menu-counts';
import { almatyTime } from '../../records/time';
import { paths } from '#/app/paths';

/** `/application-forms/{id}`: every field of the questionnaire, its files, and what the caller may do now. */
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
  const [, navigate] = useLocation();
  const alerts = useAlerts();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: questionnaireKeys.all }), refreshMenuCounts(queryClient)]);

  const transition = useMutation({
    mutationFn: (event: Exclude<QuestionnaireEvent, 'questionnaire.make_renter'>) => questionnaireApi.transition(q.id, event),
    onSuccess: (next) => {
      queryClient.setQueryData(questionnaireKeys.one(q.id), next);
      void refresh();
    },
    onError: (err) => alerts.add({ message: messageOf(err, w.actionFailed()), type: 'error' }),
  });
  // Spec §8: confirm first; "deleted" on success, "failed to delete application" on failure.
  const remove = useMutation({
    mutationFn: () => questionnaireApi.remove(q.id),
    onSuccess: () => {
      alerts.add({ message: w.deleted(), type: 'success' });
      void refresh();
      navigate(paths.waitingList.list);
    },
    onError: () => alerts.add({ message: w.deleteFailed(), type: 'error' }),
  });

  const show = (value: unknown): ReactNode =>
    value === null || value === '' ? '—' : typeof value === 'boolean' ? (value ? w.yes() : w.no()) : typeof value === 'number' ? value.toLocaleString(locale) : String(value);
  const rows: [string, string, ReactNode][] = [
    ['status', w.columns.status(), w.statuses[q.status]()],
    ['object', w.columns.object(), q.object.name],
    ['created_at', w.columns.created_at(), almatyTime(q.created_at, locale)],
  ];

  return (
    <Page
      title={`${w.viewTitle()}: ${q.company_name}`}
      data-testid="questionnaire-view"
      actions={
        <Row gap="sm">
          {/* The server filters `actions` and sets `can_delete` by the caller's rights: no button that would answer 403. */}
          {q.actions.map((event) => (
            <Button
              key={event}
              variant={event === 'questionnaire.reject' ? 'danger' : event === 'questionnaire.make_renter' ? 'primary' : 'secondary'}
              loading={transition.isPending && transition.variables === event}
              onClick={() => (event === 'questionnaire.make_renter' ? navigate(paths.waitingList.makeRenter(q.id)) : transition.mutate(event))}
              data-testid={`action-${event.split('.')[1]}`}
            >
              {w.events[event.split('.')[1] as keyof typeof w.events]()}
            </Button>
          ))}
          {q.can_delete && (
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={async () => (await confirm({ message: w.deleteConfirm({ name: q.company_name }) })) && remove.mutate()}
              data-testid="questionnaire-delete"
            >
              {LL.list.delete()}
            </Button>
          )}
        </Row>
      }
    >
      <Stack gap="lg">
        <Card>
          <dl className={s.details}>
            {rows.map(([key, term, value]) => (
              <Fragment key={key}>
                <dt className={s.term}>{term}</dt>
                <dd className={s.value} data-testid={`questionnaire-${key}`}>{value}</dd>
              </Fragment>
            ))}
            {q.renter_id && (
              <>
                <dt className={s.term}>{LL.nav.renters()}</dt>
                <dd className={s.value}>
                  <Link href={paths.renters.view(q.renter_id)} data-testid="questionnaire-renter">
                    {w.alreadyRenter()}
                  </Link>
                </dd>
              </>
            )}
          </dl>
        </Card>
        {(Object.keys(groups) as (keyof typeof groups)[]).map((group) => (
          <Card key={group} title={w.groups[group]()}>
            <Stack gap="md">
              <dl className={s.details}>
                {groups[group].map((name) => (
                  <Fragment key={name}>
                    <dt className={s.term}>{w.fields[name]()}</dt>
                    <dd className={s.value} data-testid={`questionnaire-${name}`}>{show(q[name])}</dd>
                  </Fragment>
                ))}
              </dl>
              {group === 'files' && (
                <ul data-testid="questionnaire-files">
                  {q.files.map((f) => (
                    <li key={f.id}>
                      {w.fields[f.file_set === 1 ? 'files1' : 'files2']()}:{' '}
                      <a href={f.url} target="_blank" rel="noreferrer">{f.name}</a>
                    </li>
                  ))}
                </ul>
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
    </Page>
  );
}
