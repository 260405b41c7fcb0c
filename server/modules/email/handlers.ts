import { and, eq } from 'drizzle-orm';
import type { NotificationKind } from '#/shared/notification-sentence';
import { deliveries, users } from '../../db/schema';
import type { Deps } from '../../deps';
import type { HandlersOf } from '../../http/contract';
import { notFound } from '../../http/errors';
import { setPreferences } from '../deliveries/preferences';

type Ops = 'getUnsubscribe' | 'unsubscribe';

/** `a***@example.kz`: enough for its owner to know it, too little for anyone holding the link to learn it. */
export const maskedAddress = (email: string) => {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email.slice(0, 1)}***${email.slice(at)}`;
};

/** The unsubscribe link of a notification mail: no sign-in, the signed token is the proof. */
export function emailHandlers({ db, unsubscribe }: Deps): HandlersOf<Ops> {
  const personOf = async (token: string) => {
    const read = unsubscribe.read(token);
    if (!read) throw notFound();
    const [person] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.id, read.userId), eq(users.active, true)));
    if (!person) throw notFound();
    return { ...person, kind: read.kind };
  };
  return {
    async getUnsubscribe(req) {
      const person = await personOf(req.params.token);
      return { kind: person.kind as NotificationKind, address: person.email ? maskedAddress(person.email) : null };
    },
    async unsubscribe(req, reply) {
      const person = await personOf(req.params.token);
      await setPreferences(db, person.id, [{ kind: person.kind, email: false }]);
      await db.delete(deliveries).where(and(eq(deliveries.channel, 'email'), eq(deliveries.userId, person.id), eq(deliveries.kind, person.kind)));
      return reply.status(204).send();
    },
  };
}
