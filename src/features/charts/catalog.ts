import { type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, fromPromise } from 'xstate';
import { alertItemMachine, alertsMachine } from '#machines/alert';
import { confirmMachine } from '#machines/confirm';
import { contractMachine } from '#machines/contract';
import { guardMachine } from '#machines/guard';
import { importMachine } from '#machines/import';
import { invoiceMachine } from '#machines/invoice';
import { questionnaireActors, questionnaireMachine } from '#machines/questionnaire';
import { readingMachine } from '#machines/reading';
import { recordMachine } from '#machines/record';
import { requestMachine } from '#machines/request';
import { sessionMachine } from '#machines/session';
import { taskMachine } from '#machines/task';
import type { SessionUser } from '#machines/types';
import { violationMachine } from '#machines/violation';
import { type ChartGraph, machineGraph } from './graph';

/**
 * Every machine of `machines/`, with what it takes to drive it: the `by` values its guards read and
 * samples of events that carry a payload (done/error outputs of invoked actors, ids, options). The
 * viewer steps through these, `npm run charts` draws them, and tests/unit/machines-coverage.test.ts
 * fails when a machine exported from `machines/` is missing here. States and transitions are never
 * listed: they come from the machine (graph.ts).
 */
export type EventSample = { type: string; [key: string]: unknown };

export type CatalogEntry = {
  name: string;
  machine: AnyStateMachine;
  input?: unknown;
  /** Values of `event.by` the machine's guards tell apart; every event type is offered as each. */
  by?: readonly string[];
  /** Samples for events with a payload; they replace the bare `{ type }` of a matching type. */
  samples?: readonly EventSample[];
  /** Coverage traversal bounds, for machines whose context grows (see tests/support/machine-paths). */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  stopWhen?: (snapshot: AnyMachineSnapshot) => boolean;
};

const user = (role: SessionUser['role']): SessionUser => ({
  id: `u-${role}`,
  username: role,
  email: null,
  full_name: role,
  role,
  landlord_id: null,
  avatar_url: null,
});

// A long duration: the viewer's alerts wait for a click instead of vanishing after 5 s.
const aLongTime = 3600;

export const catalog: CatalogEntry[] = [
  {
    name: 'session',
    machine: sessionMachine,
    samples: [
      { type: 'xstate.done.actor.loadUser', output: user('landlord') },
      { type: 'xstate.done.actor.loadUser', output: user('employee') },
      { type: 'xstate.error.actor.loadUser', error: 'network' },
      { type: 'xstate.done.actor.checkBidAccess', output: false },
      { type: 'xstate.error.actor.checkBidAccess', error: '500' },
      { type: 'xstate.done.actor.logout', output: undefined },
      { type: 'xstate.error.actor.logout', error: 'offline' },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.role, s.context.hasBidAccess]),
  },
  {
    name: 'guard',
    machine: guardMachine,
    samples: [
      { type: 'guard.check', kind: 'public' },
      { type: 'guard.check', kind: 'guarded' },
      { type: 'guard.check', kind: 'guarded', requiredRoles: [['landlord']] },
      { type: 'xstate.done.actor.ensureUser', output: null },
      { type: 'xstate.done.actor.ensureUser', output: user('renter') },
      { type: 'xstate.error.actor.ensureUser', error: 'network' },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.kind, s.context.requiredRoles, s.context.user?.role ?? null]),
  },
  {
    name: 'alerts',
    machine: alertsMachine,
    samples: [
      { type: 'alert.add', message: 'saved', duration: aLongTime },
      { type: 'alert.add', message: 'failed', alertType: 'error' },
      { type: 'alert.dismiss', id: 'alert-1' },
      { type: 'xstate.done.actor.alert-1', output: { id: 'alert-1' } },
      { type: 'xstate.done.actor.alert-2', output: { id: 'alert-2' } },
    ],
    // The list grows without bound; two alerts reach both "last one" and "one of several".
    serializeState: (s) => JSON.stringify([s.value, s.context.alerts.map((a: { id: string }) => a.id)]),
    stopWhen: (s) => s.context.alerts.length >= 2 || s.context.nextId > 3,
  },
  { name: 'alertItem', machine: alertItemMachine, input: { id: 'alert-1', type: 'info', duration: aLongTime } },
  {
    name: 'confirm',
    machine: confirmMachine,
    samples: [{ type: 'confirm.open' }, { type: 'confirm.open', title: 'T', message: 'M' }],
  },
  { name: 'record', machine: recordMachine },
  { name: 'request', machine: requestMachine, input: { hasPhotoReport: true }, by: ['staff', 'applicant'] },
  { name: 'task', machine: taskMachine, by: ['executor', 'creator', 'system'] },
  { name: 'questionnaire', machine: questionnaireMachine, by: questionnaireActors },
  { name: 'violation', machine: violationMachine, input: { hasFixPhoto: true }, by: ['staff', 'renter'] },
  { name: 'import', machine: importMachine, input: { wrong: 0 }, by: ['staff', 'system'] },
  { name: 'contract', machine: contractMachine, by: ['staff', 'system'] },
  { name: 'invoice', machine: invoiceMachine, input: { paid: false }, by: ['staff', 'system'] },
  { name: 'reading', machine: readingMachine, input: { billed: false }, by: ['staff', 'renter'] },
];

export function catalogEntry(name: string): CatalogEntry | undefined {
  return catalog.find((entry) => entry.name === name);
}

function matches(eventType: string, descriptor: string): boolean {
  return descriptor === eventType || (descriptor.endsWith('.*') && eventType.startsWith(descriptor.slice(0, -1)));
}

/** Every event the drawing's edges name, as the samples to send: payload samples, else one per `by`. */
export function eventSamples(entry: CatalogEntry, graph: ChartGraph = machineGraph(entry.machine)): EventSample[] {
  const types = [...new Set(graph.edges.map((edge) => edge.eventType).filter(Boolean))];
  return types.flatMap((type) => {
    const given = (entry.samples ?? []).filter((sample) => matches(sample.type, type));
    if (given.length) return given;
    if (type.includes('*')) return [];
    return entry.by ? entry.by.map((by) => ({ type, by })) : [{ type }];
  });
}

/** The samples the snapshot accepts now: the viewer's buttons. */
export function acceptedEvents(snapshot: AnyMachineSnapshot, samples: readonly EventSample[]): EventSample[] {
  return samples.filter((sample) => snapshot.can(sample as never));
}

function invokedSources(node: AnyStateNode): string[] {
  const own = (node.invoke as { src: unknown }[]).map((invoke) => invoke.src).filter((src): src is string => typeof src === 'string');
  return [...own, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(invokedSources)];
}

/**
 * The machine with every invoked actor replaced by a promise that never settles, so the viewer's
 * done/error buttons (`xstate.done.actor.<id>`) decide what the actor "answered".
 */
export function steppable(machine: AnyStateMachine): AnyStateMachine {
  const sources = [...new Set(invokedSources(machine.root as AnyStateNode))];
  if (sources.length === 0) return machine;
  const never = fromPromise(() => new Promise<never>(() => {}));
  return machine.provide({ actors: Object.fromEntries(sources.map((src) => [src, never])) } as never) as AnyStateMachine;
}
