import { objects, rooms } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf, landlordForWrite, requireRole, scopeTo } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { invalidField, notFound } from '../../http/errors';
import { localeOf } from '../../http/i18n';
import { pageOf, pageResult } from '../../http/pagination';
import { type UploadGate, uploadOf } from '../../http/uploads';
import { findObject, findRoom, listObjects, listRooms, toObjectDto, toRoomDto } from './queries';
import { createRoom, deleteRoom, updateRoom } from './rooms';
import { createObject, deleteObject, removeLogo, replaceLogo, updateObject } from './service';

type Ops =
  | 'listObjects'
  | 'createObject'
  | 'getObject'
  | 'updateObject'
  | 'deleteObject'
  | 'uploadObjectLogo'
  | 'deleteObjectLogo'
  | 'listRooms'
  | 'createRoom'
  | 'updateRoom'
  | 'deleteRoom';
type Req = Parameters<typeof callerOf>[0] & Parameters<typeof localeOf>[0];

/**
 * Objects (shopping centres) and their rooms: the landlord keeps its own, the superadmin every
 * landlord's; the landlord's employees read them (they need them in renters, requests, tasks).
 */
export function objectHandlers({ db, storage }: Deps): HandlersOf<Ops> {
  const access = (req: Req, action: 'read' | 'write') => {
    const user = callerOf(req);
    if (action === 'read') requireRole(user, 'superadmin', 'landlord', 'employee');
    else requireRole(user, 'superadmin', 'landlord');
    return { user, scope: scopeTo(user, objects.landlordId) };
  };
  const objectIn = async (req: Req, id: string, action: 'read' | 'write') => {
    const row = await findObject(db, access(req, action).scope, id);
    if (!row) throw notFound();
    return row;
  };
  const present = async (req: Req, id: string) => toObjectDto(storage, localeOf(req), await objectIn(req, id, 'read'));
  const roomIn = async (req: Req, id: string) => {
    const user = callerOf(req);
    requireRole(user, 'superadmin', 'landlord');
    const room = await findRoom(db, scopeTo(user, rooms.landlordId), id);
    if (!room) throw notFound();
    return room;
  };
  const presentRoom = async (req: Req, id: string) => toRoomDto(await roomIn(req, id));

  return {
    async listObjects(req) {
      const { user, scope } = access(req, 'read');
      const page = pageOf(req.query, 20);
      const landlordId = user.role === 'superadmin' ? req.query.landlord_id : undefined;
      const { rows, total } = await listObjects(db, { scope, search: req.query.search, landlordId }, req.query.sort ?? 'name', page);
      return pageResult(
        rows.map((r) => toObjectDto(storage, localeOf(req), r)),
        total,
        page,
      );
    },
    async createObject(req, reply) {
      const { user } = access(req, 'write');
      if (user.role === 'superadmin' && !req.body.landlord_id) {
        throw invalidField('landlord_id', (ll) => ll.validation.required());
      }
      const { landlord_id: _, ...input } = req.body;
      const id = await createObject(db, landlordForWrite(user, req.body.landlord_id), input);
      return reply.status(201).send(await present(req, id));
    },
    async getObject(req) {
      return present(req, req.params.id);
    },
    async updateObject(req) {
      await objectIn(req, req.params.id, 'write');
      await updateObject(db, req.params.id, req.body);
      return present(req, req.params.id);
    },
    async deleteObject(req, reply) {
      const row = await objectIn(req, req.params.id, 'write');
      await deleteObject(db, storage, row.object);
      return reply.status(204).send();
    },
    async uploadObjectLogo(req) {
      await objectIn(req, req.params.id, 'write');
      await replaceLogo(db, storage, req.params.id, uploadOf(req, 'logo'));
      return present(req, req.params.id);
    },
    async deleteObjectLogo(req) {
      await objectIn(req, req.params.id, 'write');
      await removeLogo(db, storage, req.params.id);
      return present(req, req.params.id);
    },
    async listRooms(req) {
      await objectIn(req, req.params.id, 'read');
      return listRooms(db, req.params.id);
    },
    async createRoom(req, reply) {
      const { object } = await objectIn(req, req.params.id, 'write');
      const id = await createRoom(db, object, req.body);
      return reply.status(201).send(await presentRoom(req, id));
    },
    async updateRoom(req) {
      const room = await roomIn(req, req.params.id);
      await updateRoom(db, room, req.body);
      return presentRoom(req, room.id);
    },
    async deleteRoom(req, reply) {
      await deleteRoom(db, (await roomIn(req, req.params.id)).id);
      return reply.status(204).send();
    },
  };
}

/** A logo is read only for a caller who may change this object (the landlord of it, or the superadmin). */
export const objectUploadGates = ({ db }: Deps): Record<string, UploadGate> => ({
  uploadObjectLogo: async (req) => {
    const user = callerOf(req);
    requireRole(user, 'superadmin', 'landlord');
    if (!(await findObject(db, scopeTo(user, objects.landlordId), (req.params as { id: string }).id))) throw notFound();
  },
});
