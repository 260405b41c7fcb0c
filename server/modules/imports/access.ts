import { may } from '../../auth/authorize';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { forbidden } from '../../http/errors';
import { entities } from './entities';
import type { ImportEntity } from './kit';

/** An importer: someone of a landlord, so every import and every row it writes is that landlord's. */
export type Importer = { user: AuthedUser; landlordId: string; name: string };

/**
 * Who may import an entity: the landlord, and an employee whose level in the entity's register allows
 * creating (tenants: `renters`), or editing where a file overwrites what is there (meter readings); an
 * entity without a register grant (units) is the landlord's only.
 * Renters and the superadmin (who belongs to no landlord) never import.
 */
export async function mayImport(db: Db, user: AuthedUser, entity: ImportEntity): Promise<boolean> {
  if (!user.landlordId) return false;
  if (user.role === 'landlord') return true;
  const { access: module, action = 'create' } = entities[entity];
  return user.role === 'employee' && module !== null && (await may(db, user, module, action));
}

export async function requireImporter(db: Db, user: AuthedUser, entity: ImportEntity): Promise<Importer> {
  if (!user.landlordId || !(await mayImport(db, user, entity))) throw forbidden();
  return { user, landlordId: user.landlordId, name: user.fullName };
}

/** The entities the caller may import: what the history lists (403 when none). */
export async function importableBy(db: Db, user: AuthedUser): Promise<ImportEntity[]> {
  const all = Object.keys(entities) as ImportEntity[];
  const allowed: ImportEntity[] = [];
  for (const entity of all) if (await mayImport(db, user, entity)) allowed.push(entity);
  if (allowed.length === 0 || !user.landlordId) throw forbidden();
  return allowed;
}
