import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { employees, notifications, objects, renters, users } from '#server/db/schema';
import type { Harness } from './api-harness';

export type Field = [string, string | { data: Buffer; name: string; type?: string }];

/** Multipart POST with repeated and indexed fields (recipients[0], files[1], ...), as the SPA sends them. */
export async function send(h: Harness, token: string, apiPath: string, fields: Field[]) {
  const form = new FormData();
  for (const [key, value] of fields) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/pdf' }), value.name);
  }
  const res = await fetch(`${h.baseUrl}/api${apiPath}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

/**
 * The notices suites' world on one database: the demo's logins and ids, a second centre, the landlord's
 * active staff, and helpers that read inboxes and the rows a notice wrote. Registers its beforeAll.
 */
export function noticeFixture(h: Harness) {
  const t = { landlord: '', employee: '', renter: '', landlord2: '', renter2: '', superadmin: '' };
  const ids = { landlord: '', employee: '', renter: '', renter2: '', landlordId: '', object: '', object2: '' };
  const staff: Array<{ id: string; username: string }> = [];

  const userId = async (username: string) => {
    const [u] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!u) throw new Error(`no user ${username}`);
    return u.id;
  };
  const inboxOf = async (token: string) =>
    (await h.api('/notifications/inbox', { token })).body.data as Array<{ kind: string; params: { title: string }; subject: { type: string; id: string } }>;
  const unread = async (token: string) => (await h.api('/user/count-unread', { token })).body.count as number;
  const told = async (noticeId: string) =>
    (
      await h.db
        .select({ to: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.subjectType, 'notice'), eq(notifications.subjectId, noticeId)))
    )
      .map((r) => r.to)
      .sort();
  const storedFiles = async (noticeId: string) => (await readdir(path.join(h.config.storageDir, 'notices', noticeId)).catch(() => [] as string[])).length;

  /** `n` renters with logins (the demo's password) in one room, written in bulk; their user ids. */
  async function addRenters(n: number, roomId: string, active = true): Promise<string[]> {
    const [pw] = await h.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'renter'));
    const tag = randomUUID().slice(0, 8);
    const made = await h.db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          landlordId: ids.landlordId,
          username: `r${tag}${i}`,
          fullName: `Renter ${i}`,
          role: 'renter' as const,
          passwordHash: pw?.hash,
          roomId,
        })),
      )
      .returning({ id: users.id });
    await h.db.insert(renters).values(
      made.map((u, i) => ({
        landlordId: ids.landlordId,
        userId: u.id,
        roomId,
        legalName: `ТОО «Shop ${tag} ${i}»`,
        binIin: '000000000000',
        tradePointName: `Shop ${tag} ${i}`,
        tradeCategory: 'Одежда',
        leaseContractDate: '2026-01-01',
        tradeArea: '10',
        contactFullName: 'Контакт',
        contactPosition: 'Директор',
        phone: '+77010000000',
        email: `r${tag}${i}@example.kz`,
        legalAddress: 'Алматы',
        status: active ? ('active' as const) : ('deleted' as const),
      })),
    );
    return made.map((u) => u.id);
  }

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    for (const name of ['landlord', 'employee', 'renter', 'renter2'] as const) ids[name] = await userId(name);
    const [centre] = await h.db
      .select({ id: objects.id, landlordId: objects.landlordId })
      .from(objects)
      .innerJoin(users, eq(users.objectId, objects.id))
      .where(eq(users.username, 'landlord'));
    ids.object = centre?.id ?? '';
    ids.landlordId = centre?.landlordId ?? '';
    const [other] = await h.db
      .insert(objects)
      .values({ landlordId: ids.landlordId, name: 'Второй центр', city: 'Алматы', address: 'ул. Абая, 1' })
      .returning({ id: objects.id });
    ids.object2 = other?.id ?? '';
    const found = await h.db
      .select({ id: users.id, username: users.username })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(and(eq(employees.landlordId, ids.landlordId), eq(employees.status, 'active')))
      .orderBy(users.username);
    staff.push(...found);
  });

  return { t, ids, staff, userId, inboxOf, unread, told, storedFiles, addRenters };
}
