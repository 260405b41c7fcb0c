import { and, count, eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '#server/db/client';
import * as schema from '#server/db/schema';
import { taskEvents, tasks, users } from '#server/db/schema';
import { expireOverdueTasks, startDeadlineJob } from '#server/modules/tasks/deadlines';
import { describeEachDatabase } from '../support/api-harness';
import { createTask, userIdOf } from '../support/tasks';

const past = () => new Date(Date.now() - 60_000);

describeEachDatabase('the task deadline job', (h) => {
  let renter = '';
  let employee = '';

  /** `n` tasks from the employee to the renter, straight in the database, with the given deadline and status. */
  const insertTasks = async (n: number, deadlineAt: Date, status: 'new' | 'in_progress' | 'paused' | 'for_revision' | 'done' = 'new') => {
    const [u] = await h.db.select({ landlordId: users.landlordId }).from(users).where(eq(users.id, employee));
    const rows = Array.from({ length: n }, (_, i) => ({
      landlordId: u?.landlordId as string,
      title: `Срочно ${i}`,
      creatorUserId: employee,
      executorUserId: renter,
      deadlineAt,
      status,
    }));
    return (await h.db.insert(tasks).values(rows).returning({ id: tasks.id })).map((r) => r.id);
  };
  const expireEntries = async (ids: string[]) => {
    const rows = await h.db
      .select({ taskId: taskEvents.taskId, n: count() })
      .from(taskEvents)
      .where(and(inArray(taskEvents.taskId, ids), eq(taskEvents.event, 'task.expire')))
      .groupBy(taskEvents.taskId);
    return new Map(rows.map((r) => [r.taskId, r.n]));
  };

  beforeAll(async () => {
    renter = await userIdOf(h, 'renter');
    employee = await userIdOf(h, 'employee');
  });

  it('expires every overdue open task exactly once, even when two processes run the job at the same moment', async () => {
    await expireOverdueTasks(h.db); // nothing else overdue from earlier tests
    const overdue = [
      ...(await insertTasks(20, past(), 'new')),
      ...(await insertTasks(10, past(), 'in_progress')),
      ...(await insertTasks(5, past(), 'paused')),
      ...(await insertTasks(5, past(), 'for_revision')),
    ];
    const notYet = await insertTasks(3, new Date(Date.now() + 3_600_000));
    const finished = await insertTasks(3, past(), 'done');

    let runs: number[];
    if (h.kind === 'postgres') {
      // Two API processes: two pools of their own, the same statement at once.
      const pools = [0, 1].map(() => new pg.Pool({ connectionString: h.config.databaseUrl as string, max: 2 }));
      try {
        const dbs = pools.map((pool) => drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db);
        runs = await Promise.all(dbs.map((db) => expireOverdueTasks(db)));
      } finally {
        await Promise.all(pools.map((pool) => pool.end()));
      }
    } else {
      // PGlite has one connection: the runs follow each other.
      runs = [await expireOverdueTasks(h.db), await expireOverdueTasks(h.db)];
    }
    expect(runs.reduce((a, b) => a + b, 0)).toBe(overdue.length);

    const entries = await expireEntries([...overdue, ...notYet, ...finished]);
    expect(overdue.every((id) => entries.get(id) === 1)).toBe(true);
    expect(entries.size).toBe(overdue.length);
    const rows = await h.db
      .select()
      .from(tasks)
      .where(inArray(tasks.id, [...overdue, ...notYet, ...finished]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(overdue.map((id) => byId.get(id)?.status)).toEqual(overdue.map(() => 'expired'));
    expect(byId.get(overdue[20] as string)?.statusBeforeExpiry).toBe('in_progress');
    expect(byId.get(overdue[35] as string)?.statusBeforeExpiry).toBe('for_revision');
    expect(notYet.map((id) => byId.get(id)?.status)).toEqual(['new', 'new', 'new']);
    expect(finished.map((id) => byId.get(id)?.status)).toEqual(['done', 'done', 'done']);
    expect(await expireOverdueTasks(h.db)).toBe(0);
  });

  it('the history names the system; the creator extends, and the task is back where it was', async () => {
    const token = await h.login('employee');
    const task = await createTask(h, token, { executor_user_id: renter });
    await h.db.update(tasks).set({ deadlineAt: past() }).where(eq(tasks.id, task.id));
    expect(await expireOverdueTasks(h.db)).toBe(1);
    const expired = await h.api(`/tasks/${task.id}`, { token, lang: 'en' });
    expect(expired.body).toMatchObject({ status: 'expired', status_before_expiry: 'new', actions: ['task.extend'] });
    expect(expired.body.history.at(-1)).toMatchObject({
      event: 'task.expire',
      actor_name: 'System',
      from_status: 'new',
      to_status: 'expired',
    });
    const noDeadline = await h.api(`/tasks/${task.id}/transitions`, { token, body: { event: 'task.extend' } });
    expect(noDeadline.status).toBe(400);
    const stillPast = await h.api(`/tasks/${task.id}/transitions`, {
      token,
      body: { event: 'task.extend', deadline_at: past().toISOString() },
    });
    expect(stillPast.status).toBe(400);
    const deadline = new Date(Date.now() + 86_400_000).toISOString();
    const extended = await h.api(`/tasks/${task.id}/transitions`, { token, body: { event: 'task.extend', deadline_at: deadline } });
    expect(extended.body).toMatchObject({ status: 'new', status_before_expiry: null, deadline_at: deadline });
  });

  it('a task whose deadline passed between two runs is expired when it is read or worked', async () => {
    const employeeToken = await h.login('employee');
    const renterToken = await h.login('renter');
    const read = await createTask(h, employeeToken, { executor_user_id: renter });
    const worked = await createTask(h, employeeToken, { executor_user_id: renter });
    await h.db
      .update(tasks)
      .set({ deadlineAt: past() })
      .where(inArray(tasks.id, [read.id, worked.id]));
    // No job has run: reading shows it expired, with only the creator's extension left.
    const seen = await h.api(`/tasks/${read.id}`, { token: renterToken });
    expect(seen.body).toMatchObject({ status: 'expired', actions: [] });
    expect((await h.api(`/tasks/${read.id}`, { token: employeeToken })).body.actions).toEqual(['task.extend']);
    // Working it is refused as the expired task it is, and the expiry is written once.
    const start = await h.api(`/tasks/${worked.id}/transitions`, { token: renterToken, body: { event: 'task.start' } });
    expect(start.status).toBe(409);
    expect((await h.db.select({ s: tasks.status }).from(tasks).where(eq(tasks.id, worked.id)))[0]?.s).toBe('expired');
    const entries = await expireEntries([read.id, worked.id]);
    expect([entries.get(read.id), entries.get(worked.id)]).toEqual([1, 1]);
    expect(await expireOverdueTasks(h.db)).toBe(0);
  });

  it('the scheduled job expires an overdue task on its own, and stops cleanly', async () => {
    const [id] = await insertTasks(1, past());
    const job = startDeadlineJob(h.db, 50, (err) => {
      throw err;
    });
    try {
      await expect
        .poll(
          async () =>
            (
              await h.db
                .select({ s: tasks.status })
                .from(tasks)
                .where(eq(tasks.id, id as string))
            )[0]?.s,
          { timeout: 5000 },
        )
        .toBe('expired');
    } finally {
      await job.stop();
    }
    expect((await expireEntries([id as string])).get(id as string)).toBe(1);
  });
});
