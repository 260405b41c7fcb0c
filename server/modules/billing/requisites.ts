import { eq } from 'drizzle-orm';
import { normalRequisite, type Requisite, requisiteRules } from '#/shared/kz-ids';
import type { Db, Tx } from '../../db/client';
import { billingSettings, landlords } from '../../db/schema';
import { invalidFields } from '../../http/errors';
import type { LL } from '../../http/i18n';

/** The landlord's name and requisites as its invoices and certificates print them ('' where not given). */
export type Requisites = { name: string; bin: string; bank: string; iik: string; bik: string; kbe: string; knp: string };
type Input = Partial<Record<Requisite | 'bank', string>>;

export async function requisitesOf(db: Db | Tx, landlordId: string): Promise<Requisites> {
  const [row] = await db
    .select({ name: landlords.name, bin: landlords.bin, s: billingSettings })
    .from(landlords)
    .leftJoin(billingSettings, eq(billingSettings.landlordId, landlords.id))
    .where(eq(landlords.id, landlordId));
  const s = row?.s;
  return { name: row?.name ?? '', bin: row?.bin ?? '', bank: s?.bank ?? '', iik: s?.iik ?? '', bik: s?.bik ?? '', kbe: s?.kbe ?? '', knp: s?.knp ?? '' };
}

const messages: Record<Requisite, (ll: LL) => string> = {
  bin: (ll) => ll.validation.binIin(),
  iik: (ll) => ll.billingDocs.requisites.errors.iik(),
  bik: (ll) => ll.billingDocs.requisites.errors.bik(),
  kbe: (ll) => ll.billingDocs.requisites.errors.kbe(),
  knp: (ll) => ll.billingDocs.requisites.errors.knp(),
};

/**
 * The requisites of a settings form as they are kept: codes without spaces and in capitals, the bank's name
 * trimmed, '' as null; those absent are left as they are. Every wrong one is refused at once (400 with a
 * message per field), by the same rules as the form's (kz-ids.ts).
 */
export function checkedRequisites(input: Input) {
  const out: Partial<Record<Requisite | 'bank', string | null>> = {};
  const wrong: Record<string, (ll: LL) => string> = {};
  for (const key of Object.keys(requisiteRules) as Requisite[]) {
    const raw = input[key];
    if (raw === undefined) continue;
    const value = normalRequisite(raw);
    if (value && !requisiteRules[key](value)) wrong[key] = messages[key];
    out[key] = value || null;
  }
  if (input.bank !== undefined) out.bank = input.bank.trim() || null;
  if (Object.keys(wrong).length > 0) throw invalidFields(wrong);
  return out;
}

/** The BIN is the landlord's own (landlords.bin), the rest billing settings': written in the caller's transaction. */
export async function saveLandlordBin(tx: Tx, landlordId: string, bin: string | null | undefined) {
  if (bin === undefined) return;
  await tx.update(landlords).set({ bin, updatedAt: new Date() }).where(eq(landlords.id, landlordId));
}
