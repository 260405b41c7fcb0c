import { eq } from 'drizzle-orm';
import { toAlmatyInput } from '#/shared/almaty';
import { contractors, users } from '#server/db/schema';
import type { Harness } from './api-harness';

/** A deadline `hours` from now, as the API takes it. */
export const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** The datetime-local value of tomorrow, as Almaty (UTC+5) reads it: what a user types in the deadline field. */
export const tomorrowInAlmaty = () => toAlmatyInput(Date.now() + 86_400_000);

export async function userIdOf(h: Harness, username: string): Promise<string> {
  const [u] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!u) throw new Error(`no user ${username}`);
  return u.id;
}

/** An active contractor of `landlord`'s landlord, straight in the database (its register is another module). */
export async function contractorOf(h: Pick<Harness, 'db'>, landlord: string): Promise<string> {
  const [u] = await h.db.select({ landlordId: users.landlordId }).from(users).where(eq(users.username, landlord));
  const [c] = await h.db
    .insert(contractors)
    .values({
      landlordId: u?.landlordId as string,
      name: 'ТОО «Подрядчик»',
      bin: '000000000000',
      services: 'Ремонт',
      contactName: 'Иван',
      phone: '+77010000000',
      email: 'c@example.kz',
    })
    .returning({ id: contractors.id });
  return c?.id as string;
}

export type TaskBody = {
  id: string;
  status: string;
  history: { event: string; actor_name: string }[];
  actions: string[];
  files: unknown[];
  [k: string]: unknown;
};

export async function createTask(h: Harness, token: string, body: Record<string, unknown>): Promise<TaskBody> {
  const res = await h.api('/tasks', { token, body: { title: 'Проверить витрину', deadline_at: inHours(48), ...body } });
  if (res.status !== 201) throw new Error(`create task: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as TaskBody;
}
