import { DEMO_PASSWORD } from '#server/seed/demo';

/** Signed-in demo roles of the walk; `guest` is the visitor without a session. */
export const walkRoles = ['superadmin', 'landlord', 'employee', 'renter', 'guest'] as const;
export type WalkRole = (typeof walkRoles)[number];
/** A uuid no record has: a `:id` route must answer "record not found" for it. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** GET `/api<path>` as the token's user; null when the server refuses. */
export async function apiGet(baseUrl: string, path: string, token?: string): Promise<any> {
  const res = await fetch(`${baseUrl}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return res.ok ? res.json() : null;
}

export async function login(baseUrl: string, username: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

const firstOf = (body: any): string | undefined => (Array.isArray(body) ? body : body?.data)?.[0]?.id;

/** The list whose first row gives each `:param` route its record, by the route's pattern. */
const sources: [RegExp, string][] = [
  [/^\/visitor-request\//, '/objects'],
  [/^\/type-object\//, '/object-types'],
  [/^\/objects\//, '/objects'],
  [/^\/requests-journal\/create\//, '/type-request/kind/12'],
  [/^\/requests-journal\//, '/requests'],
  [/^\/quick-tasks\//, '/tasks?box=all&kind=quick'],
  [/^\/(tasks|contractors\/task-edit)\//, '/tasks?box=all'],
  [/^\/application-forms\//, '/application-forms'],
  [/^\/renters\//, '/renters'],
  [/^\/employees\//, '/employee'],
  [/^\/contractors\//, '/contractors'],
  [/^\/contracts\//, '/contracts'],
  [/^\/notifications\/notice\//, '/notices'],
  [/^\/employee-notifications\//, '/employee-notifications'],
  [/^\/violations\//, '/violations'],
  [/^\/social-network\//, '/social-networks'],
  [/^\/imports\//, '/imports'],
];

/**
 * A real record for a `:param` route: the first row of its list read as the role's user, else as its
 * landlord (the superadmin's: the first demo landlord's); the landlord's own id for /landlords/update.
 */
export async function realIdOf(baseUrl: string, pattern: string, tokens: Partial<Record<WalkRole, string>>, role: WalkRole) {
  const readers = [tokens[role], tokens.landlord].filter((t): t is string => Boolean(t));
  for (const token of readers) {
    if (pattern.startsWith('/landlords/')) {
      const id = (await apiGet(baseUrl, '/user', token))?.landlord_id ?? firstOf(await apiGet(baseUrl, '/landlords', token));
      if (id) return id as string;
      continue;
    }
    const list = sources.find(([re]) => re.test(pattern))?.[1];
    const id = list && firstOf(await apiGet(baseUrl, list, token));
    if (id) return id;
  }
  return undefined;
}
