import { count, eq as eqId } from 'drizzle-orm';
import type { Db } from '../db/client';
import { landlords, objects, rooms, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import type { Storage } from '../storage/storage';

export const DEMO_PASSWORD = 'demo1234';

/** One letter on a coloured square: a real image file for the demo centres' logos. */
const logoSvg = (letter: string, colour: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="16" fill="${colour}"/>` +
      `<text x="48" y="64" font-family="Arial" font-size="48" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`,
  );

const demo = [
  {
    landlord: 'ТОО «Mega Center Group»',
    centre: { name: 'ТРЦ «Mega Center»', city: 'Алматы', address: 'ул. Розыбакиева, 247А', colour: '#006396' },
    suffix: '',
    people: { landlord: 'Айгерим Сейткали', employee: 'Нурлан Абенов', renter: 'Дана Жумабекова' },
  },
  {
    landlord: 'ТОО «Keruen City»',
    centre: { name: 'ТРЦ «Keruen»', city: 'Астана', address: 'ул. Достык, 9', colour: '#3ec70b' },
    suffix: '2',
    people: { landlord: 'Ерлан Тулегенов', employee: 'Асель Каримова', renter: 'Тимур Ахметов' },
  },
];

/**
 * Demo data: a superadmin and two landlords, each with a shopping centre, rooms, an employee and a renter.
 * Runs only on an empty database, so a restart never duplicates it.
 */
export async function seedDemo(db: Db, storage: Storage): Promise<string[] | null> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const logins = ['superadmin'];
  await db.transaction(async (tx) => {
    await tx.insert(users).values({ username: 'superadmin', email: 'superadmin@example.kz', fullName: 'Администратор платформы', role: 'superadmin', passwordHash });
    for (const d of demo) {
      const [landlord] = await tx.insert(landlords).values({ name: d.landlord }).returning();
      if (!landlord) throw new Error('landlord not created');
      const [centre] = await tx
        .insert(objects)
        .values({ landlordId: landlord.id, name: d.centre.name, city: d.centre.city, address: d.centre.address, logoKey: null })
        .returning();
      if (!centre) throw new Error('object not created');
      const logoKey = `logos/${centre.id}.svg`;
      await storage.put(logoKey, logoSvg(d.centre.name.replace(/[^A-Za-z]/g, '').charAt(0) || 'M', d.centre.colour));
      await tx.update(objects).set({ logoKey }).where(eqId(objects.id, centre.id));
      const roomRows = await tx
        .insert(rooms)
        .values(
          Array.from({ length: 6 }, (_, i) => ({
            landlordId: landlord.id,
            objectId: centre.id,
            number: `${Math.floor(i / 3) + 1}0${(i % 3) + 1}`,
            floor: Math.floor(i / 3) + 1,
            area: String(40 + i * 15.5),
          })),
        )
        .returning();
      const base = { landlordId: landlord.id, passwordHash };
      const name = (role: string) => `${role}${d.suffix}`;
      await tx.insert(users).values([
        { ...base, username: name('landlord'), email: `${name('landlord')}@example.kz`, fullName: d.people.landlord, role: 'landlord', objectId: centre.id },
        { ...base, username: name('employee'), email: `${name('employee')}@example.kz`, fullName: d.people.employee, role: 'employee', objectId: centre.id },
        { ...base, username: name('renter'), email: `${name('renter')}@example.kz`, fullName: d.people.renter, role: 'renter', roomId: roomRows[0]?.id ?? null },
      ]);
      logins.push(name('landlord'), name('employee'), name('renter'));
    }
  });
  return logins;
}
