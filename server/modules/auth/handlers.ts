import { revokeSession } from '../../auth/sessions';
import type { Deps } from '../../deps';
import { afterResponse } from '../../http/after-response';
import type { HandlersOf } from '../../http/contract';
import { unauthorized } from '../../http/errors';
import { presentUser } from '../users/queries';
import * as auth from './service';

export function authHandlers({
  db,
  mailer,
  storage,
  config,
  devices,
}: Deps): HandlersOf<'login' | 'logout' | 'restorePassword' | 'checkPasswordToken' | 'setPassword' | 'changePassword'> {
  return {
    async login(req, reply) {
      const session = await auth.login(db, req.body);
      const user = await presentUser(db, storage, session.userId);
      if (!user) throw unauthorized();
      // This browser has now proved this login: its next sign-ins pass the per-address limit (http/device-cookie.ts).
      devices.issue(req, reply);
      return { token: session.token, expires_at: session.expiresAt.toISOString(), user };
    },
    async logout(req, reply) {
      if (!req.user) throw unauthorized();
      await revokeSession(db, req.user.sessionId);
      return reply.status(204).send();
    },
    async restorePassword(req, reply) {
      // Answered first, the same for every login: finding the user, the token and the mail come after.
      const login = req.body.login;
      afterResponse(reply, () => auth.restorePassword(db, mailer, config.publicUrl, login));
      return reply.status(202).send();
    },
    async checkPasswordToken(req) {
      return auth.checkPasswordToken(db, req.params.token);
    },
    async setPassword(req, reply) {
      await auth.setPassword(db, req.body.token, req.body.password);
      return reply.status(204).send();
    },
    async changePassword(req, reply) {
      if (!req.user) throw unauthorized();
      await auth.changePassword(db, req.user.id, req.user.sessionId, req.body.current_password, req.body.new_password);
      return reply.status(204).send();
    },
  };
}
