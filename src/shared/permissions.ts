import type { Role } from '../../machines/types';
import { type AccessAction, type AccessLevel, type AccessModule, levelAllows } from './access-levels';

/**
 * Who may open a screen or take an action: the roles, and for an employee the module and the action
 * its level must allow (the server's `authorize` rule). The route table gives one to every signed-in
 * route; buttons ask about the route they lead to, so the SPA has one answer to "who may do what".
 */
export type Rule = {
  roles: readonly Role[];
  /** An employee needs a level in this module that allows `action` (read when absent). */
  module?: AccessModule;
  action?: AccessAction;
  /** An employee without bid access (its requests level is none) has no requests module. */
  needsBidAccess?: boolean;
  /** A page whose one action writes two modules (a questionnaire made a renter) needs both. */
  also?: Rule;
  /** A page that serves several modules (the import of each register) needs one of them to allow it. */
  anyOf?: readonly Rule[];
  /**
   * Notices: an employee with notification access (`canNotify`) may open the screen whatever its level;
   * `send` needs that access, `read` also lets the module's level allow it.
   */
  notify?: 'send' | 'read';
};

/** What the rules are judged against: the session's role, an employee's levels (GET /user `access`) and bid access. */
export type Viewer = { role: Role; access: Partial<Record<AccessModule, AccessLevel>> | null; hasBidAccess: boolean; canNotify?: boolean };

export function allows(viewer: Viewer, rule: Rule): boolean {
  if (!rule.roles.includes(viewer.role)) return false;
  if (rule.also && !allows(viewer, rule.also)) return false;
  if (rule.anyOf && !rule.anyOf.some((one) => allows(viewer, one))) return false;
  if (viewer.role !== 'employee') return true;
  if (rule.needsBidAccess && !viewer.hasBidAccess) return false;
  if (rule.notify && viewer.canNotify) return true;
  if (rule.notify === 'send') return false;
  // A module left out of the grants is none (the server's answer for an employee without a row).
  return !rule.module || levelAllows(viewer.access?.[rule.module] ?? 'none', rule.action ?? 'read');
}
