import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Locales } from '../../../src/i18n/i18n-types';
import type { Db, Tx } from '../../db/client';
import { employees, landlordRequestTypes, requestTypes } from '../../db/schema';
import { invalidField, notFound } from '../../http/errors';
import type { LL } from '../../http/i18n';
import { nameIn, namesFrom } from '../../http/names';

type TypeRow = typeof requestTypes.$inferSelect;
type TypeInput = components['schemas']['RequestTypeInput'];

/** The contract's request kinds: 12 renters' requests (the default), 13 visitors' requests from the QR page. */
export const RENTER_KIND = 12;
export const VISITOR_KIND = 13;

export function toRequestTypeDto(row: TypeRow, locale: Locales): components['schemas']['RequestType'] {
  return {
    id: row.id,
    kind: row.kind,
    name: nameIn(row, locale),
    code: row.code,
    name_ru: row.nameRu,
    name_kk: row.nameKk,
    name_en: row.nameEn,
    default_resolve_hours: row.defaultResolveHours,
  };
}

export const requestKinds = (ll: LL) => [
  { id: RENTER_KIND, name: ll.requests.kinds.renters() },
  { id: VISITOR_KIND, name: ll.requests.kinds.visitors() },
];

export async function listTypes(db: Db, kind?: number): Promise<TypeRow[]> {
  return db
    .select()
    .from(requestTypes)
    .where(kind === undefined ? undefined : eq(requestTypes.kind, kind))
    .orderBy(asc(requestTypes.kind), asc(requestTypes.sort), asc(requestTypes.nameRu));
}

/** Types of a kind the landlord shows: no settings row means shown (the default). */
export async function shownTypes(db: Db, landlordId: string, kind: number): Promise<TypeRow[]> {
  const rows = await landlordTypeRows(db, landlordId);
  return rows.filter((r) => r.type.kind === kind && r.shown).map((r) => r.type);
}

async function landlordTypeRows(db: Db | Tx, landlordId: string, typeId?: string) {
  const rows = await db
    .select({ type: requestTypes, settings: landlordRequestTypes, employeeName: employees.fullName })
    .from(requestTypes)
    .leftJoin(landlordRequestTypes, and(eq(landlordRequestTypes.typeId, requestTypes.id), eq(landlordRequestTypes.landlordId, landlordId)))
    .leftJoin(employees, eq(employees.id, landlordRequestTypes.responsibleEmployeeId))
    .where(typeId ? eq(requestTypes.id, typeId) : undefined)
    .orderBy(asc(requestTypes.kind), asc(requestTypes.sort), asc(requestTypes.nameRu));
  return rows.map(({ type, settings, employeeName }) => ({
    type,
    shown: settings?.shown ?? true,
    responsibleEmployeeId: settings?.responsibleEmployeeId ?? null,
    responsibleEmployeeName: employeeName,
    resolveHours: settings?.resolveHours ?? type.defaultResolveHours,
  }));
}

/** One type as the landlord has set it up, or undefined for an unknown type. */
export async function landlordType(db: Db | Tx, landlordId: string, typeId: string) {
  const [row] = await landlordTypeRows(db, landlordId, typeId);
  return row;
}

export async function listLandlordTypes(db: Db, landlordId: string, locale: Locales): Promise<components['schemas']['LandlordRequestType'][]> {
  const rows = await landlordTypeRows(db, landlordId);
  return rows.map((r) => ({
    id: r.type.id,
    kind: r.type.kind,
    name: nameIn(r.type, locale),
    show: r.shown ? 1 : 0,
    responsible_employee_id: r.responsibleEmployeeId,
    responsible_employee_name: r.responsibleEmployeeName,
    resolve_hours: r.resolveHours,
  }));
}

/** The list of {id, show} the landlord saves: all of it or nothing (an unknown type answers 404). */
export async function setTypesShown(db: Db, landlordId: string, entries: { id: string; show: 0 | 1 }[]): Promise<void> {
  const ids = [...new Set(entries.map((e) => e.id))];
  if (ids.length === 0) return;
  const known = await db.select({ id: requestTypes.id }).from(requestTypes).where(inArray(requestTypes.id, ids));
  if (known.length !== ids.length) throw notFound();
  await db.transaction(async (tx) => {
    for (const e of entries) {
      await tx
        .insert(landlordRequestTypes)
        .values({ landlordId, typeId: e.id, shown: e.show === 1 })
        .onConflictDoUpdate({ target: [landlordRequestTypes.landlordId, landlordRequestTypes.typeId], set: { shown: e.show === 1 } });
    }
  });
}

export async function updateLandlordType(
  db: Db,
  landlordId: string,
  typeId: string,
  input: { responsible_employee_id?: string | null; resolve_hours?: number },
): Promise<void> {
  if (!(await landlordType(db, landlordId, typeId))) throw notFound();
  const responsible = input.responsible_employee_id;
  if (responsible) {
    const [employee] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.id, responsible), eq(employees.landlordId, landlordId), eq(employees.status, 'active')));
    if (!employee) throw invalidField('responsible_employee_id', (ll) => ll.errors.not_found());
  }
  const set = {
    ...(responsible !== undefined && { responsibleEmployeeId: responsible }),
    ...(input.resolve_hours !== undefined && { resolveHours: input.resolve_hours }),
  };
  await db
    .insert(landlordRequestTypes)
    .values({ landlordId, typeId, ...set })
    .onConflictDoUpdate({
      target: [landlordRequestTypes.landlordId, landlordRequestTypes.typeId],
      set: Object.keys(set).length ? set : { typeId },
    });
}

function columnsOf(input: TypeInput) {
  return {
    ...namesFrom(input),
    kind: input.kind,
    defaultResolveHours: input.default_resolve_hours,
    ...(input.sort !== undefined && { sort: input.sort }),
  };
}

/** The superadmin's own types get a generated code; the seeded ones keep their fixed codes. */
export async function createType(db: Db, input: TypeInput): Promise<TypeRow> {
  const [row] = await db
    .insert(requestTypes)
    .values({ code: `custom_${randomUUID().slice(0, 8)}`, sort: 1000, ...columnsOf(input) })
    .returning();
  if (!row) throw new Error('request type not created');
  return row;
}

export async function updateType(db: Db, id: string, input: TypeInput): Promise<TypeRow> {
  const [row] = await db.update(requestTypes).set(columnsOf(input)).where(eq(requestTypes.id, id)).returning();
  if (!row) throw notFound();
  return row;
}
