import { and, eq } from 'drizzle-orm';
import { almatyToday } from '#/shared/almaty';
import { monthOf } from '#/shared/days';
import { objects, rooms } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf, requireRole, scopeTo } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { forbidden, notFound } from '../../http/errors';
import { pageOf, pageResult } from '../../http/pagination';
import { type UploadGate, uploadOf } from '../../http/uploads';
import { actorOf } from '../../workflow/history';
import { type MeterViewer, metersViewerOf, readingScope, requireMeters } from './access';
import { listMeters, meterBilled, meterDto, meterIn, meterReadingRows, readingSheet, successorOf } from './queries';
import { presentReading, submitReading, transitionReading } from './readings';
import {
  consumptionByMonth,
  createMeter,
  createTariff,
  deleteMeter,
  deleteTariff,
  listTariffs,
  replaceMeter,
  saveSettings,
  settingsOf,
  toSettingsDto,
  updateMeter,
  windowOf,
} from './service';

type Ops =
  | 'listMeters'
  | 'createMeter'
  | 'getMeter'
  | 'updateMeter'
  | 'deleteMeter'
  | 'replaceMeter'
  | 'getMeterSettings'
  | 'setMeterSettings'
  | 'listTariffs'
  | 'createTariff'
  | 'deleteTariff'
  | 'getConsumption'
  | 'listMeterReadings'
  | 'submitMeterReading'
  | 'getMeterReading'
  | 'transitionMeterReading';
type Req = Parameters<typeof callerOf>[0];

/** The landlord a staff caller works for: the superadmin has none here (403). */
function landlordOf(viewer: MeterViewer): string {
  const landlordId = viewer.user.landlordId;
  if (!landlordId) throw forbidden();
  return landlordId;
}

/** Meters, readings, tariffs and consumption (/meters, /meter-readings, /meter-tariffs); who may do what is in access.ts. */
export function meterHandlers({ db, storage, links }: Deps): HandlersOf<Ops> {
  const viewerOf = (req: Req) => metersViewerOf(db, callerOf(req));
  /** Staff who may `action`. */
  const staff = async (req: Req, action: 'read' | 'create' | 'update' | 'delete') => {
    const viewer = await viewerOf(req);
    requireMeters(viewer, action);
    return viewer;
  };
  /** The meter with its last twelve readings and its predecessor and successor. */
  const detail = async (viewer: MeterViewer, id: string) => {
    const row = await meterIn(db, viewer.scope, id);
    const m = row.meter;
    const [listed, readings, billed, replaces, replacedBy] = await Promise.all([
      meterDto(db, row),
      meterReadingRows(db, row),
      meterBilled(db, m.id),
      m.replacesId ? meterIn(db, viewer.scope, m.replacesId).catch(() => null) : null,
      successorOf(db, m.id),
    ]);
    return {
      ...listed,
      final_reading: m.finalReading,
      replaces: replaces ? { id: replaces.meter.id, serial: replaces.meter.serial } : null,
      replaced_by: replacedBy,
      readings,
      editable: !billed && !m.removedOn,
    };
  };
  /** A property or unit named for consumption must be the caller's landlord's (404). */
  const placeInScope = async (viewer: MeterViewer, q: { object_id?: string; room_id?: string }) => {
    if (q.object_id) {
      const [object] = await db
        .select({ id: objects.id })
        .from(objects)
        .where(and(scopeTo(viewer.user, objects.landlordId), eq(objects.id, q.object_id)));
      if (!object) throw notFound();
    }
    if (q.room_id) {
      const [room] = await db
        .select({ id: rooms.id })
        .from(rooms)
        .where(and(scopeTo(viewer.user, rooms.landlordId), eq(rooms.id, q.room_id)));
      if (!room) throw notFound();
    }
  };

  return {
    async listMeters(req) {
      const viewer = await viewerOf(req);
      const { page: _p, limit: _l, _t, ...filter } = req.query as typeof req.query & { _t?: unknown };
      const page = pageOf(req.query, 50);
      const { rows, total } = await listMeters(db, viewer.scope, filter, page);
      const { period, from, to, open } = windowOf(await settingsOf(db, viewer.user.landlordId), almatyToday());
      return { ...pageResult(rows, total, page), window: { period, from, to, open } };
    },
    async createMeter(req, reply) {
      const viewer = await staff(req, 'create');
      const id = await createMeter(db, scopeTo(viewer.user, objects.landlordId), req.body);
      return reply.status(201).send(await detail(viewer, id));
    },
    async getMeter(req) {
      return detail(await viewerOf(req), req.params.id);
    },
    async updateMeter(req) {
      const viewer = await staff(req, 'update');
      await updateMeter(db, viewer.scope, req.params.id, req.body);
      return detail(viewer, req.params.id);
    },
    async deleteMeter(req, reply) {
      const viewer = await staff(req, 'delete');
      await deleteMeter(db, viewer.scope, req.params.id);
      return reply.status(204).send();
    },
    async replaceMeter(req, reply) {
      const viewer = await staff(req, 'update');
      const id = await replaceMeter(db, viewer.scope, req.params.id, req.body, actorOf(viewer));
      return reply.status(201).send(await detail(viewer, id));
    },
    async getMeterSettings(req) {
      const viewer = await viewerOf(req);
      return toSettingsDto(await settingsOf(db, landlordOf(viewer)));
    },
    async setMeterSettings(req) {
      const user = callerOf(req);
      requireRole(user, 'landlord');
      return toSettingsDto(await saveSettings(db, user.landlordId as string, req.body));
    },
    async listTariffs(req) {
      const viewer = await staff(req, 'read');
      return { data: await listTariffs(db, landlordOf(viewer)) };
    },
    async createTariff(req, reply) {
      const viewer = await staff(req, 'update');
      return reply.status(201).send(await createTariff(db, landlordOf(viewer), req.body));
    },
    async deleteTariff(req, reply) {
      const viewer = await staff(req, 'update');
      await deleteTariff(db, viewer.user.landlordId, req.params.id);
      return reply.status(204).send();
    },
    async getConsumption(req) {
      const viewer = await staff(req, 'read');
      const q = req.query;
      await placeInScope(viewer, q);
      return consumptionByMonth(db, viewer.scope, { ...q, to: q.to ?? almatyToday() });
    },
    async listMeterReadings(req) {
      const viewer = await viewerOf(req);
      const { page: _p, limit: _l, _t, period: day, ...filter } = req.query as typeof req.query & { _t?: unknown };
      const period = monthOf(day ?? almatyToday()).first;
      const page = pageOf(req.query, 50);
      const { rows, total } = await readingSheet(db, readingScope(viewer, period), period, filter, page);
      return { period, ...pageResult(rows, total, page) };
    },
    async submitMeterReading(req, reply) {
      const viewer = await viewerOf(req);
      const body = req.body as unknown as { meter_id: string; value: string; period?: string };
      const id = await submitReading(db, storage, viewer, body, uploadOf(req, 'photo'));
      return reply.status(201).send(await presentReading(db, links, viewer, id));
    },
    async getMeterReading(req) {
      return presentReading(db, links, await viewerOf(req), req.params.id);
    },
    async transitionMeterReading(req) {
      const viewer = await viewerOf(req);
      await transitionReading(db, viewer, req.params.id, req.body);
      return presentReading(db, links, viewer, req.params.id);
    },
  };
}

/** A reading's photo is read only from a caller who may write readings: a renter, or staff at `meters` ≥ update. */
export const meterUploadGates = ({ db }: Deps): Record<string, UploadGate> => ({
  submitMeterReading: async (req) => {
    const viewer = await metersViewerOf(db, callerOf(req as Req));
    if (viewer.kind === 'staff') requireMeters(viewer, 'update');
    return viewer;
  },
});
