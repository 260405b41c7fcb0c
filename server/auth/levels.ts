import { accessLevelEnum, accessModuleEnum } from '../db/schema';

// The rule itself is shared with the SPA (which offers only what the server will allow).
export { type AccessAction, type AccessLevel, type AccessModule, atLeastLevel, levelAllows } from '#/shared/access-levels';

export const accessLevels = accessLevelEnum.enumValues;
export const accessModules = accessModuleEnum.enumValues;
