import { DEMO_PASSWORD } from '#server/seed/demo';

/** Signed-in demo roles of the walk; `guest` is the visitor without a session. */
export const walkRoles = ['superadmin', 'landlord', 'employee', 'renter', 'guest'] as const;
export type WalkRole = (typeof walkRoles)[number];
/** A uuid no record has: a `:id` route must answer "record not found" for it. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const answers = new Map<string, Promise<any>>();

/**
 * GET `/api<path>` as the token's user; null when the server refuses. Read once per user and path: the
 * walk only reads, and asks for the same lists for every route of a kind and every role that falls back
 * to its landlord.
 */
export function apiGet(baseUrl: string, path: string, token?: string): Promise<any> {
  const key = `${token ?? ''} ${baseUrl}${path}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = fetch(`${baseUrl}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).then((res) => (res.ok ? res.json() : null));
    answers.set(key, answer);
  }
  return answer;
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
 * A route with no list here throws: counted as "without a demo record", its real page would go unwalked.
 */
export async function realIdOf(baseUrl: string, pattern: string, tokens: Partial<Record<WalkRole, string>>, role: WalkRole) {
  const landlordRoute = pattern.startsWith('/landlords/');
  const list = sources.find(([re]) => re.test(pattern))?.[1];
  if (!landlordRoute && !list) throw new Error(`walk: no list gives ${pattern} a record; add it to the sources in scripts/walk/ids.ts`);
  const readers = [tokens[role], tokens.landlord].filter((t): t is string => Boolean(t));
  for (const token of readers) {
    const id = landlordRoute
      ? ((await apiGet(baseUrl, '/user', token))?.landlord_id ?? firstOf(await apiGet(baseUrl, '/landlords', token)))
      : firstOf(await apiGet(baseUrl, list as string, token));
    if (id) return id as string;
  }
  return undefined;
}
