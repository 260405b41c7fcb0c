import { expect } from 'vitest';
import {
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  createEmptyActor,
  type EventObject,
} from 'xstate';
// `xstate/graph` rather than `@xstate/graph`: @xstate/graph 3.x re-exports it, and its bundle imports
// itself by package name, which is fragile under vite's resolver. The API is the same.
import { type AdjacencyMap, getAdjacencyMap, getShortestPaths, type StatePath } from 'xstate/graph';

/**
 * One generic path generator and coverage meter for every machine in `machines/`.
 *
 * Paths: the graph is walked with xstate's traversal (pure `machine.transition`, no actions run, no
 * actors started). Every reachable (snapshot, event) edge gets one path: the shortest path to the
 * snapshot plus that event; paths that are a prefix of another are dropped. So every reachable state
 * and every enabled transition is taken by some path.
 *
 * Events: for each state, every event type the active nodes listen to (their own descriptors, which
 * include `xstate.after.*` of delayed transitions and `xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>` of invocations) is sent as the samples of that type given in
 * `options.events`, or as a bare `{ type }` when there is none. Async invocations are not run by the
 * traversal: give samples of their done/error events (with `output` / `error`) instead. A sample
 * matches wildcard descriptors too (`xstate.done.actor.*` takes `xstate.done.actor.alert-1`).
 *
 * Coverage definitions (totals come from the machine definition, not from the traversal):
 * - states: every state node below the root, nested ones included; the root is always active and
 *   history pseudo-states are never "in" a snapshot, so both are left out. A state is covered when a
 *   path's snapshot has it active at any microstep (so transient states passed through count).
 * - transitions: every transition definition of every state node (root included): each candidate of
 *   `on` (a guarded list counts each entry), `after`, invoke `onDone`/`onError`/`onSnapshot`,
 *   state `onDone`, and `always`. A transition is covered when a path's replay selects it in some
 *   microstep (read from the `@xstate.microstep` inspection event, which carries the transitions).
 */

/** An event to send, with whatever payload (`output`, `error`, fields) the machine reads. */
export type EventSample = { type: string; [key: string]: unknown };

export type CoverOptions = {
  /** Event samples; see above. */
  events?: readonly EventSample[];
  /** Machine input, for machines with `context: ({ input }) => ...`. */
  input?: unknown;
  /**
   * How snapshots are told apart. Default: state value + context (xstate's default). Give a coarser
   * one when context grows without bound (counters, lists).
   */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Stop expanding from snapshots where this holds (bounds the graph). */
  stopWhen?: (snapshot: AnyMachineSnapshot) => boolean;
  /** Traversal safety net; xstate throws past it. Default 10 000. */
  limit?: number;
};

export type MachinePath = {
  /** Readable: `event → event → ... ⇒ state value`. */
  description: string;
  /** Events to send after start, in order (the init event is not included). */
  events: EventSample[];
  /** Snapshot at the end of the path (from the pure replay). */
  state: AnyMachineSnapshot;
};

export type CoverageCount = { covered: number; total: number; missing: string[] };

export type MachineCoverage = {
  name: string;
  paths: MachinePath[];
  coverage: { states: CoverageCount; transitions: CoverageCount };
};

function matchesDescriptor(eventType: string, descriptor: string): boolean {
  if (descriptor === eventType || descriptor === '*') return true;
  return descriptor.endsWith('.*') && eventType.startsWith(descriptor.slice(0, -1));
}

function ownEventTypes(snapshot: AnyMachineSnapshot): string[] {
  const nodes = (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
  return [...new Set(nodes.flatMap((node) => node.ownEvents as string[]))];
}

function eventsFor(samples: readonly EventSample[]) {
  return (snapshot: AnyMachineSnapshot): EventSample[] => {
    const events: EventSample[] = [];
    for (const descriptor of ownEventTypes(snapshot)) {
      const matching = samples.filter((sample) => matchesDescriptor(sample.type, descriptor));
      if (matching.length) events.push(...matching);
      else if (!descriptor.includes('*')) events.push({ type: descriptor });
    }
    // One descriptor list can name the same sample twice (`a.*` and `a.b`).
    return [...new Map(events.map((event) => [JSON.stringify(event), event])).values()];
  };
}

function stateNodesBelow(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [child, ...stateNodesBelow(child)]);
}

function transitionLabel(node: AnyStateNode, transition: AnyTransitionDefinition, index: number): string {
  const targets = transition.target?.map((target: AnyStateNode) => target.id).join(',') ?? '(self)';
  const eventType = transition.eventType === '' ? 'always' : transition.eventType;
  return `${node.id}: ${eventType}[${index}] -> ${targets}`;
}

function definedTransitions(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const labels = new Map<AnyTransitionDefinition, string>();
  for (const node of [machine.root, ...stateNodesBelow(machine.root)]) {
    for (const candidates of node.transitions.values()) {
      candidates.forEach((transition: AnyTransitionDefinition, index: number) => {
        labels.set(transition, transitionLabel(node, transition, index));
      });
    }
    (node.always ?? []).forEach((transition: AnyTransitionDefinition, index: number) => {
      labels.set(transition, transitionLabel(node, transition, index));
    });
  }
  return labels;
}

type Recorder = { states: Set<AnyStateNode>; transitions: Set<AnyTransitionDefinition> };

/**
 * Replays events with the pure transition function under an actor scope whose system reports
 * microsteps to `recorder`. Actions are not executed and children are not started, as in traversal.
 */
function replay(machine: AnyStateMachine, input: unknown, events: readonly EventSample[], recorder: Recorder) {
  const host = createEmptyActor();
  const record = (snapshot: AnyMachineSnapshot) => {
    for (const node of (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes) recorder.states.add(node);
  };
  host.system.inspect({
    next: (inspection) => {
      if (inspection.type !== '@xstate.microstep') return;
      record(inspection.snapshot as AnyMachineSnapshot);
      for (const transition of inspection._transitions) recorder.transitions.add(transition);
    },
  });
  const scope = {
    self: host,
    id: '',
    sessionId: host.sessionId,
    logger: () => {},
    defer: () => {},
    system: host.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
  let snapshot = machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot;
  record(snapshot);
  for (const event of events) {
    snapshot = machine.transition(snapshot, event, scope) as AnyMachineSnapshot;
    record(snapshot);
  }
  return snapshot;
}

function describePath(events: readonly EventSample[], snapshot: AnyMachineSnapshot): string {
  const steps = events.map((event) => event.type).join(' → ') || '(start)';
  return `${steps} ⇒ ${JSON.stringify(snapshot.value)}`;
}

function isPrefix(short: readonly string[], long: readonly string[]): boolean {
  return short.length < long.length && short.every((key, i) => key === long[i]);
}

export function coverMachine(name: string, machine: AnyStateMachine, options: CoverOptions = {}): MachineCoverage {
  const traversal = {
    events: eventsFor(options.events ?? []),
    input: options.input,
    limit: options.limit ?? 10_000,
    ...(options.serializeState ? { serializeState: options.serializeState } : {}),
    ...(options.stopWhen ? { stopWhen: options.stopWhen } : {}),
  };
  // The graph library's option types are generic over one machine; this helper is generic over all.
  const anyTraversal = traversal as unknown as Parameters<typeof getAdjacencyMap<AnyMachineSnapshot, EventObject, unknown>>[1];
  const adjacency = getAdjacencyMap(machine, anyTraversal) as unknown as AdjacencyMap<AnyMachineSnapshot, EventObject>;
  const shortest = getShortestPaths(machine, anyTraversal) as StatePath<AnyMachineSnapshot, EventSample>[];
  const serialize = options.serializeState ?? ((s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: s.context }));
  // getShortestPaths' first step holds the init event, the rest the events that lead on.
  const toEvents = (path: StatePath<AnyMachineSnapshot, EventSample>) => path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
  const shortestTo = new Map(shortest.map((path) => [serialize(path.state), toEvents(path)]));

  const candidates: EventSample[][] = [];
  for (const { state, transitions } of Object.values(adjacency)) {
    const head = shortestTo.get(serialize(state)) ?? [];
    const edges = Object.values(transitions) as { event: EventSample; state: AnyMachineSnapshot }[];
    if (edges.length === 0) candidates.push(head);
    for (const edge of edges) candidates.push([...head, edge.event]);
  }
  const keyed = candidates.map((events) => ({ events, keys: events.map((event) => JSON.stringify(event)) }));
  const unique = [...new Map(keyed.map((path) => [path.keys.join('|'), path])).values()];
  const kept = unique.filter((path) => !unique.some((other) => isPrefix(path.keys, other.keys)));

  const recorder: Recorder = { states: new Set(), transitions: new Set() };
  const paths = kept.map(({ events }) => {
    const state = replay(machine, options.input, events, recorder);
    return { description: describePath(events, state), events, state };
  });

  const allStates = stateNodesBelow(machine.root).filter((node) => node.type !== 'history');
  const allTransitions = definedTransitions(machine);
  const missingStates = allStates.filter((node) => !recorder.states.has(node)).map((node) => node.id);
  const missingTransitions = [...allTransitions].filter(([t]) => !recorder.transitions.has(t)).map(([, label]) => label);
  return {
    name,
    paths,
    coverage: {
      states: { covered: allStates.length - missingStates.length, total: allStates.length, missing: missingStates },
      transitions: {
        covered: allTransitions.size - missingTransitions.length,
        total: allTransitions.size,
        missing: missingTransitions,
      },
    },
  };
}

export function formatCoverage(result: MachineCoverage): string {
  const { states, transitions } = result.coverage;
  return `machine ${result.name}: states ${states.covered}/${states.total}, transitions ${transitions.covered}/${transitions.total}`;
}

export function reportCoverage(...results: MachineCoverage[]): void {
  for (const result of results) console.log(formatCoverage(result));
}

/** Fails the test, naming what was never reached, unless every state and transition is covered. */
export function expectFullCoverage(result: MachineCoverage): void {
  expect(result.coverage.states.missing, `${formatCoverage(result)}: states never reached`).toEqual([]);
  expect(result.coverage.transitions.missing, `${formatCoverage(result)}: transitions never taken`).toEqual([]);
  expect(result.coverage.states.total).toBeGreaterThan(0);
}

/**
 * Runs a path on a real, started actor (actions run, provided effects are called). Async actors
 * should be supplied as never-settling promises so the path's injected done/error events drive it.
 */
export function runPath<TMachine extends AnyStateMachine>(machine: TMachine, path: MachinePath, input?: unknown) {
  const actor = createActor(machine, input === undefined ? undefined : { input: input as never });
  actor.start();
  for (const event of path.events) actor.send(event as never);
  return actor;
}
