import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  nextTaskStatus,
  type TaskActor,
  type TaskContext,
  type TaskEventType,
  type TaskStatus,
  taskActions,
  taskEventTypes,
  taskMachine,
} from '#machines/task';
import { tasks } from '#server/db/schema';
import { expireOverdueTasks } from '#server/modules/tasks/deadlines';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { coverMachine, expectFullCoverage } from '../support/machine-paths';
import { createTask, inHours, userIdOf } from '../support/tasks';

const actors = ['executor', 'creator', 'system'] as const;
const events = actors.flatMap((by) => taskEventTypes.map((type) => ({ type, by })));
const covered = coverMachine('task', taskMachine, { events });
const anyoneCould = (status: TaskStatus, ctx: TaskContext, type: TaskEventType) => actors.some((by) => nextTaskStatus(status, ctx, type, by));

type Detail = { status: TaskStatus; status_before_expiry: TaskContext['statusBeforeExpiry']; history: unknown[]; actions: string[] };

/** The machine's paths replayed as one pair of logins: `creator` gives the task, `executor` works it. */
function replay(h: Harness, pair: { creator: string; executor: string }) {
  const t = { creator: '', executor: '' };
  let executorId = '';
  const send = (id: string, type: TaskEventType, token: string) =>
    h.api(`/tasks/${id}/transitions`, {
      token,
      body: {
        event: type,
        ...((type === 'task.reject' || type === 'task.return') && { comment: 'Причина указана' }),
        ...(type === 'task.extend' && { deadline_at: inHours(24) }),
      },
    });
  const read = async (id: string, token = t.creator) => {
    const res = await h.api(`/tasks/${id}`, { token });
    expect(res.status).toBe(200);
    return res.body as Detail;
  };
  const ctxOf = (d: Detail): TaskContext => ({ statusBeforeExpiry: d.status_before_expiry });

  /** Every event each login may not send now: 403 when another side could, 409 when nobody could; nothing changes. */
  const probeRefusals = async (id: string) => {
    const before = await read(id);
    let probed = 0;
    for (const by of ['executor', 'creator'] as const) {
      for (const type of taskEventTypes) {
        if (nextTaskStatus(before.status, ctxOf(before), type, by)) continue;
        const res = await send(id, type, t[by]);
        const expected = anyoneCould(before.status, ctxOf(before), type) ? 403 : 409;
        expect({ status: before.status, type, by, code: res.status }).toEqual({ status: before.status, type, by, code: expected });
        expect(res.body.error.code).toBe(expected === 409 ? 'invalid_state' : 'forbidden');
        probed++;
      }
    }
    const after = await read(id);
    expect({ status: after.status, history: after.history.length }).toEqual({ status: before.status, history: before.history.length });
    return probed;
  };

  beforeAll(async () => {
    t.creator = await h.login(pair.creator);
    t.executor = await h.login(pair.executor);
    executorId = await userIdOf(h, pair.executor);
  });

  it(`takes every path (${pair.creator} gives ${pair.executor} a task) and refuses every other event from every state`, async () => {
    const probed = new Set<TaskStatus>();
    let steps = 0;
    let refusals = 0;
    for (const path of covered.paths) {
      const created = await createTask(h, t.creator, { executor_user_id: executorId, title: `Путь: ${path.description}`.slice(0, 200) });
      let current = await read(created.id);
      expect(current.status).toBe('new');
      for (const sample of [...path.events, null]) {
        if (!probed.has(current.status)) {
          refusals += await probeRefusals(created.id);
          probed.add(current.status);
        }
        if (!sample) break;
        const type = sample.type as TaskEventType;
        const by = sample.by as TaskActor;
        // Each side is offered exactly what the machine allows it now.
        for (const side of ['executor', 'creator'] as const) {
          expect((await read(created.id, t[side])).actions.sort()).toEqual(taskActions(current.status, ctxOf(current), side).sort());
        }
        const expected = nextTaskStatus(current.status, ctxOf(current), type, by);
        if (by === 'system') {
          // The system sends only task.expire, through the deadline job: the deadline passes, the job runs.
          if (type !== 'task.expire') {
            expect(expected).toBeNull();
            continue;
          }
          await h.db
            .update(tasks)
            .set({ deadlineAt: new Date(Date.now() - 60_000) })
            .where(eq(tasks.id, created.id));
          expect(await expireOverdueTasks(h.db)).toBe(expected ? 1 : 0);
          // A task the job may not expire (done, final) keeps a deadline ahead for the rest of the path.
          if (!expected)
            await h.db
              .update(tasks)
              .set({ deadlineAt: new Date(inHours(24)) })
              .where(eq(tasks.id, created.id));
        } else {
          const res = await send(created.id, type, t[by]);
          const code = expected ? 200 : anyoneCould(current.status, ctxOf(current), type) ? 403 : 409;
          expect({ path: path.description, type, by, code: res.status }).toEqual({ path: path.description, type, by, code });
        }
        const after = await read(created.id);
        expect(after.status).toBe(expected?.status ?? current.status);
        if (expected) {
          expect(after.status_before_expiry).toBe(expected.statusBeforeExpiry);
          expect(after.history.length).toBe(current.history.length + 1);
          steps++;
        }
        current = after;
      }
      expect(current.status).toBe(path.state.value);
    }
    expect([...probed].sort()).toEqual(['accepted', 'done', 'expired', 'for_revision', 'in_progress', 'new', 'paused', 'rejected']);
    expect(steps).toBeGreaterThan(covered.paths.length);
    expect(refusals).toBeGreaterThan(40);
  });
}

it('the generated paths cover every state and transition of the task machine', () => {
  expectFullCoverage(covered);
  expect(covered.paths.length).toBeGreaterThan(5);
});

describeEachDatabase('tasks lifecycle through the API, generated from machines/task.ts', (h) => {
  replay(h, { creator: 'employee', executor: 'renter' });
});

describeEachDatabase('tasks lifecycle, landlord to employee', (h) => {
  replay(h, { creator: 'landlord', executor: 'employee' });
});
