import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { invalidField } from '../../http/errors';
import { calendarViewerOf } from './access';
import { deleteFeed, feedEnabled, feedText, icsOf, regenerateFeed } from './feed';
import { deadlinesOf } from './layers';
import { findEvent, listOccurrences, presentEvent, toOccurrenceDto } from './queries';
import { answerEvent, createEvent, deleteEvent, moveEvent, updateEvent } from './service';

type Ops =
  | 'listCalendarEvents'
  | 'createCalendarEvent'
  | 'getCalendarEvent'
  | 'updateCalendarEvent'
  | 'deleteCalendarEvent'
  | 'moveCalendarEvent'
  | 'answerCalendarEvent'
  | 'downloadCalendarEvent'
  | 'getCalendarFeed'
  | 'regenerateCalendarFeed'
  | 'deleteCalendarFeed'
  | 'calendarFeedFile';

/** The longest range one call expands: a month view with its spill-over weeks fits easily. */
const MAX_RANGE_MS = 100 * 86_400_000;

/** The calendar of events; who sees and may change what is in access.ts. */
export function calendarHandlers({ db, config }: Deps): HandlersOf<Ops> {
  const viewerOf = (req: Parameters<typeof callerOf>[0]) => calendarViewerOf(db, callerOf(req));
  return {
    async listCalendarEvents(req) {
      const viewer = await viewerOf(req);
      const from = new Date(req.query.from);
      const to = new Date(req.query.to);
      if (!(to > from) || to.getTime() - from.getTime() > MAX_RANGE_MS) throw invalidField('to', (ll) => ll.calendar.errors.range());
      const occurrences = await listOccurrences(db, viewer, from, to);
      return {
        occurrences: occurrences.map((o) => toOccurrenceDto(o, viewer)),
        deadlines: await deadlinesOf(db, viewer.user, req.query.layers ?? [], from, to),
      };
    },
    async createCalendarEvent(req, reply) {
      const id = await createEvent(db, await viewerOf(req), req.body);
      return reply.code(201).send({ id });
    },
    async getCalendarEvent(req) {
      return presentEvent(db, await viewerOf(req), req.params.id, req.query.occurrence_start);
    },
    async updateCalendarEvent(req, reply) {
      await updateEvent(db, await viewerOf(req), req.params.id, req.body);
      return reply.code(204).send();
    },
    async deleteCalendarEvent(req, reply) {
      await deleteEvent(db, await viewerOf(req), req.params.id, req.query.occurrence_start);
      return reply.code(204).send();
    },
    async moveCalendarEvent(req, reply) {
      await moveEvent(db, await viewerOf(req), req.params.id, req.body);
      return reply.code(204).send();
    },
    async answerCalendarEvent(req, reply) {
      await answerEvent(db, await viewerOf(req), req.params.id, req.body);
      return reply.code(204).send();
    },
    async downloadCalendarEvent(req, reply) {
      const ev = await findEvent(db, await viewerOf(req), req.params.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="event.ics"')
        .header('cache-control', 'private, no-store')
        .send(await icsOf(db, [ev], ev.title));
    },
    async getCalendarFeed(req) {
      return { enabled: await feedEnabled(db, callerOf(req).id), url: null };
    },
    async regenerateCalendarFeed(req) {
      return { enabled: true, url: await regenerateFeed(db, callerOf(req).id, config.publicUrl) };
    },
    async deleteCalendarFeed(req, reply) {
      await deleteFeed(db, callerOf(req).id);
      return reply.code(204).send();
    },
    async calendarFeedFile(req, reply) {
      const text = await feedText(db, req.params.file);
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(text);
    },
  };
}
