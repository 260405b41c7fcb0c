import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contractors } from './contractors';
import { taskKindEnum, taskOpenStatusEnum, taskPriorityEnum, taskStatusEnum } from './enums';
import { fileColumns, historyColumns } from './history';
import { landlords } from './landlords';
import { users } from './users';

/** A task or quick task (machines/task.ts): from its creator to one executor (a user or a contractor). */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid().primaryKey().defaultRandom(),
    landlordId: uuid()
      .notNull()
      .references(() => landlords.id),
    kind: taskKindEnum().notNull().default('task'),
    title: text().notNull(),
    description: text(),
    category: text(),
    priority: taskPriorityEnum().notNull().default('medium'),
    creatorUserId: uuid()
      .notNull()
      .references(() => users.id),
    /** An employee's or a renter's login; null when the executor is a contractor. */
    executorUserId: uuid().references(() => users.id),
    executorContractorId: uuid().references(() => contractors.id),
    deadlineAt: timestamp({ withTimezone: true }).notNull(),
    status: taskStatusEnum().notNull().default('new'),
    /** Where an extension of an expired task returns it. */
    statusBeforeExpiry: taskOpenStatusEnum(),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tasks_landlord_idx').on(t.landlordId, t.kind, t.status, t.deadlineAt),
    index('tasks_executor_idx').on(t.executorUserId, t.status, t.deadlineAt),
    index('tasks_creator_idx').on(t.creatorUserId, t.status, t.deadlineAt),
    // The deadline job's scan: open tasks by deadline.
    // Reports: tasks given and completed in a period.
    index('tasks_created_idx').on(t.landlordId, t.createdAt),
    index('tasks_completed_idx').on(t.landlordId, t.completedAt).where(sql`${t.completedAt} is not null`),
    index('tasks_open_deadline_idx').on(t.deadlineAt).where(sql`${t.status} in ('new', 'in_progress', 'paused', 'for_revision')`),
  ],
);

/** The history of a task: who, when, from, to, comment; comments are entries too. */
export const taskEvents = pgTable(
  'task_events',
  {
    ...historyColumns(taskStatusEnum),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id),
  },
  (t) => [index().on(t.taskId, t.createdAt)],
);

export const taskFiles = pgTable(
  'task_files',
  {
    ...fileColumns(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id),
    name: text().notNull(),
    uploadedBy: uuid().references(() => users.id),
  },
  (t) => [index().on(t.taskId)],
);
