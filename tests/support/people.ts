import type { Harness } from './api-harness';

export type Person = {
  id: string;
  user_id: string | null;
  role: 'employee' | 'renter' | 'contractor';
  name: string;
  user_name: string | null;
  position: string | null;
  property: { id: string; name: string } | null;
  unit: { id: string; number: string; floor: number } | null;
  services: string | null;
};

/** GET /people for `purpose`, with the rest of the query as given (`&role=renter&search=...`). */
export const people = (h: Harness, token: string | undefined, purpose: string, query = '') =>
  h.api<{ data: Person[] }>(`/people?purpose=${purpose}${query}`, { token });

/**
 * The task executor picker through GET /people, in the shape its old endpoint answered: each one by the
 * id a task takes (an employee's or a renter's login, a contractor's own id), with its kind.
 */
export async function taskExecutors(h: Harness, token: string | undefined, query = '') {
  const res = await people(h, token, 'task', query);
  // Employees and renters offered for a task always have a login.
  const data = res.status === 200 ? res.body.data.map((p) => ({ kind: p.role, id: (p.role === 'contractor' ? p.id : p.user_id) as string, name: p.name })) : [];
  return { status: res.status, body: { data } };
}
