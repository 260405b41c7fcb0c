import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * A machine's diagram, read from the machine itself (its state nodes and transition definitions),
 * never from a hand-written list, so the drawing cannot disagree with the code. The walk is the same
 * one tests/support/machine-paths.ts counts coverage on: every state node below the root, and every
 * transition definition of every node (root included): each `on` candidate (a guarded list counts
 * each entry), `after`, invoke `onDone`/`onError`, and `always`.
 */

export type ChartNode = {
  /** The state node's id, e.g. `task.in_progress`. */
  id: string;
  /** Its key, e.g. `in_progress`, as the machine spells it ('' for the pseudo-states). */
  key: string;
  /** What the drawing shows: the key, or its text in the user's language. */
  label: string;
  /** The id of the enclosing state, or null at the top level. */
  parent: string | null;
  initial: boolean;
  final: boolean;
  /** Pseudo-states the drawing adds: the initial dot, and "any state" for root-level transitions. */
  kind: 'state' | 'start' | 'any';
};

export type ChartEdge = {
  id: string;
  /** The transition definition this edge draws (several targets give several edges); null for the initial arrow. */
  definition: string | null;
  source: string;
  /** Same as source for a transition without a target (it stays) or one re-entering its state. */
  target: string;
  /** The raw event type the machine listens to (`task.start`, `xstate.done.actor.loadUser`, ``). */
  eventType: string;
  /** A readable event name: `task.start`, `done: loadUser`, `after: alert duration`, `always`. */
  event: string;
  /** The guard's name ("who may"), or null for an unguarded transition. */
  guard: string | null;
  /** `event [guard]`. */
  label: string;
};

export type ChartGraph = { id: string; nodes: ChartNode[]; edges: ChartEdge[] };

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).filter((child) => child.type !== 'history');
}

function descendants(node: AnyStateNode): AnyStateNode[] {
  return childrenOf(node).flatMap((child) => [child, ...descendants(child)]);
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

/** The name xstate keeps for a guard: a string, `{ type }`, or a named function; null when none. */
export function guardName(guard: unknown): string | null {
  if (guard == null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'guard';
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

/** Readable event names for xstate's built-in events. */
export function eventName(eventType: string): string {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) {
    // `xstate.after.<delay>.<state id>`: the state id is the node's own, so strip it.
    return `after: ${eventType.slice('xstate.after.'.length).split('.')[0]}`;
  }
  if (eventType.startsWith('xstate.done.actor.')) return `done: ${eventType.slice('xstate.done.actor.'.length)}`;
  if (eventType.startsWith('xstate.error.actor.')) return `error: ${eventType.slice('xstate.error.actor.'.length)}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

export function machineGraph(machine: AnyStateMachine): ChartGraph {
  const root = machine.root as AnyStateNode;
  const nodes: ChartNode[] = [];
  const edges: ChartEdge[] = [];
  const addStates = (parent: AnyStateNode, parentId: string | null) => {
    const children = childrenOf(parent);
    if (children.length === 0) return;
    const initialKey = (parent.initial as unknown as { target?: AnyStateNode[] } | undefined)?.target?.[0]?.key;
    if (parent.type === 'compound' && initialKey) {
      const start = `${parent.id}.<start>`;
      nodes.push({ id: start, key: '', label: '', parent: parentId, initial: false, final: false, kind: 'start' });
      const target = children.find((child) => child.key === initialKey);
      if (target)
        edges.push({
          id: `${start}->`,
          definition: null,
          source: start,
          target: target.id,
          eventType: '',
          event: '',
          guard: null,
          label: '',
        });
    }
    for (const child of children) {
      nodes.push({
        id: child.id,
        key: child.key,
        label: child.key,
        parent: parentId,
        initial: child.key === initialKey,
        final: child.type === 'final',
        kind: 'state',
      });
      addStates(child, child.id);
    }
  };
  addStates(root, null);

  const rootTransitions = transitionsOf(root);
  const anyId = `${root.id}.<any>`;
  if (rootTransitions.length) nodes.push({ id: anyId, key: '', label: '', parent: null, initial: false, final: false, kind: 'any' });
  for (const node of [root, ...descendants(root)]) {
    const source = node === root ? anyId : node.id;
    transitionsOf(node).forEach((transition, index) => {
      const event = eventName(transition.eventType);
      const guard = guardName(transition.guard);
      const targets = (transition.target as AnyStateNode[] | undefined) ?? [];
      const definition = `${node.id}:${transition.eventType}[${index}]`;
      for (const target of targets.length ? targets : [node]) {
        edges.push({
          id: `${definition}->${target.id}`,
          definition,
          source,
          target: target === root ? source : target.id,
          eventType: transition.eventType,
          event,
          guard,
          label: guard ? `${event} [${guard}]` : event,
        });
      }
    });
  }
  return { id: root.id, nodes, edges };
}

/** The transitions counted as machine-paths counts them: one per definition, whatever its targets. */
export function transitionCount(graph: ChartGraph): number {
  return new Set(graph.edges.flatMap((edge) => (edge.definition ? [edge.definition] : []))).size;
}

export function stateNodes(graph: ChartGraph): ChartNode[] {
  return graph.nodes.filter((node) => node.kind === 'state');
}
