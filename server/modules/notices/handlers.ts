import type { components } from '../../../src/api/schema';
import { almatyToday } from '../../../src/shared/almaty';
import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { notFound } from '../../http/errors';
import { translatorFor } from '../../http/i18n';
import { pageOf, pageResult } from '../../http/pagination';
import type { UploadGate } from '../../http/uploads';
import { sendXlsx } from '../../http/xlsx-stream';
import { noticeViewerOf, readerLandlord, senderLandlord } from './access';
import { exportEmployeeNotices } from './export';
import { listPickableUsers } from './pickers';
import { extrasOf, filesOfNotice, findNotice, listNotices, toEmployeeNotification, toNotice } from './queries';
import { noticeReach } from './reach';
import { cancelNotice, filesField, listField, readAsRecipient, sendNotice } from './service';

type Ops =
  | 'listAllUsers'
  | 'listEmployeeNotifications'
  | 'sendEmployeeNotification'
  | 'exportEmployeeNotifications'
  | 'getEmployeeNotification'
  | 'listRenterNotices'
  | 'sendRenterNotice'
  | 'getNotice'
  | 'cancelNotice'
  | 'getNoticeReach';
type Req = Parameters<typeof callerOf>[0];
const employeeFields = ['message', 'send_at', 'recipients', 'files'];
const renterFields = ['title', 'message', 'target', 'object_id', 'floor', 'send_at', 'recipients', 'files'];

/** Notices to renters and to employees; who may is in access.ts. */
export function noticeHandlers({ db, storage, links, config }: Deps): HandlersOf<Ops> {
  const viewerOf = (req: Req) => noticeViewerOf(db, callerOf(req));
  const sending = (req: Req & { log: { error(o: object, m: string): void } }) => ({
    inline: config.noticeInlineRecipients,
    onError: (err: unknown) => req.log.error({ err }, 'notice delivery failed'),
  });
  const list = async (req: Req & { query: { page?: number; per_page?: number; search?: string } }, audience: 'renters' | 'employees') => {
    const landlordId = readerLandlord(await viewerOf(req));
    const page = pageOf(req.query, 15);
    const { rows, total } = await listNotices(db, { landlordId, audience, search: req.query.search }, page);
    const extras = await extrasOf(
      db,
      links,
      rows.map((r) => r.id),
    );
    return { rows, total, page, extras };
  };

  return {
    async listAllUsers(req) {
      const landlordId = readerLandlord(await viewerOf(req));
      return listPickableUsers(db, landlordId, req.query);
    },
    async listEmployeeNotifications(req) {
      const { rows, total, page, extras } = await list(req, 'employees');
      return pageResult(
        rows.map((r) => toEmployeeNotification(r, extras(r.id))),
        total,
        page,
      );
    },
    async listRenterNotices(req) {
      const viewer = await viewerOf(req);
      const { rows, total, page, extras } = await list(req, 'renters');
      return pageResult(
        rows.map((r) => toNotice(r, extras(r.id), viewer.maySend && (viewer.user.role === 'landlord' || r.authorUserId === viewer.user.id))),
        total,
        page,
      );
    },
    async sendEmployeeNotification(req, reply) {
      const body = req.body as unknown as Record<string, unknown>;
      const id = await sendNotice(
        db,
        storage,
        await viewerOf(req),
        {
          audience: 'employees',
          message: String(body.message ?? ''),
          target: 'chosen',
          sendAt: body.send_at as string | undefined,
          recipients: listField(body, 'recipients', employeeFields),
        },
        filesField(req.uploads),
        sending(req),
      );
      return reply.status(201).send({ id });
    },
    async sendRenterNotice(req, reply) {
      const body = req.body as components['schemas']['RenterNoticeForm'];
      const id = await sendNotice(
        db,
        storage,
        await viewerOf(req),
        {
          audience: 'renters',
          title: body.title,
          message: body.message,
          target: body.target,
          objectId: body.object_id,
          floor: body.floor,
          sendAt: body.send_at,
          recipients: listField(body as unknown as Record<string, unknown>, 'recipients', renterFields),
        },
        filesField(req.uploads),
        sending(req),
      );
      return reply.status(201).send({ id });
    },
    async exportEmployeeNotifications(req, reply) {
      const landlordId = readerLandlord(await viewerOf(req));
      const stream = await exportEmployeeNotices(db, links, { landlordId, audience: 'employees', search: req.query.search }, translatorFor(req));
      return sendXlsx(reply, stream, `employee-notifications-${almatyToday()}`);
    },
    async getEmployeeNotification(req) {
      const landlordId = readerLandlord(await viewerOf(req));
      const n = await findNotice(db, req.params.id, landlordId);
      if (n?.audience !== 'employees') throw notFound();
      return toEmployeeNotification(n, (await extrasOf(db, links, [n.id]))(n.id));
    },
    async getNotice(req) {
      const viewer = await viewerOf(req);
      const n = await findNotice(db, req.params.id, viewer.landlordId);
      if (!n) throw notFound();
      // A person it was delivered to reads it (and so has read it); a reader of the lists sees it whole.
      const received = await readAsRecipient(db, viewer.user.id, n.id);
      if (viewer.mayRead) {
        const mine = viewer.user.role === 'landlord' || n.authorUserId === viewer.user.id;
        return toNotice(n, (await extrasOf(db, links, [n.id]))(n.id), viewer.maySend && mine);
      }
      if (!received) throw notFound();
      const files = await filesOfNotice(db, links, n.id);
      return toNotice(n, { recipients: [], files, delivered: 0, read: 0 }, false);
    },
    async getNoticeReach(req) {
      return { renters: await noticeReach(db, await viewerOf(req), req.query) };
    },
    async cancelNotice(req, reply) {
      await cancelNotice(db, await viewerOf(req), req.params.id);
      return reply.status(204).send();
    },
  };
}

/** Only a sender's files are read: anyone else is refused before a byte of the body. */
export const noticeUploadGates = ({ db }: Deps): Record<string, UploadGate> => {
  const gate: UploadGate = async (req) => senderLandlord(await noticeViewerOf(db, callerOf(req as unknown as Req)));
  return { sendEmployeeNotification: gate, sendRenterNotice: gate };
};
