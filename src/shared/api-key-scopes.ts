/**
 * API keys' scopes, shared by the server (which checks them) and the Settings screen (which offers them).
 * A scope is `<module>:read` or `<module>:write`, the modules being the tags of openapi.yaml a key may
 * call: not `auth`, `public`, `user` nor `api_keys` (what only a person signed in does).
 */
export const KEY_MODULES = [
  'requests',
  'tasks',
  'renters',
  'contractors',
  'employees',
  'objects',
  'object_types',
  'landlords',
  'contracts',
  'billing',
  'meters',
  'violations',
  'waiting_list',
  'calendar',
  'people',
  'notifications',
  'social_links',
  'reports',
  'imports',
  'settings',
] as const;

/** Every key begins so: a leaked one is recognised by secret scanners and told apart from a session. */
export const KEY_PREFIX = 'mck_';

/** Whether the key's scopes allow `needed`: write implies read. */
export function scopesAllow(scopes: readonly string[], needed: string): boolean {
  if (scopes.includes(needed)) return true;
  const [module, access] = needed.split(':');
  return access === 'read' && scopes.includes(`${module}:write`);
}

/**
 * The scope an operation of the contract needs from a key: its own `x-scope` if it names one (`none`:
 * no key may call it), else its first tag's, read for GET and HEAD and write for any other method.
 * Null: keys are refused.
 */
export function scopeOfOperation(op: { tags?: readonly string[]; method: string; xScope?: string }): string | null {
  if (op.xScope) return op.xScope === 'none' ? null : op.xScope;
  const tag = op.tags?.[0];
  if (!tag || !(KEY_MODULES as readonly string[]).includes(tag)) return null;
  return `${tag}:${['GET', 'HEAD'].includes(op.method.toUpperCase()) ? 'read' : 'write'}`;
}
