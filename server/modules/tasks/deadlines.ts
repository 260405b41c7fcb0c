import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taskEvents, tasks } from '../../db/schema';
import { every, type Job } from '../../jobs/every';
import { tasksExpired } from './notices';
import { openStatuses } from './queries';

/**
 * The deadline job: every open task past its
 * deadline becomes expired, remembering where an extension returns it, with a `task.expire` entry by
 * the system. ONE UPDATE decides which tasks expire: PostgreSQL locks each row it changes and
 * re-checks the WHERE after waiting for another writer, so when several API processes run this at
 * once each task is expired by exactly one of them (the others see status = 'expired' and skip it).
 * The history rows and the notifications (executor and creator) go in the same transaction, so an
 * expiry never lacks its entry nor is told twice.
 * Returns how many tasks this run expired. With `taskId`, only that task (a task read or worked
 * between two runs is expired first, so nobody works past a deadline).
 */
export async function expireOverdueTasks(db: Db, taskId?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const expired = await tx
      .update(tasks)
      .set({
        status: 'expired',
        // SET reads the row's old values: the status being left.
        statusBeforeExpiry: sql`${tasks.status}::text::task_open_status`,
        updatedAt: sql`now()`,
      })
      .where(and(inArray(tasks.status, [...openStatuses]), lt(tasks.deadlineAt, sql`now()`), taskId ? eq(tasks.id, taskId) : undefined))
      .returning({
        id: tasks.id,
        from: tasks.statusBeforeExpiry,
        landlordId: tasks.landlordId,
        title: tasks.title,
        creatorUserId: tasks.creatorUserId,
        executorUserId: tasks.executorUserId,
      });
    if (expired.length === 0) return 0;
    await tx.insert(taskEvents).values(
      expired.map((t) => ({
        taskId: t.id,
        actorUserId: null,
        actorName: '',
        event: 'task.expire',
        fromStatus: t.from,
        toStatus: 'expired' as const,
        createdAt: now,
      })),
    );
    await tasksExpired(tx, expired);
    return expired.length;
  });
}

/**
 * Runs the job every `intervalMs` (TASK_DEADLINE_INTERVAL_MS, 30 s by default; 0 disables it). A run
 * never overlaps the previous one; stop() waits for a run in progress, so the database can close after.
 */
export function startDeadlineJob(db: Db, intervalMs: number, onError: (err: unknown) => void): Job {
  return every(intervalMs, () => expireOverdueTasks(db), onError);
}
