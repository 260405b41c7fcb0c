import { formatDateTime } from '../i18n/formatters';
import { useI18nContext } from '../i18n/i18n-react';
import * as s from './records.css';

export type HistoryEntry = {
  id: string;
  event: string;
  actor_name: string;
  at: string;
  from_status?: string | null;
  to_status?: string | null;
  comment?: string | null;
};

type Props<E extends HistoryEntry> = {
  entries: E[];
  /** The event's name in the user's language. */
  eventLabel: (entry: E) => string;
  statusLabel: (status: NonNullable<E['to_status']>) => string;
  testId: string;
};

/** A record's whole history: what, who, when (Asia/Almaty), from -> to status, comment. */
export function History<E extends HistoryEntry>({ entries, eventLabel, statusLabel, testId }: Props<E>) {
  const { locale } = useI18nContext();
  return (
    <ol className={s.timeline} data-testid={testId}>
      {entries.map((h) => (
        <li key={h.id} className={s.entry} data-testid="history-entry" data-event={h.event}>
          <div className={s.entryHead}>
            <strong>{eventLabel(h)}</strong>
            <span className={s.muted}>
              {h.actor_name} · {formatDateTime(h.at, locale)}
            </span>
            {h.to_status && h.from_status !== h.to_status && (
              <span className={s.muted} data-testid="history-change">
                {h.from_status ? `${statusLabel(h.from_status)} → ` : ''}
                {statusLabel(h.to_status)}
              </span>
            )}
          </div>
          {h.comment && (
            <p className={s.value} data-testid="history-comment">
              {h.comment}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
