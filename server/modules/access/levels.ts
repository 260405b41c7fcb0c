import { accessLevelEnum, accessModuleEnum } from '../../db/schema';

export type AccessLevel = (typeof accessLevelEnum.enumValues)[number];
export type AccessModule = (typeof accessModuleEnum.enumValues)[number];
export type AccessAction = 'read' | 'create' | 'update' | 'delete';

export const accessLevels = accessLevelEnum.enumValues;
export const accessModules = accessModuleEnum.enumValues;

/**
 * What each spec §6 label allows, weakest first (also in openapi.yaml, tag settings):
 * none — nothing; view — read and export; executor — view, and act on what is assigned to them;
 * employee — executor, and create; creator — employee, and edit; intermediate — creator, and
 * delete/restore; main — everything in the module, its settings included.
 */
const minimumFor: Record<AccessAction, AccessLevel> = {
  read: 'view',
  create: 'employee',
  update: 'creator',
  delete: 'intermediate',
};

export function levelAllows(level: AccessLevel, action: AccessAction): boolean {
  return accessLevels.indexOf(level) >= accessLevels.indexOf(minimumFor[action]);
}
