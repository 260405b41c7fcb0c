import { useState } from 'react';
import { messageOf } from '#/api/client';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { type CalendarEvent, downloadEvent, type Occurrence, useAnswerEvent, useDeleteEvent } from '#/state/queries/calendar';
import { useSession } from '#/state/session';
import { formatDay } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { saveBlob } from '../../lists/download';
import { almatyParts } from '../../shared/almaty';
import { Button } from '../../ui';
import * as s from './calendar.css';

/** An event as its reader sees it: when, where, who, the answers, and going / not going, edit or delete as allowed. */
export function EventView({
  event: e,
  occurrence,
  onEdit,
  onDone,
}: {
  event: CalendarEvent;
  occurrence: Occurrence | null;
  onEdit: () => void;
  onDone: () => void;
}) {
  const { LL, locale } = useI18nContext();
  const t = LL.calendar;
  const alerts = useAlerts();
  const confirm = useConfirm();
  const answer = useAnswerEvent();
  const remove = useDeleteEvent();
  const start = almatyParts(occurrence?.starts_at ?? e.starts_at);
  const end = almatyParts(occurrence?.ends_at ?? e.ends_at);
  const me = useSession((x) => x.context.user?.id);
  const isParticipant = e.participants.some((p) => p.user_id === me);
  const repeating = e.repeat.freq !== 'none';
  // On a date of a series the person picks whom the answer is for: the series (as before, the default) or that date alone.
  const dated = repeating && occurrence ? occurrence.occurrence_start : undefined;
  const [scope, setScope] = useState<'occurrence' | 'series'>('series');

  const del = async (occurrenceStart?: string) => {
    const message = occurrenceStart
      ? t.deleteOccurrenceTitle({ title: e.title, date: formatDay(start.date, locale) })
      : repeating
        ? t.deleteSeriesTitle({ title: e.title })
        : t.deleteTitle({ title: e.title });
    if (!(await confirm({ message }))) return;
    try {
      // The event's own view closes first: left open, the refresh after a delete would ask for it again (404).
      if (!occurrenceStart) onDone();
      await remove.mutateAsync({ id: e.id, occurrenceStart });
      alerts.add({ message: t.deleted(), type: 'success' });
      if (occurrenceStart) onDone();
    } catch (err) {
      alerts.add({ message: messageOf(err, LL.errors.internal()), type: 'error' });
    }
  };
  const reply = async (value: 'going' | 'not_going') => {
    try {
      await answer.mutateAsync(
        dated && scope === 'occurrence' ? { id: e.id, answer: value, scope, occurrence_start: dated } : { id: e.id, answer: value, scope: 'series' },
      );
    } catch (err) {
      alerts.add({ message: messageOf(err, LL.errors.internal()), type: 'error' });
    }
  };

  const download = async () => {
    try {
      saveBlob(await downloadEvent(e.id), `${e.title.replace(/[\\/:*?"<>|]/g, '_')}.ics`);
    } catch (err) {
      alerts.add({ message: messageOf(err, LL.errors.internal()), type: 'error' });
    }
  };

  return (
    <div data-testid="event-view">
      <p>
        {t.types[e.event_type]()} · {formatDay(start.date, locale)}
        {e.all_day ? ` · ${t.allDay()}` : ` · ${start.time}–${end.time}`}
        {repeating && ` · ${t.repeats[e.repeat.freq]()}`}
      </p>
      {occurrence?.changed && (
        <p className={s.muted} data-testid="event-changed">
          <i>{t.changedHint()}</i>
        </p>
      )}
      {e.description && <p style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{e.description}</p>}
      <p className={s.muted}>
        {t.fields.visibility()}: {t.visibilities[e.visibility]()} · {t.fields.creator()}: {e.creator_name}
      </p>
      {e.participants.length > 0 && (
        <>
          <h3 className={s.legend}>{t.fields.participants()}</h3>
          <ul className={s.people} data-testid="event-participants">
            {e.participants.map((p) => (
              <li key={p.user_id}>
                {p.full_name}
                {p.answer ? ` — ${t.answers[p.answer]()}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
      {isParticipant && (
        <div className={s.actions} style={{ justifyContent: 'flex-start' }}>
          <span className={s.muted} data-testid="my-answer">
            {t.yourAnswer()}: {e.my_answer ? t.answers[e.my_answer]() : t.answers.none()}
            {dated && e.my_answer && e.my_answer_scope ? ` (${t.answeredFor[e.my_answer_scope]()})` : ''}
          </span>
          {dated && (
            <label className={s.muted}>
              {t.answerFor()}{' '}
              <select value={scope} onChange={(ev) => setScope(ev.target.value as typeof scope)} data-testid="answer-scope">
                <option value="series">{t.scope.series()}</option>
                <option value="occurrence">{t.scope.occurrence()}</option>
              </select>
            </label>
          )}
          <Button
            variant={e.my_answer === 'going' ? 'primary' : 'secondary'}
            onClick={() => reply('going')}
            loading={answer.isPending}
            data-testid="answer-going"
          >
            {t.answers.going()}
          </Button>
          <Button variant={e.my_answer === 'not_going' ? 'primary' : 'secondary'} onClick={() => reply('not_going')} data-testid="answer-not-going">
            {t.answers.not_going()}
          </Button>
        </div>
      )}
      <div className={s.actions} style={{ justifyContent: 'flex-start' }}>
        <Button variant="secondary" size="sm" onClick={download} data-testid="event-download">
          {t.download()}
        </Button>
      </div>
      {e.can_edit && (
        <div className={s.actions}>
          {e.can_delete && repeating && occurrence && (
            <Button variant="danger" onClick={() => del(occurrence.occurrence_start)} data-testid="delete-occurrence">
              {t.deleteOccurrence()}
            </Button>
          )}
          {e.can_delete && (
            <Button variant="danger" onClick={() => del()} data-testid="delete-event">
              {repeating ? t.deleteSeries() : t.delete()}
            </Button>
          )}
          <Button onClick={onEdit} data-testid="edit-event">
            {t.edit()}
          </Button>
        </div>
      )}
    </div>
  );
}
