import { and, eq, ne } from 'drizzle-orm';
import { employeeLevel } from '../../auth/authorize';
import { fcmTokens, users } from '../../db/schema';
import type { Deps } from '../../deps';
import type { HandlersOf } from '../../http/contract';
import { notFound, unauthorized } from '../../http/errors';
import { getLandlordSummary, presentUser } from './queries';

export function userHandlers({
  db,
  storage,
}: Deps): HandlersOf<'getCurrentUser' | 'setUserLanguage' | 'getUserLandlord' | 'checkBidAccess' | 'saveFcmToken' | 'deleteFcmToken'> {
  return {
    async getCurrentUser(req) {
      const user = req.user && (await presentUser(db, storage, req.user.id));
      if (!user) throw unauthorized();
      return user;
    },
    // The language switch: the person's own language only, so there is no one else's to name.
    async setUserLanguage(req, reply) {
      if (!req.user) throw unauthorized();
      await db.update(users).set({ language: req.body.language }).where(eq(users.id, req.user.id));
      return reply.status(204).send();
    },
    async getUserLandlord(req) {
      const landlord = req.user?.landlordId && (await getLandlordSummary(db, req.user.landlordId));
      if (!landlord) throw notFound();
      return landlord;
    },
    // Bid access: only an employee is checked; it has the requests module unless its level there is none.
    async checkBidAccess(req) {
      if (!req.user) throw unauthorized();
      if (req.user.role !== 'employee') return { has_access: true };
      return { has_access: (await employeeLevel(db, req.user.id, 'requests')) !== 'none' };
    },
    async saveFcmToken(req, reply) {
      if (!req.user) throw unauthorized();
      const { id: userId, sessionId } = req.user;
      const token = req.body.fcm_token;
      // A token is one browser: whoever registered it last gets its pushes (the previous user of a
      // shared computer no longer does), in that user's language (users.language), while this session lives.
      await db.transaction(async (tx) => {
        await tx.delete(fcmTokens).where(and(eq(fcmTokens.token, token), ne(fcmTokens.userId, userId)));
        await tx
          .insert(fcmTokens)
          .values({ userId, token, sessionId })
          .onConflictDoUpdate({ target: [fcmTokens.userId, fcmTokens.token], set: { sessionId } });
      });
      return reply.status(204).send();
    },
    async deleteFcmToken(req, reply) {
      if (!req.user) throw unauthorized();
      await db.delete(fcmTokens).where(and(eq(fcmTokens.userId, req.user.id), eq(fcmTokens.token, req.body.fcm_token)));
      return reply.status(204).send();
    },
  };
}
