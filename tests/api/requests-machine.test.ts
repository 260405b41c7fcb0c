import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  nextRequestStatus,
  type RequestActor,
  type RequestContext,
  type RequestEventType,
  type RequestStatus,
  requestEventTypes,
  requestMachine,
} from '#machines/request';
import { describeEachDatabase } from '../support/api-harness';
import { coverMachine, expectFullCoverage } from '../support/machine-paths';
import { rollupDrift } from '../support/request-stats';
import { createAsRenter, firstRenterType, uploadFile } from '../support/requests';

const actors = ['staff', 'applicant'] as const;
const events = actors.flatMap((by) => requestEventTypes.map((type) => ({ type, by })));
const covered = coverMachine('request', requestMachine, { events, input: { hasPhotoReport: true } });
const other = (by: RequestActor): RequestActor => (by === 'staff' ? 'applicant' : 'staff');

describeEachDatabase('requests lifecycle through the API, generated from machines/request.ts', (h) => {
  const t = { employee: '', renter: '' };
  let typeId = '';
  let employeeId = '';
  const tokenOf = (by: RequestActor) => (by === 'staff' ? t.employee : t.renter);
  const send = (id: string, type: RequestEventType, by: RequestActor) =>
    h.api(`/requests/${id}/transitions`, {
      token: tokenOf(by),
      body: {
        event: type,
        ...(type === 'request.assign' && { assignee_employee_id: employeeId }),
        ...((type === 'request.reject' || type === 'request.return') && { comment: 'Причина указана' }),
      },
    });
  const read = async (id: string) => {
    const res = await h.api(`/requests/${id}`, { token: t.employee });
    expect(res.status).toBe(200);
    return res.body as { status: RequestStatus; history: unknown[]; has_photo_report: boolean; from_visitor: boolean };
  };
  /** What the server must answer for an event the machine refuses: 403 if the other role could send it, else 409. */
  const refusal = (status: RequestStatus, ctx: RequestContext, type: RequestEventType, by: RequestActor) =>
    nextRequestStatus(status, ctx, type, other(by)) ? 403 : 409;

  /** Every refused (event, role) from the request's current status: a clear refusal, nothing changes. */
  const probeRefusals = async (id: string) => {
    const before = await read(id);
    const ctx = { hasPhotoReport: before.has_photo_report, fromVisitor: false };
    let probed = 0;
    for (const by of actors) {
      for (const type of requestEventTypes) {
        if (nextRequestStatus(before.status, ctx, type, by)) continue;
        const res = await send(id, type, by);
        expect({ status: before.status, type, by, code: res.status }).toEqual({
          status: before.status,
          type,
          by,
          code: refusal(before.status, ctx, type, by),
        });
        expect(res.body.error.code).toBe(res.status === 409 ? 'invalid_state' : 'forbidden');
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
    typeId = await firstRenterType(h, t.renter);
    const landlord = await h.login('landlord');
    const all = await h.api('/employee/all', { token: landlord });
    employeeId = all.body.find((e: { username: string }) => e.username === 'employee').id;
  });

  it('the generated paths cover every state and transition of the machine', () => {
    expectFullCoverage(covered);
    expect(covered.paths.length).toBeGreaterThan(5);
  });

  it('takes every path as the role each event names, and refuses every other event from every state reached', async () => {
    const probedStates = new Set<RequestStatus>();
    let steps = 0;
    let refusals = 0;
    for (const path of covered.paths) {
      const created = await createAsRenter(h, t.renter, typeId, `Путь: ${path.description}`);
      let current = await read(created.id);
      expect(current.status).toBe('new');
      for (const sample of path.events) {
        const type = sample.type as RequestEventType;
        const by = sample.by as RequestActor;
        if (!probedStates.has(current.status)) {
          refusals += await probeRefusals(created.id);
          probedStates.add(current.status);
        }
        if (type === 'request.complete' && ['in_progress', 'paused'].includes(current.status) && !current.has_photo_report) {
          expect((await uploadFile(h, t.employee, created.id, 'report')).status).toBe(201);
          current = await read(created.id);
        }
        const ctx = { hasPhotoReport: current.has_photo_report, fromVisitor: current.from_visitor };
        const expected = nextRequestStatus(current.status, ctx, type, by);
        const res = await send(created.id, type, by);
        const after = await read(created.id);
        if (expected) {
          expect({ path: path.description, type, by, code: res.status }).toEqual({ path: path.description, type, by, code: 200 });
          expect(res.body.status).toBe(expected);
          expect(after.status).toBe(expected);
          expect(after.history.length).toBe(current.history.length + 1);
          steps++;
        } else {
          expect(res.status).toBe(refusal(current.status, ctx, type, by));
          expect({ status: after.status, history: after.history.length }).toEqual({
            status: current.status,
            history: current.history.length,
          });
        }
        current = after;
      }
      expect(current.status).toBe(path.state.value);
      if (!probedStates.has(current.status)) {
        refusals += await probeRefusals(created.id);
        probedStates.add(current.status);
      }
    }
    expect([...probedStates].sort()).toEqual(['closed', 'done', 'in_progress', 'new', 'paused', 'rejected', 'returned']);
    expect(steps).toBeGreaterThan(covered.paths.length);
    expect(refusals).toBeGreaterThan(40);
  });

  it("keeps the reports' rollup in step with every path taken above", async () => {
    expect(await rollupDrift(h)).toEqual([]);
    const [kept] = ((await h.db.execute(sql`select coalesce(sum(created), 0)::int as n from request_stats`)) as unknown as { rows: { n: number }[] }).rows;
    const [counted] = ((await h.db.execute(sql`select count(*)::int as n from requests`)) as unknown as { rows: { n: number }[] }).rows;
    expect(kept!.n).toBe(counted!.n);
    expect(counted!.n).toBeGreaterThanOrEqual(covered.paths.length);
  });
});
