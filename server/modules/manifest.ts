import type { SQL } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Db } from '../db/client';
import type { Deps } from '../deps';
import type { ServiceHandlers } from '../http/contract';
import type { UploadGate } from '../http/uploads';
import type { JobContext, JobDeclaration } from '../jobs/declare';
import type { ChannelAdapter } from './deliveries/channel';
import type { MenuCaller } from './menu/caller';
import type { LiveHub } from './notifications/live';

/**
 * What handlers are built from: the app's dependencies, the live hub of this process (streams) and
 * every module's badges (the menu's counts).
 */
export type ModuleContext = Deps & { hub: LiveHub; badges: readonly BadgeDeclaration[] };

type SubjectType = components['schemas']['Notification']['subject']['type'];

/**
 * A module's menu badges, read with every other module's in one statement (menu/counts.ts). `shape`
 * names the kind of scope the caller gets (from its grants, read once per call; null: its keys are 0);
 * `counts` builds the scalar subqueries for a shape, with the caller's ids as placeholders
 * (menu/caller.ts), so one statement per shape serves every user.
 */
export type BadgeDeclaration = {
  keys: readonly string[];
  shape(caller: MenuCaller): string | null;
  counts(db: Db, shape: string): Record<string, SQL<number>>;
};

/**
 * Everything a server module adds to the app, declared in its `module.ts` and listed once in
 * modules/index.ts: the app, the server's start, the configuration and README, and the menu iterate the list.
 * Webhook events and audit entities will join here as optional fields.
 */
export type ModuleManifest = {
  name: string;
  handlers(ctx: ModuleContext): Partial<ServiceHandlers>;
  /** Every operation of the module that takes files, with who may send them (http/uploads.ts). */
  uploadGates?(deps: Deps): Record<string, UploadGate>;
  /** The largest file (MiB) one of its operations takes, when above the house's document limit (files/documents.ts). */
  maxUploadMib?: number;
  jobs?: readonly JobDeclaration[];
  badges?: readonly BadgeDeclaration[];
  /** The notification subjects (inbox links) the module's notices point at. */
  subjects?: readonly SubjectType[];
  /** A channel of the outbox the module carries (push, e-mail, Telegram); null when this server is not set up for it. */
  channel?(ctx: JobContext): ChannelAdapter | null;
};

/** Keeps each module's own handler types, so the app can check that the list covers the contract. */
export const defineModule = <const M extends ModuleManifest>(manifest: M) => manifest;

type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer I) => void ? I : never;

/** The handlers a list of modules builds together: ServiceHandlers only when every operation has one. */
export type HandlersOfAll<L extends readonly ModuleManifest[]> = Intersection<ReturnType<L[number]['handlers']>>;
