import { eq } from 'drizzle-orm';
import { createSession, revokeUserAccess } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { translatorIn } from '../../http/i18n';
import type { Mailer } from '../../mail/mailer';
import { findUserByLogin } from '../users/queries';
import { consumePasswordToken, findLivePasswordToken, issuePasswordToken } from './password-tokens';
import { dummyHashPromise, hashPassword, verifyPassword } from './passwords';

/**
 * Every attempt costs one scrypt, against a dummy hash when there is no password to compare (unknown
 * user, first sign-in still pending), so the time tells nothing. The two texts the customer asked for
 * (no such user, wrong password) stay; whether the account is disabled is said only to whoever
 * proved its password, and an account without one is answered like a wrong password.
 */
export async function login(db: Db, input: { username: string; password: string; remember?: boolean }) {
  const user = await findUserByLogin(db, input.username);
  const verified = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHashPromise));
  if (!user) throw new AppError(401, 'user_not_found', { username: (ll) => ll.errors.user_not_found() });
  if (!verified || !user.passwordHash) throw new AppError(401, 'wrong_password', { password: (ll) => ll.errors.wrong_password() });
  if (!user.active) throw new AppError(403, 'account_disabled');
  const session = await createSession(db, user.id, input.remember ?? false);
  return { userId: user.id, ...session };
}

/**
 * Mails a one-time link in the recipient's language, whoever asked for it (a reset from any browser, an
 * invitation from a landlord working in another); the answer never tells whether the user exists.
 */
export async function restorePassword(db: Db, mailer: Mailer, publicUrl: string, login: string) {
  const user = await findUserByLogin(db, login);
  if (!user?.email || !user.active) return;
  const ll = translatorIn(user.language);
  const purpose = user.passwordHash ? 'reset' : 'first_login';
  const token = await issuePasswordToken(db, user.id, purpose);
  const path = purpose === 'reset' ? 'refresh-password' : 'first-login';
  const link = `${publicUrl}/auth/${path}?token=${encodeURIComponent(token)}`;
  // The texts name the links' lifetimes (password-tokens.ts: an hour, a week).
  const text =
    purpose === 'reset' ? ll.mail.resetText({ name: user.fullName, link }) : ll.mail.firstLoginText({ name: user.fullName, username: user.username, link });
  await mailer.send({ to: user.email, subject: ll.mail.resetSubject(), text });
}

export async function checkPasswordToken(db: Db, token: string) {
  const row = await findLivePasswordToken(db, token);
  if (!row) throw new AppError(404, 'token_invalid');
  return row;
}

export async function setPassword(db: Db, token: string, password: string) {
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const used = await consumePasswordToken(tx, token);
    if (!used) throw new AppError(400, 'token_invalid');
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, used.userId));
    await revokeUserAccess(tx, used.userId);
  });
}

export async function changePassword(db: Db, userId: string, sessionId: string, current: string, next: string) {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user?.passwordHash || !(await verifyPassword(current, user.passwordHash))) {
    throw new AppError(400, 'current_password_wrong', { current_password: (ll) => ll.errors.current_password_wrong() });
  }
  const hash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, userId));
    await revokeUserAccess(tx, userId, sessionId);
  });
}
