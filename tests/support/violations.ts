import type { Harness } from './api-harness';
import { people } from './people';
import { PNG, postForm } from './requests';

export type ViolationBody = {
  renter_id: string;
  type_id: string;
  occurred_at: string;
  description: string;
  fine?: string | null;
  deadline_at?: string | null;
  room_id?: string | null;
};

/** The first renter and the first active type the employee may record a violation with. */
export async function violationInputs(h: Harness, token: string): Promise<{ renterId: string; typeId: string; roomId: string }> {
  const renters = await people(h, token, 'violation', '&role=renter');
  const types = await h.api('/violation-types', { token });
  if (renters.status !== 200 || types.status !== 200) throw new Error(`inputs: ${renters.status} ${types.status}`);
  const [first] = renters.body.data;
  if (!first?.unit) throw new Error('inputs: no renter with a room');
  return { renterId: first.id, typeId: types.body[0].id, roomId: first.unit.id };
}

export async function createViolation(h: Harness, token: string, body: ViolationBody) {
  const res = await h.api('/violations', { token, body });
  if (res.status !== 201) throw new Error(`create violation: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; number: number; status: string; history: unknown[] };
}

export const uploadViolationFile = (
  h: Harness,
  token: string,
  id: string,
  kind: 'photo' | 'dispute' | 'fix',
  data = PNG,
  name = 'photo.png',
  type = 'image/png',
) => postForm(h, `/violations/${id}/files`, { kind, file: { data, name, type } }, { token });
