import type { components } from '../api/schema';

export type AccessLevel = components['schemas']['AccessLevel'];
export type AccessModule = components['schemas']['AccessModule'];
export type AccessAction = 'read' | 'create' | 'update' | 'delete';

/** Access levels, weakest first (the contract's AccessLevel enum, in its order). */
export const accessLevelOrder: readonly AccessLevel[] = ['none', 'view', 'executor', 'employee', 'creator', 'intermediate', 'main'];

/**
 * What each level allows (also in openapi.yaml, tag settings): none — nothing; view — read and export;
 * executor — view, and act on what is assigned to them; employee — executor, and create; creator —
 * employee, and edit; intermediate — creator, and delete/restore; main — everything in the module.
 * The server decides with this; the SPA uses it only to offer what the server will allow.
 */
const minimumFor: Record<AccessAction, AccessLevel> = {
  read: 'view',
  create: 'employee',
  update: 'creator',
  delete: 'intermediate',
};

export const atLeastLevel = (level: AccessLevel, min: AccessLevel) => accessLevelOrder.indexOf(level) >= accessLevelOrder.indexOf(min);

export function levelAllows(level: AccessLevel, action: AccessAction): boolean {
  return atLeastLevel(level, minimumFor[action]);
}
