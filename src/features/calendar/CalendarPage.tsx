import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/kk';
import 'dayjs/locale/ru';
import { useMemo, useState } from 'react';
import { Calendar, dayjsLocalizer, type View } from 'react-big-calendar';
import dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import { useLocation } from 'wouter';
import { messageOf } from '#/api/client';
import { paths } from '#/app/paths';
import { useAlerts } from '#/state/alerts';
import { type Deadline, type Layer, layerList, type Occurrence, useMoveEvent, useOccurrences } from '#/state/queries/calendar';
import { useCan, useSessionRole } from '#/state/session';
import { useI18nContext } from '../../i18n/i18n-react';
import { useAddressState } from '../../lists/useListParams';
import { fromAlmatyClock, toAlmatyClock } from '../../shared/almaty';
import { media } from '../../theme';
import { Button, Card, Checkbox, Page } from '../../ui';
import * as s from './calendar.css';
import { EventDialog, type Opened } from './EventDialog';
import { FeedCard } from './FeedCard';
import { calendarFormats, dayOf, viewLabel } from './formats';

const almatyNow = () => toAlmatyClock(Date.now());
/** A shown Date's own day, `YYYY-MM-DD` (the address keeps it). */

// The addon is CommonJS only; the bundler hands over either its `exports` or its default.
const withDragAndDrop = (dragAndDrop as unknown as { default?: typeof dragAndDrop }).default ?? dragAndDrop;
const DnDCalendar = withDragAndDrop(Calendar);
const views: View[] = ['month', 'week', 'day', 'agenda'];
// Week and day views open on the working day, not at midnight.
const scrollTo = new Date(1970, 0, 1, 8, 0);
// Weeks start on Monday in every language (en-gb rather than en, whose weeks start on Sunday).
const dayjsLocale = { ru: 'ru', kk: 'kk', en: 'en-gb' } as const;

type Item = { title: string; start: Date; end: Date; allDay: boolean; occurrence?: Occurrence; deadline?: Deadline };

/** An event's text in the calendar: in the time views its hours first, on the same line as the title. */
function EventLabel({ event }: { event: Item }) {
  const o = event.occurrence;
  if (!o || o.all_day) return <>{event.title}</>;
  return (
    <span className={s.eventText}>
      {dayjs(event.start).format('HH:mm')} {event.title}
    </span>
  );
}

/** The range the view shows, as display Dates (the month's grid spills into the weeks around it). */
function rangeOf(view: View, date: Date): [Date, Date] {
  const d = dayjs(date);
  if (view === 'month') return [d.startOf('month').subtract(7, 'day').toDate(), d.endOf('month').add(8, 'day').startOf('day').toDate()];
  if (view === 'week') return [d.startOf('week').toDate(), d.startOf('week').add(7, 'day').toDate()];
  if (view === 'day') return [d.startOf('day').toDate(), d.startOf('day').add(1, 'day').toDate()];
  return [d.startOf('day').toDate(), d.startOf('day').add(30, 'day').toDate()];
}

const deadlinePaths: Record<Layer, (id: string) => string> = {
  tasks: paths.tasks.view,
  requests: paths.requests.view,
  contracts: paths.contracts.view,
};

/**
 * `/calendar`: the events the user sees in month, week, day or list view, with task and request
 * deadlines as layers; the view, the day and the layers are kept in the address. Editable events move
 * and resize by dragging. A phone opens on the list (the month's grid is too narrow to read there).
 */
export function CalendarPage() {
  const { LL, locale } = useI18nContext();
  const t = LL.calendar;
  const [, navigate] = useLocation();
  const { params: search, set: setAddress } = useAddressState();
  const alerts = useAlerts();
  const mayCreate = useCan('calendar', 'create');
  // Lease ends are for those who read leases: staff by their level, a renter its own.
  const role = useSessionRole();
  const mayLeases = useCan('contracts', 'read') || role === 'renter';
  const move = useMoveEvent();
  const phone = typeof window !== 'undefined' && window.matchMedia?.(media.compact).matches;

  // A week's seven columns leave a phone 30 px per event: there it offers the month, a day and the list.
  const offered = phone ? views.filter((v) => v !== 'week') : views;
  const view = offered.find((v) => v === search.get('view')) ?? (phone ? 'agenda' : 'month');
  const dateParam = search.get('date');
  const date = useMemo(() => (dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? new Date(`${dateParam}T12:00:00`) : toAlmatyClock(Date.now())), [dateParam]);
  const layers = (search.get('layers') ?? '').split(',').filter((l): l is Layer => layerList.includes(l as Layer));
  const eventParam = search.get('event');
  const [opened, setOpened] = useState<Opened | null>(null);
  const shown: Opened | null = opened ?? (eventParam ? { kind: 'event', id: eventParam, occurrence: null } : null);

  dayjs.locale(dayjsLocale[locale]);
  const localizer = useMemo(() => dayjsLocalizer(dayjs), []);
  const formats = useMemo(() => calendarFormats(locale), [locale]);
  const [from, to] = rangeOf(view, date);
  const query = useOccurrences(fromAlmatyClock(from), fromAlmatyClock(to), layers);

  const items: Item[] = useMemo(() => {
    const data = query.data;
    if (!data) return [];
    return [
      ...data.occurrences.map((o) => ({ title: o.title, start: toAlmatyClock(o.starts_at), end: toAlmatyClock(o.ends_at), allDay: o.all_day, occurrence: o })),
      ...data.deadlines.map((d) => ({
        title: `${t.layers[d.layer]()}: ${d.title}`,
        start: toAlmatyClock(d.at),
        end: toAlmatyClock(d.at),
        // A lease ends on a day, not at a moment.
        allDay: d.layer === 'contracts',
        deadline: d,
      })),
    ];
  }, [query.data, t]);

  const onMove = async ({ event, start, end }: { event: Item; start: Date; end: Date }) => {
    const o = event.occurrence;
    if (!o?.can_edit) return;
    try {
      await move.mutateAsync({
        id: o.event_id,
        body: { occurrence_start: o.occurrence_start, starts_at: fromAlmatyClock(start).toISOString(), ends_at: fromAlmatyClock(end).toISOString() },
      });
    } catch (err) {
      alerts.add({ message: messageOf(err, t.moveFailed()), type: 'error' });
    }
  };

  const onSelect = (item: Item) => {
    if (item.deadline) navigate(deadlinePaths[item.deadline.layer](item.deadline.id));
    else if (item.occurrence) setOpened({ kind: 'event', id: item.occurrence.event_id, occurrence: item.occurrence });
  };

  const step = (dir: -1 | 1) => {
    const unit = view === 'month' ? 'month' : view === 'week' ? 'week' : view === 'day' ? 'day' : 'month';
    setAddress({ date: dayOf(dayjs(date).add(dir, unit).toDate()) });
  };
  const newAt = (start: Date, end: Date, allDay: boolean) =>
    setOpened({ kind: 'new', start: fromAlmatyClock(start).toISOString(), end: fromAlmatyClock(end).toISOString(), allDay });

  return (
    <Page
      title={t.title()}
      data-testid="calendar-page"
      actions={
        mayCreate && (
          <Button onClick={() => newAt(dayjs(date).hour(10).minute(0).toDate(), dayjs(date).hour(11).minute(0).toDate(), false)} data-testid="new-event">
            {t.newEvent()}
          </Button>
        )
      }
    >
      <div className={s.frame}>
        <div className={s.toolbar}>
          <div className={s.group}>
            <Button variant="secondary" size="sm" onClick={() => setAddress({ date: null })} data-testid="calendar-today">
              {t.today()}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => step(-1)} aria-label={t.previous()} data-testid="calendar-back">
              ‹
            </Button>
            <Button variant="secondary" size="sm" onClick={() => step(1)} aria-label={t.next()} data-testid="calendar-next">
              ›
            </Button>
          </div>
          <span className={s.label} data-testid="calendar-label">
            {viewLabel(view, date, from, locale)}
          </span>
          <div className={s.group}>
            {offered.map((v) => (
              <Button
                key={v}
                size="sm"
                variant={v === view ? 'primary' : 'secondary'}
                aria-pressed={v === view}
                onClick={() => setAddress({ view: v })}
                data-testid={`view-${v}`}
              >
                {t.views[v]()}
              </Button>
            ))}
          </div>
        </div>
        <div className={s.layers}>
          <span className={s.muted}>{t.layers.label()}:</span>
          {layerList
            .filter((l) => l !== 'contracts' || mayLeases)
            .map((l) => (
              <Checkbox
                key={l}
                name={`layer-${l}`}
                label={t.layers[l]()}
                checked={layers.includes(l)}
                onChange={() => setAddress({ layers: (layers.includes(l) ? layers.filter((x) => x !== l) : [...layers, l]).join(',') || null })}
                data-testid={`layer-${l}`}
              />
            ))}
        </div>
        <div className={s.calendar} data-testid="calendar">
          <DnDCalendar
            localizer={localizer}
            // "Now" (the day's highlight, the time line) on Almaty's clock, as the events are drawn.
            getNow={almatyNow}
            culture={dayjsLocale[locale]}
            formats={formats}
            // In the week and day views the time and the title flow as one text, wrapping by words.
            components={{ event: EventLabel }}
            tooltipAccessor={(e: Item) => (e.occurrence?.changed ? `${e.title} — ${t.changedHint()}` : e.title)}
            events={items}
            view={view}
            onView={(v: View) => setAddress({ view: v })}
            date={date}
            onNavigate={(d: Date) => setAddress({ date: dayOf(d) })}
            toolbar={false}
            scrollToTime={scrollTo}
            // Side by side, not on top of each other, where a phone's one column is narrow.
            dayLayoutAlgorithm={phone ? 'no-overlap' : 'overlap'}
            popup
            selectable={mayCreate}
            onSelectSlot={({ start, end, slots }: { start: Date; end: Date; slots: Date[] }) =>
              view === 'month' ? newAt(dayjs(start).hour(10).toDate(), dayjs(start).hour(11).toDate(), slots.length > 1) : newAt(start, end, false)
            }
            onSelectEvent={onSelect}
            draggableAccessor={(e: Item) => Boolean(e.occurrence?.can_edit)}
            resizableAccessor={(e: Item) => Boolean(e.occurrence?.can_edit && !e.occurrence.all_day)}
            onEventDrop={onMove}
            onEventResize={onMove}
            eventPropGetter={(e: Item) => ({
              className: e.deadline ? 'deadline' : e.occurrence?.changed ? 'changed' : undefined,
              'data-testid': 'calendar-item',
            })}
            messages={{
              today: t.today(),
              previous: t.previous(),
              next: t.next(),
              month: t.views.month(),
              week: t.views.week(),
              day: t.views.day(),
              agenda: t.views.agenda(),
              allDay: t.allDay(),
              date: t.fields.date(),
              time: t.fields.start(),
              event: t.fields.title(),
              noEventsInRange: t.noEvents(),
              showMore: (count: number) => t.more({ count }),
            }}
          />
        </div>
      </div>
      {items.some((i) => i.occurrence?.changed) && (
        <p className={s.muted} data-testid="calendar-changed-legend">
          <i>{t.changedLegend()}</i>
        </p>
      )}
      <Card>
        <FeedCard />
      </Card>
      <EventDialog
        opened={shown}
        onClose={() => {
          setOpened(null);
          if (eventParam) setAddress({ event: null });
        }}
      />
    </Page>
  );
}
