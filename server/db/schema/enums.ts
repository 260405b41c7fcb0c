import { pgEnum } from 'drizzle-orm/pg-core';
import { contractStatuses } from '../../../machines/contract';
import { questionnaireStatuses } from '../../../machines/questionnaire';
import { recordStatuses } from '../../../machines/record';
import { requestStatuses } from '../../../machines/request';
import { openTaskStatuses, taskStatuses } from '../../../machines/task';
import { violationStatuses } from '../../../machines/violation';

// Same literals as openapi.yaml's Role and PasswordTokenPurpose (one vocabulary).
export const roleEnum = pgEnum('role', ['superadmin', 'landlord', 'employee', 'renter']);
/** The languages of the app (src/i18n/locale.ts LOCALES): what a person reads, mails and pushes included. */
export const languageEnum = pgEnum('language', ['ru', 'kk', 'en']);
export const passwordTokenPurposeEnum = pgEnum('password_token_purpose', ['reset', 'first_login']);

/** Soft-delete lifecycle of every register: the machine's own list (machines/record.ts). */
export const recordStatusEnum = pgEnum('record_status', recordStatuses);

/** Modules an employee can be granted access to (Settings). */
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
  'billing',
  'meters',
]);

/** Access levels, weakest first; what each allows is in openapi.yaml (tag settings). */
export const accessLevelEnum = pgEnum('access_level', ['none', 'view', 'executor', 'employee', 'creator', 'intermediate', 'main']);

export const contractorApplicationStatusEnum = pgEnum('contractor_application_status', ['pending', 'approved', 'declined']);

export const socialNetworkEnum = pgEnum('social_network', ['instagram', 'facebook', 'telegram', 'whatsapp', 'youtube', 'tiktok', 'vk', 'website']);

/** Each status enum is its machine's own list (one vocabulary): a new state is a new migration. */
export const requestStatusEnum = pgEnum('request_status', requestStatuses);
/** A request's urgency: part of its SLA (request-sla.ts); a renter may only choose emergency or normal. */
export const requestPriorityEnum = pgEnum('request_priority', ['emergency', 'high', 'normal', 'low']);
/** What an SLA counts: the landlord's working hours, or every hour of the calendar. */
export const slaClockEnum = pgEnum('sla_clock', ['working', 'calendar']);
export const requestFileKindEnum = pgEnum('request_file_kind', ['photo', 'report']);

export const taskStatusEnum = pgEnum('task_status', taskStatuses);
export const taskOpenStatusEnum = pgEnum('task_open_status', openTaskStatuses);
export const taskPriorityEnum = pgEnum('task_priority', ['low', 'medium', 'high']);
/** A task of the tasks module, or a quick task (to renters or to employees, /quick-tasks). */
export const taskKindEnum = pgEnum('task_kind', ['task', 'quick']);
export const questionnaireStatusEnum = pgEnum('questionnaire_status', questionnaireStatuses);
export const violationStatusEnum = pgEnum('violation_status', violationStatuses);
export const violationFileKindEnum = pgEnum('violation_file_kind', ['photo', 'dispute', 'fix']);
export const contractStatusEnum = pgEnum('contract_status', contractStatuses);
