import { and, eq } from 'drizzle-orm';
import { fcmTokens } from '../../db/schema';
import type { Deps } from '../../deps';
import type { HandlersOf } from '../../http/contract';
import { notFound, unauthorized } from '../../http/errors';
import { employeeLevel } from '../access/authorize';
import { getLandlordSummary, presentUser } from './queries';

export function userHandlers({ db, storage }: Deps): HandlersOf<'getCurrentUser' | 'getUserLandlord' | 'checkBidAccess' | 'saveFcmToken' | 'deleteFcmToken'> {
  return {
    async getCurrentUser(req) {
      const user = req.user && (await presentUser(db, storage, req.user.id));
      if (!user) throw unauthorized();
      return user;
    },
    async getUserLandlord(req) {
      const landlord = req.user?.landlordId && (await getLandlordSummary(db, req.user.landlordId));
      if (!landlord) throw notFound();
      return landlord;
    },
    // Spec §6: only an employee is checked; it has the requests module unless its level there is none.
    async checkBidAccess(req) {
      if (!req.user) throw unauthorized();
      if (req.user.role !== 'employee') return { has_access: true };
      return { has_access: (await employeeLevel(db, req.user.id, 'requests')) !== 'none' };
    },
    async saveFcmToken(req, reply) {
      if (!req.user) throw unauthorized();
      await db.insert(fcmTokens).values({ userId: req.user.id, token: req.body.fcm_token }).onConflictDoNothing();
      return reply.status(204).send();
    },
    async deleteFcmToken(req, reply) {
      if (!req.user) throw unauthorized();
      await db.delete(fcmTokens).where(and(eq(fcmTokens.userId, req.user.id), eq(fcmTokens.token, req.body.fcm_token)));
      return reply.status(204).send();
    },
  };
}
