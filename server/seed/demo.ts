import { count, eq as eqId } from 'drizzle-orm';
import { almatyToday } from '#/shared/almaty';
import { withCheckDigit } from '#/shared/kz-ids';
import { rentOf, sum } from '#/shared/money';
import { accessModules } from '../auth/levels';
import type { Db } from '../db/client';
import { contractRooms, contracts, employeeAccess, employees, landlords, objects, objectTypes, renters, rooms, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { contractHistory } from '../modules/contracts/workflow';
import { seedViolationTypes } from '../modules/violations/catalogue';
import { formLinkOf } from '../modules/waiting-list/service';
import type { Storage } from '../storage/storage';
import { recordHistory } from '../workflow/history';

export const DEMO_PASSWORD = 'demo1234';

const objectTypeNames = [
  { nameRu: 'Торгово-развлекательный центр', nameKk: 'Сауда-ойын-сауық орталығы', nameEn: 'Shopping and entertainment centre' },
  { nameRu: 'Торговый центр', nameKk: 'Сауда орталығы', nameEn: 'Shopping centre' },
  { nameRu: 'Бизнес-центр', nameKk: 'Бизнес орталығы', nameEn: 'Business centre' },
  { nameRu: 'Рынок', nameKk: 'Базар', nameEn: 'Market' },
];

const colleagues = [
  ['Алия Нурланова', 'Бухгалтерия', 'Бухгалтер'],
  ['Бекзат Омаров', 'Эксплуатация', 'Инженер'],
  ['Гульнара Сапарова', 'Администрация', 'Администратор'],
  ['Данияр Ермеков', 'Эксплуатация', 'Электрик'],
  ['Жанар Кенесова', 'Маркетинг', 'Маркетолог'],
  ['Ильяс Жумагалиев', 'Охрана', 'Начальник охраны'],
  ['Карина Ли', 'Аренда', 'Менеджер по аренде'],
  ['Марат Исаев', 'Эксплуатация', 'Сантехник'],
  ['Назира Бекова', 'Клининг', 'Супервайзер'],
  ['Олжас Тлеубаев', 'ИТ', 'Системный администратор'],
  ['Сауле Ахметова', 'Юридический отдел', 'Юрист'],
  ['Тимур Ким', 'Охрана', 'Охранник'],
] as const;

/** Colleagues without a password yet (they would set one at first login): the list has pages. */
async function seedColleagues(tx: Parameters<Parameters<Db['transaction']>[0]>[0], landlordId: string, suffix: string) {
  for (const [i, [fullName, department, position]] of colleagues.entries()) {
    const username = `staff${suffix}${String(i + 1).padStart(2, '0')}`;
    const [user] = await tx
      .insert(users)
      .values({ landlordId, username, email: `${username}@example.kz`, fullName, role: 'employee' })
      .returning();
    if (!user) throw new Error('demo colleague not created');
    const [employee] = await tx
      .insert(employees)
      .values({
        landlordId,
        userId: user.id,
        fullName,
        department,
        position,
        email: user.email,
        phone: `+7701100${String(i).padStart(4, '0')}`,
      })
      .returning({ id: employees.id });
    if (!employee) throw new Error('demo colleague not created');
    // Colleagues work what they are given: requests and tasks at `executor`.
    await tx.insert(employeeAccess).values((['requests', 'tasks'] as const).map((module) => ({ employeeId: employee.id, module, level: 'executor' as const })));
  }
}

/** One letter on a coloured square: a real image file for the demo centres' logos. */
const logoSvg = (letter: string, colour: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="16" fill="${colour}"/>` +
      `<text x="48" y="64" font-family="Arial" font-size="48" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`,
  );

const demo = [
  {
    landlord: 'ТОО «Mega Center Group»',
    landlordBin: '06044000123',
    landlordPhone: '+77272500247',
    centre: { name: 'ТРЦ «Mega Center»', city: 'Алматы', address: 'ул. Розыбакиева, 247А', colour: '#006396' },
    suffix: '',
    people: { landlord: 'Айгерим Сейткали', employee: 'Нурлан Абенов', renter: 'Дана Жумабекова' },
    renter: { legalName: 'ИП «Dana Fashion»', tradePoint: 'Dana Fashion', category: 'Одежда', bin: '90050140001' },
    lease: { number: 'А-2026/001', rate: '8000.00' },
  },
  {
    landlord: 'ТОО «Keruen City»',
    landlordBin: '07084000456',
    landlordPhone: '+77172550009',
    centre: { name: 'ТРЦ «Keruen»', city: 'Астана', address: 'ул. Достык, 9', colour: '#3ec70b' },
    suffix: '2',
    people: { landlord: 'Ерлан Тулегенов', employee: 'Асель Каримова', renter: 'Тимур Ахметов' },
    renter: { legalName: 'ТОО «Timur Coffee»', tradePoint: 'Timur Coffee', category: 'Кафе', bin: '15040240002' },
    lease: { number: 'А-2026/001', rate: '9500.00' },
  },
];

/** The demo renters' lease date (their cards say it); a demo started before it begins its lease that day. */
const LEASE_DATE = '2026-01-15';

/**
 * The demo renter's signed lease of its unit, as signing would leave it: held rooms, active, its history
 * (created as a draft, then signed by the landlord). It ends in January two years on, so a fresh demo
 * always starts with its units leased, never expiring.
 */
async function seedLease(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  lease: { landlordId: string; renterId: string; objectId: string; room: { id: string; area: string }; number: string; rate: string },
  by: { id: string; fullName: string },
) {
  const today = almatyToday();
  const startsOn = LEASE_DATE < today ? LEASE_DATE : today;
  const endsOn = `${Number(today.slice(0, 4)) + 2}-01-14`;
  const area = sum([lease.room.area]);
  const [row] = await tx
    .insert(contracts)
    .values({
      landlordId: lease.landlordId,
      number: lease.number,
      renterId: lease.renterId,
      objectId: lease.objectId,
      signedOn: startsOn,
      startsOn,
      endsOn,
      area,
      rate: lease.rate,
      monthlyTotal: rentOf(area, lease.rate),
      paymentDay: 5,
      status: 'active',
      createdBy: by.id,
    })
    .returning({ id: contracts.id });
  if (!row) throw new Error('demo lease not created');
  await tx.insert(contractRooms).values({ contractId: row.id, roomId: lease.room.id, landlordId: lease.landlordId, startsOn, endsOn, area, held: true });
  const actor = { userId: by.id, name: by.fullName };
  const now = new Date();
  await recordHistory(tx, contractHistory, row.id, actor, { event: 'contract.created', toStatus: 'draft', createdAt: now });
  await recordHistory(tx, contractHistory, row.id, actor, { event: 'contract.activate', fromStatus: 'draft', toStatus: 'active', createdAt: now });
}

/**
 * Demo data: a superadmin and two landlords, each with a shopping centre, rooms, an employee and a renter
 * holding a signed lease of its unit.
 * Runs only on an empty database, so a restart never duplicates it.
 */
export async function seedDemo(db: Db, storage: Storage): Promise<string[] | null> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const logins = ['superadmin'];
  await db.transaction(async (tx) => {
    const types = await tx.insert(objectTypes).values(objectTypeNames).returning();
    await tx.insert(users).values({
      username: 'superadmin',
      email: 'superadmin@example.kz',
      fullName: 'Администратор платформы',
      role: 'superadmin',
      passwordHash,
    });
    for (const d of demo) {
      // The superadmin's form requires a BIN: the demo's landlords have one, so they are edited as they are.
      const [landlord] = await tx
        .insert(landlords)
        .values({ name: d.landlord, bin: withCheckDigit(d.landlordBin), phone: d.landlordPhone })
        .returning();
      if (!landlord) throw new Error('landlord not created');
      await seedViolationTypes(tx, landlord.id);
      const [centre] = await tx
        .insert(objects)
        .values({
          landlordId: landlord.id,
          typeId: types[0]?.id,
          name: d.centre.name,
          city: d.centre.city,
          address: d.centre.address,
          logoKey: null,
        })
        .returning();
      if (!centre) throw new Error('object not created');
      // A fresh demo lists its centres on /tenants: each has its questionnaire link, as Objects' button makes it.
      await formLinkOf(tx, undefined, centre.id);
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
      const [landlordUser, employeeUser, renterUser] = await tx
        .insert(users)
        .values([
          {
            ...base,
            username: name('landlord'),
            email: `${name('landlord')}@example.kz`,
            fullName: d.people.landlord,
            role: 'landlord',
            objectId: centre.id,
          },
          {
            ...base,
            username: name('employee'),
            email: `${name('employee')}@example.kz`,
            fullName: d.people.employee,
            role: 'employee',
            objectId: centre.id,
          },
          {
            ...base,
            username: name('renter'),
            email: `${name('renter')}@example.kz`,
            fullName: d.people.renter,
            role: 'renter',
            roomId: roomRows[0]?.id ?? null,
          },
        ])
        .returning();
      if (!landlordUser || !employeeUser || !renterUser || !roomRows[0]) throw new Error('demo users not created');
      // The demo employee may do everything but delete (intermediate is the first level that may).
      const [employee] = await tx
        .insert(employees)
        .values({
          landlordId: landlord.id,
          userId: employeeUser.id,
          fullName: d.people.employee,
          position: 'Менеджер по работе с арендаторами',
          department: 'Администрация',
          phone: '+77010000001',
          email: employeeUser.email,
          iin: withCheckDigit('88020230001'),
        })
        .returning();
      if (!employee) throw new Error('demo employee not created');
      await tx.insert(employeeAccess).values(accessModules.map((module) => ({ employeeId: employee.id, module, level: 'creator' as const })));
      await seedColleagues(tx, landlord.id, d.suffix);
      const [renter] = await tx
        .insert(renters)
        .values({
          landlordId: landlord.id,
          userId: renterUser.id,
          roomId: roomRows[0].id,
          legalName: d.renter.legalName,
          binIin: withCheckDigit(d.renter.bin) ?? '',
          tradePointName: d.renter.tradePoint,
          tradeCategory: d.renter.category,
          leaseContractDate: LEASE_DATE,
          tradeArea: roomRows[0].area,
          contactFullName: d.people.renter,
          contactPosition: 'Директор',
          phone: '+77010000002',
          email: renterUser.email ?? '',
          legalAddress: d.centre.address,
        })
        .returning({ id: renters.id });
      if (!renter) throw new Error('demo renter not created');
      await seedLease(
        tx,
        { landlordId: landlord.id, renterId: renter.id, objectId: centre.id, room: roomRows[0], ...d.lease },
        { id: landlordUser.id, fullName: d.people.landlord },
      );
      logins.push(name('landlord'), name('employee'), name('renter'));
    }
  });
  return logins;
}
