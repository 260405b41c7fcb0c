import { pgEnum } from 'drizzle-orm/pg-core';

// Same literals as openapi.yaml's Role and PasswordTokenPurpose (one vocabulary, CONVENTIONS 6).
export const roleEnum = pgEnum('role', ['superadmin', 'landlord', 'employee', 'renter']);
export const passwordTokenPurposeEnum = pgEnum('password_token_purpose', ['reset', 'first_login']);

/** Soft-delete lifecycle of every register (machines/record.ts). */
export const recordStatusEnum = pgEnum('record_status', ['active', 'deleted']);

/** Modules an employee can be granted access to (spec §6; DESIGN §3). */
export const accessModuleEnum = pgEnum('access_module', [
  'requests',
  'tasks',
  'calendar',
  'waiting_list',
  'renters',
  'employees',
  'contractors',
  'violations',
  'contracts',
  'notifications',
  'reports',
  'social_links',
]);

/** Spec §6's labels, weakest first; what each allows is in openapi.yaml (tag settings). */
export const accessLevelEnum = pgEnum('access_level', ['none', 'view', 'executor', 'employee', 'creator', 'intermediate', 'main']);

export const contractorApplicationStatusEnum = pgEnum('contractor_application_status', ['pending', 'approved', 'declined']);

export const socialNetworkEnum = pgEnum('social_network', ['instagram', 'facebook', 'telegram', 'whatsapp', 'youtube', 'tiktok', 'vk', 'website']);

/** Same literals as machines/request.ts (one vocabulary, CONVENTIONS 6). */
export const requestStatusEnum = pgEnum('request_status', ['new', 'in_progress', 'paused', 'done', 'closed', 'rejected', 'returned']);
export const requestFileKindEnum = pgEnum('request_file_kind', ['photo', 'report']);

/** Same literals as machines/task.ts and machines/questionnaire.ts. */
export const taskStatusEnum = pgEnum('task_status', ['new', 'in_progress', 'paused', 'done', 'accepted', 'expired', 'rejected', 'for_revision']);
export const taskOpenStatusEnum = pgEnum('task_open_status', ['new', 'in_progress', 'paused', 'for_revision']);
export const taskPriorityEnum = pgEnum('task_priority', ['low', 'medium', 'high']);
/** A task of the tasks module, or a quick task (spec §2: quick tasks to renters or employees). */
export const taskKindEnum = pgEnum('task_kind', ['task', 'quick']);
export const questionnaireStatusEnum = pgEnum('questionnaire_status', ['new', 'in_process', 'waiting', 'reject']);
