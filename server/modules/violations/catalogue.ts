import { and, asc, eq, max } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Locales } from '../../../src/i18n/i18n-types';
import type { Db, Tx } from '../../db/client';
import { violationTypes } from '../../db/schema';
import { notFound } from '../../http/errors';
import { nameIn, namesFrom } from '../../http/names';

type ViolationType = components['schemas']['ViolationType'];

/**
 * The types every landlord starts with (the migration seeds the same list for landlords that existed
 * before violations): the landlord renames, adds and switches them off in its settings.
 */
export const defaultViolationTypes = [
  { code: 'late_opening', nameRu: 'Несвоевременное открытие', nameKk: 'Уақытында ашылмау', nameEn: 'Late opening' },
  { code: 'goods_in_corridor', nameRu: 'Товар в проходе', nameKk: 'Өтпе жолдағы тауар', nameEn: 'Goods in the corridor' },
  { code: 'fire_exit_blocked', nameRu: 'Загромождение пожарного выхода', nameKk: 'Эвакуациялық шығу жолын бөгеу', nameEn: 'Fire exit blocked' },
  { code: 'unapproved_advertising', nameRu: 'Несогласованная реклама', nameKk: 'Келісілмеген жарнама', nameEn: 'Unapproved advertising' },
  { code: 'cleanliness', nameRu: 'Нарушение чистоты', nameKk: 'Тазалықты бұзу', nameEn: 'Untidy premises' },
  { code: 'other', nameRu: 'Другое', nameKk: 'Басқа', nameEn: 'Other' },
] as const;

/** A new landlord's default types, in the transaction that creates it. */
export async function seedViolationTypes(tx: Db | Tx, landlordId: string): Promise<void> {
  await tx
    .insert(violationTypes)
    .values(defaultViolationTypes.map((t, i) => ({ landlordId, ...t, sort: i + 1 })))
    .onConflictDoNothing();
}

export const toViolationType = (row: typeof violationTypes.$inferSelect, locale: Locales): ViolationType => ({
  id: row.id,
  name: nameIn(row, locale),
  name_ru: row.nameRu,
  name_kk: row.nameKk,
  name_en: row.nameEn,
  active: row.active,
});

export async function listViolationTypes(db: Db, landlordId: string, all: boolean) {
  return db
    .select()
    .from(violationTypes)
    .where(and(eq(violationTypes.landlordId, landlordId), all ? undefined : eq(violationTypes.active, true)))
    .orderBy(asc(violationTypes.sort), asc(violationTypes.createdAt), asc(violationTypes.id));
}

/** One type of the landlord (any: a recorded violation keeps a type switched off later), or undefined. */
export async function violationTypeOf(db: Db | Tx, landlordId: string, id: string) {
  const [row] = await db
    .select()
    .from(violationTypes)
    .where(and(eq(violationTypes.landlordId, landlordId), eq(violationTypes.id, id)));
  return row;
}

type Input = components['schemas']['ViolationTypeInput'];

export async function createViolationType(db: Db, landlordId: string, input: Input) {
  const names = namesFrom(input);
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ n: max(violationTypes.sort) })
      .from(violationTypes)
      .where(eq(violationTypes.landlordId, landlordId));
    const [row] = await tx
      .insert(violationTypes)
      .values({ landlordId, ...names, active: input.active ?? true, sort: (last?.n ?? 0) + 1 })
      .returning();
    if (!row) throw new Error('violation type not created');
    return row;
  });
}

export async function updateViolationType(db: Db, landlordId: string, id: string, input: Input) {
  const names = namesFrom(input);
  const [row] = await db
    .update(violationTypes)
    .set({ ...names, ...(input.active !== undefined && { active: input.active }) })
    .where(and(eq(violationTypes.landlordId, landlordId), eq(violationTypes.id, id)))
    .returning();
  if (!row) throw notFound();
  return row;
}
