import type { components } from '../api/schema';
import type { AccessAction, AccessModule } from './access-levels';
import { allows, type Rule, type Viewer } from './permissions';

// Who may import what, apart from the imports' queries: the route table (every first screen) reads it.
export type ImportEntity = components['schemas']['ImportEntity'];

/** The contract's ImportEntity enum, in its order. */
export const importEntities = [
  'tenants',
  'units',
  'employees',
  'leases',
  'bank_statement',
  'meters',
  'meter_readings',
] as const satisfies readonly ImportEntity[];

/**
 * Who may import each entity, as the server's imports access says: the landlord always; an employee
 * whose level in the entity's register allows creating (editing, for readings a file overwrites); an
 * entity with no register grant is the landlord's.
 */
const registerOf: Record<ImportEntity, AccessModule | null | { module: AccessModule; action: AccessAction }> = {
  tenants: 'renters',
  units: null,
  employees: 'employees',
  leases: 'contracts',
  bank_statement: 'billing',
  meters: 'meters',
  meter_readings: { module: 'meters', action: 'update' },
};
const landlordOnly: Rule = { roles: ['landlord'] };
export const importRuleOf = (entity: ImportEntity): Rule => {
  const register = registerOf[entity];
  if (!register) return landlordOnly;
  const { module, action } = typeof register === 'string' ? { module: register, action: 'create' as const } : register;
  return { roles: ['landlord', 'employee'], module, action };
};
/** The import screens: whoever may import at least one entity (the history lists those it may). */
export const importScreenRule: Rule = { roles: ['landlord', 'employee'], anyOf: importEntities.map(importRuleOf) };

/** Entities of their own file format (the server's entity `format`): the bank's file itself, no template to fill. */
export const ownFormatEntities: readonly ImportEntity[] = ['bank_statement'];

/** The entities the viewer may import, in the contract's order: the choices of the import page. */
export const importableBy = (viewer: Viewer): ImportEntity[] => importEntities.filter((e) => allows(viewer, importRuleOf(e)));

/** An entity named in the address, when it is one the viewer may import; else the first it may. */
export function entityOf(value: string | null, allowed: readonly ImportEntity[]): ImportEntity | undefined {
  return allowed.find((e) => e === value) ?? allowed[0];
}
