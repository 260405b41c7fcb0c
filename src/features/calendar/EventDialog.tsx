import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { type Occurrence, useEvent } from '#/state/queries/calendar';
import { useI18nContext } from '../../i18n/i18n-react';
import { FormError, Skeleton } from '../../ui';
import * as s from './calendar.css';
import { EventForm } from './EventForm';
import { EventView } from './EventView';

/** What the dialog shows: a new event (at a picked slot), or an event opened from one of its occurrences. */
export type Opened = { kind: 'new'; start: string; end: string; allDay: boolean } | { kind: 'event'; id: string; occurrence: Occurrence | null };

export function EventDialog({ opened, onClose }: { opened: Opened | null; onClose: () => void }) {
  const { LL } = useI18nContext();
  const [editing, setEditing] = useState(false);
  const id = opened?.kind === 'event' ? opened.id : null;
  const occurrence = opened?.kind === 'event' ? opened.occurrence : null;
  // A date of a series: its answers are those given for that date.
  const query = useEvent(id, occurrence?.repeating ? occurrence.occurrence_start : undefined);
  const close = () => {
    setEditing(false);
    onClose();
  };
  const t = LL.calendar;
  const title = opened?.kind === 'new' ? t.newEvent() : editing ? t.editEvent() : (query.data?.title ?? t.title());
  return (
    <Dialog.Root open={Boolean(opened)} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content className={s.dialog} data-testid="event-dialog" aria-describedby={undefined}>
          <div className={s.dialogHead}>
            <Dialog.Title className={s.dialogTitle}>{title}</Dialog.Title>
            <Dialog.Close className={s.dialogClose} aria-label={LL.common.close()} data-testid="event-dialog-close">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {opened?.kind === 'new' && <EventForm slot={opened} onDone={close} />}
          {opened?.kind === 'event' &&
            (query.data ? (
              editing ? (
                <EventForm event={query.data} occurrence={opened.occurrence} onDone={close} />
              ) : (
                <EventView event={query.data} occurrence={opened.occurrence} onEdit={() => setEditing(true)} onDone={close} />
              )
            ) : query.isError ? (
              <FormError>{LL.common.loadError()}</FormError>
            ) : (
              <Skeleton lines={4} label={LL.common.loading()} />
            ))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
