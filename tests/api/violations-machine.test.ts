import { beforeAll, expect, it } from 'vitest';
import {
  nextViolationStatus,
  type ViolationActor,
  type ViolationContext,
  type ViolationEventType,
  type ViolationStatus,
  violationEventTypes,
  violationMachine,
} from '#machines/violation';
import { describeEachDatabase } from '../support/api-harness';
import { coverMachine, expectFullCoverage } from '../support/machine-paths';
import { createViolation, uploadViolationFile, violationInputs } from '../support/violations';

const actors = ['staff', 'renter'] as const;
const events = actors.flatMap((by) => violationEventTypes.map((type) => ({ type, by })));
const covered = coverMachine('violation', violationMachine, { events, input: { hasFixPhoto: true } });
const other = (by: ViolationActor): ViolationActor => (by === 'staff' ? 'renter' : 'staff');

describeEachDatabase('violations lifecycle through the API, generated from machines/violation.ts', (h) => {
  const t = { employee: '', renter: '' };
  let inputs = { renterId: '', typeId: '', roomId: '' };
  const tokenOf = (by: ViolationActor) => (by === 'staff' ? t.employee : t.renter);
  const needsComment = new Set<ViolationEventType>(['violation.dispute', 'violation.reject', 'violation.return']);
  const send = (id: string, type: ViolationEventType, by: ViolationActor) =>
    h.api(`/violations/${id}/transitions`, { token: tokenOf(by), body: { event: type, ...(needsComment.has(type) && { comment: 'Причина указана' }) } });
  const read = async (id: string) => {
    const res = await h.api(`/violations/${id}`, { token: t.employee });
    expect(res.status).toBe(200);
    return res.body as { status: ViolationStatus; history: unknown[]; files: Array<{ kind: string }> };
  };
  const contextOf = (v: { files: Array<{ kind: string }> }): ViolationContext => ({ hasFixPhoto: v.files.some((f) => f.kind === 'fix') });
  /**
   * What the server answers for an event the machine refuses: 403 when the other side could send it,
   * else 409; a renter's event on a draft is 404, as a draft does not exist for the renter.
   */
  const refusal = (status: ViolationStatus, ctx: ViolationContext, type: ViolationEventType, by: ViolationActor) =>
    by === 'renter' && status === 'draft' ? 404 : nextViolationStatus(status, ctx, type, other(by)) ? 403 : 409;

  /** Every refused (event, side) from the current status: a clear refusal, nothing changes. */
  const probeRefusals = async (id: string) => {
    const before = await read(id);
    const ctx = contextOf(before);
    let probed = 0;
    for (const by of actors) {
      for (const type of violationEventTypes) {
        if (nextViolationStatus(before.status, ctx, type, by)) continue;
        const res = await send(id, type, by);
        const code = refusal(before.status, ctx, type, by);
        expect({ status: before.status, type, by, code: res.status }).toEqual({ status: before.status, type, by, code });
        expect(res.body.error.code).toBe(code === 409 ? 'invalid_state' : code === 403 ? 'forbidden' : 'not_found');
        probed++;
      }
    }
    const after = await read(id);
    expect({ status: after.status, history: after.history.length }).toEqual({ status: before.status, history: before.history.length });
    return probed;
  };

  beforeAll(async () => {
    t.employee = await h.login('employee');
    t.renter = await h.login('renter');
    inputs = await violationInputs(h, t.employee);
  });

  it('the generated paths cover every state and transition of the machine', () => {
    expectFullCoverage(covered);
    expect(covered.paths.length).toBeGreaterThan(4);
  });

  it('takes every path as the side each event names, and refuses every other event from every state reached', async () => {
    const probedStates = new Set<ViolationStatus>();
    let steps = 0;
    let refusals = 0;
    for (const path of covered.paths) {
      const created = await createViolation(h, t.employee, {
        renter_id: inputs.renterId,
        type_id: inputs.typeId,
        occurred_at: '2026-11-20T10:00:00Z',
        description: `Путь: ${path.description}`,
      });
      let current = await read(created.id);
      expect(current.status).toBe('draft');
      for (const sample of path.events) {
        const type = sample.type as ViolationEventType;
        const by = sample.by as ViolationActor;
        if (!probedStates.has(current.status)) {
          refusals += await probeRefusals(created.id);
          probedStates.add(current.status);
        }
        if (type === 'violation.fix' && ['issued', 'acknowledged'].includes(current.status) && !contextOf(current).hasFixPhoto) {
          expect((await uploadViolationFile(h, t.renter, created.id, 'fix')).status).toBe(201);
          current = await read(created.id);
        }
        const ctx = contextOf(current);
        const expected = nextViolationStatus(current.status, ctx, type, by);
        const res = await send(created.id, type, by);
        const after = await read(created.id);
        if (expected) {
          expect({ path: path.description, type, by, code: res.status }).toEqual({ path: path.description, type, by, code: 200 });
          expect(after.status).toBe(expected);
          expect(after.history.length).toBe(current.history.length + 1);
          steps++;
        } else {
          expect(res.status).toBe(refusal(current.status, ctx, type, by));
          expect({ status: after.status, history: after.history.length }).toEqual({ status: current.status, history: current.history.length });
        }
        current = after;
      }
      expect(current.status).toBe(path.state.value);
      if (!probedStates.has(current.status)) {
        refusals += await probeRefusals(created.id);
        probedStates.add(current.status);
      }
    }
    expect([...probedStates].sort()).toEqual(['acknowledged', 'cancelled', 'closed', 'disputed', 'draft', 'fixed', 'issued']);
    expect(steps).toBeGreaterThanOrEqual(covered.paths.length);
    expect(refusals).toBeGreaterThan(40);
  });
});
