import { and, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Locales } from '#/i18n/i18n-types';
import { INSTAGRAM_PATTERN, isHttpUrl } from '#/shared/web-links';
import type { Db } from '../../../db/client';
import { renters, users } from '../../../db/schema';
import { renterFields } from '../../renters/queries';
import { insertRenters, updateRenter } from '../../renters/service';
import type { Value } from '../cells';
import { queueInvitations } from '../invitations';
import { defineEntity, type Problem, textsOf } from '../kit';
import { loadPlaces, objectNames, objectOf, type Places, roomIn } from './places';

type RenterInput = components['schemas']['RenterInput'];
type Existing = { id: string; roomId: string; values: Record<string, string | null> };
type Ctx = { places: Places; byBin: Map<string, Existing[]>; taken: Set<string> };
type Plan = { id?: string; input: RenterInput; username?: string; language?: Locales };

/** The renter columns a row compares with what is stored: a re-import of the same file changes nothing. */
const compared = [
  ['legal_name', 'legalName'],
  ['trade_point_name', 'tradePointName'],
  ['trade_category', 'tradeCategory'],
  ['lease_contract_date', 'leaseContractDate'],
  ['contact_full_name', 'contactFullName'],
  ['contact_position', 'contactPosition'],
  ['phone', 'phone'],
  ['email', 'email'],
  ['instagram', 'instagram'],
  ['website', 'website'],
  ['legal_address', 'legalAddress'],
] as const;

const text = (v: Value | undefined) => (v === null || v === undefined ? '' : String(v));

/**
 * Tenants (the renters register), found by BIN/IIN among the landlord's active renters. A new one gets
 * its login as the form makes it: the username given, or the BIN/IIN; its first-login mail goes only when
 * the commit asks for it.
 */
export const tenantsEntity = defineEntity<Ctx, Plan>({
  entity: 'tenants',
  access: 'renters',
  key: ['bin_iin'],
  columns: [
    {
      key: 'bin_iin',
      kind: 'bin',
      required: true,
      label: (ll) => ll.renters.fields.bin_iin(),
      example: '190440900018',
      note: (ll) => ll.imports.formats.key(),
    },
    { key: 'legal_name', kind: 'text', required: true, max: 200, label: (ll) => ll.renters.fields.legal_name(), example: 'ТОО «Арман»' },
    { key: 'trade_point_name', kind: 'text', required: true, max: 200, label: (ll) => ll.renters.fields.trade_point_name(), example: 'Arman Shoes' },
    { key: 'trade_category', kind: 'text', required: true, max: 200, label: (ll) => ll.renters.fields.trade_category(), example: 'Обувь' },
    { key: 'object', kind: 'text', required: true, max: 200, label: (ll) => ll.renters.fields.object(), example: 'ТРЦ Mega' },
    { key: 'room_number', kind: 'text', required: true, max: 50, label: (ll) => ll.renters.fields.room_number(), example: '101' },
    { key: 'lease_contract_date', kind: 'date', required: true, label: (ll) => ll.renters.fields.lease_contract_date(), example: '01.03.2026' },
    { key: 'trade_area', kind: 'decimal', required: true, label: (ll) => ll.renters.fields.trade_area(), example: '42.5' },
    { key: 'contact_full_name', kind: 'text', required: true, max: 200, label: (ll) => ll.renters.fields.contact_full_name(), example: 'Айдар Серикбаев' },
    { key: 'contact_position', kind: 'text', required: true, max: 200, label: (ll) => ll.renters.fields.contact_position(), example: 'Директор' },
    { key: 'phone', kind: 'phone', required: true, label: (ll) => ll.renters.fields.phone(), example: '+77071234567' },
    { key: 'email', kind: 'email', required: true, label: (ll) => ll.renters.fields.email(), example: 'arman@example.kz' },
    { key: 'instagram', kind: 'text', required: false, max: 200, label: (ll) => ll.renters.fields.instagram(), example: '@arman.shoes' },
    { key: 'website', kind: 'text', required: false, max: 300, label: (ll) => ll.renters.fields.website(), example: 'https://arman.kz' },
    { key: 'legal_address', kind: 'text', required: true, max: 500, label: (ll) => ll.renters.fields.legal_address(), example: 'Алматы, ул. Абая, 1' },
    { key: 'username', kind: 'username', required: false, label: (ll) => ll.renters.fields.username(), example: 'arman.shoes' },
    { key: 'language', kind: 'choice', required: false, values: ['ru', 'kk', 'en'], label: (ll) => ll.imports.columns.language(), example: 'ru' },
  ],
  choices: async (db: Db, landlordId: string) => ({ object: await objectNames(db, landlordId) }),
  async load(db, landlordId, rows) {
    const places = await loadPlaces(db, landlordId, rows);
    const bins = textsOf(rows, 'bin_iin');
    const found = bins.length
      ? await db
          .select({ id: renters.id, roomId: renters.roomId, ...renterFields })
          .from(renters)
          .where(and(eq(renters.landlordId, landlordId), eq(renters.status, 'active'), inArray(renters.binIin, bins)))
      : [];
    const byBin = new Map<string, Existing[]>();
    for (const { id, roomId, binIin, ...values } of found) byBin.set(binIin, [...(byBin.get(binIin) ?? []), { id, roomId, values }]);
    // Usernames a new tenant would take: the file's, or the BIN/IIN; a taken one (any landlord's, any case) is the row's error.
    const wanted = [...new Set(rows.map((r) => text(r.values.username ?? r.values.bin_iin).toLowerCase()).filter(Boolean))];
    const takenRows = wanted.length
      ? await db
          .select({ username: sql<string>`lower(${users.username})` })
          .from(users)
          .where(inArray(sql`lower(${users.username})`, wanted))
      : [];
    return { places, byBin, taken: new Set(takenRows.map((r) => r.username)) };
  },
  resolve(ctx, v, locale) {
    const problems: Problem[] = [];
    const object = objectOf(ctx.places, v.object ?? null, 'object');
    let roomId: string | undefined;
    if ('problem' in object) problems.push(object.problem);
    else {
      roomId = roomIn(ctx.places, object.id, v.room_number ?? null)?.id;
      if (!roomId) problems.push({ column: 'room_number', code: 'roomNotFound', params: { number: text(v.room_number), object: text(v.object) } });
    }
    // The form's own rules (renters/service.ts), said per row.
    const instagram = text(v.instagram);
    if (instagram && !INSTAGRAM_PATTERN.test(instagram)) problems.push({ column: 'instagram', message: (ll) => ll.validation.instagram() });
    const website = text(v.website);
    if (website && !isHttpUrl(website)) problems.push({ column: 'website', message: (ll) => ll.validation.url() });
    const bin = text(v.bin_iin);
    const existing = ctx.byBin.get(bin) ?? [];
    if (existing.length > 1) problems.push({ column: 'bin_iin', code: 'ambiguous' });
    if (problems.length > 0 || !roomId) return { kind: 'wrong', problems };
    const input: RenterInput = {
      legal_name: text(v.legal_name),
      bin_iin: bin,
      trade_point_name: text(v.trade_point_name),
      trade_category: text(v.trade_category),
      room_id: roomId,
      lease_contract_date: text(v.lease_contract_date),
      trade_area: Number(v.trade_area),
      contact_full_name: text(v.contact_full_name),
      contact_position: text(v.contact_position),
      phone: text(v.phone),
      email: text(v.email),
      instagram: instagram || undefined,
      website: website || undefined,
      legal_address: text(v.legal_address),
    };
    const current = existing[0];
    if (current) {
      const same =
        current.roomId === roomId &&
        Number(current.values.tradeArea).toFixed(2) === input.trade_area.toFixed(2) &&
        compared.every(([key, column]) => text(v[key]) === (current.values[column] ?? ''));
      return { kind: same ? 'unchanged' : 'changed', plan: { id: current.id, input } };
    }
    const username = text(v.username) || bin;
    if (ctx.taken.has(username.toLowerCase())) return { kind: 'wrong', problems: [{ column: 'username', code: 'usernameTaken' }] };
    ctx.taken.add(username.toLowerCase());
    const language = (v.language as Locales | null) ?? locale;
    return { kind: 'new', plan: { input, username, language } };
  },
  async write(tx, landlordId, plan) {
    // A changed tenant through the register's own update (the form's checks), inside the import's
    // transaction; new ones are written together by writeNew.
    if (!plan.id) throw new Error('a new tenant is written by writeNew');
    await updateRenter(tx, eq(renters.landlordId, landlordId), plan.id, plan.input);
  },
  async writeNew(tx, landlordId, plans, source) {
    const userIds = await insertRenters(
      tx,
      landlordId,
      plans.map((plan) => ({ ...plan.input, username: plan.username ?? plan.input.bin_iin, language: plan.language ?? 'ru' })),
    );
    // Asked for: each new tenant's first-login mail, queued with the commit (all or nothing) and paced by the job.
    if (source.invite) await queueInvitations(tx, source.importId, userIds);
  },
});
