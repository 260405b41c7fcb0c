import type { TranslationFunctions } from '../../i18n/i18n-types';
import type { EventSample } from './catalog';
import { type ChartGraph, eventName } from './graph';

type Group = Record<string, (() => string) | undefined>;
const pick = (group: unknown, key: string): string | undefined => (group as Group | undefined)?.[key]?.();
// Guard and delay names are written as words in the machines ("by the executor"): their keys are those words.
const keyOf = (name: string) => name.replace(/[^A-Za-z]+/g, '_').replace(/_$/, '');

/**
 * The user's language for a machine's drawing and buttons. The workflow machines reuse the words the
 * product already shows for their statuses and actions; the shell's machines have their own.
 * A name without a text stays as the machine spells it (a unit test keeps the list complete).
 */
export function chartTexts(LL: TranslationFunctions, machine: string) {
  const c = LL.charts;
  const statuses: Record<string, unknown> = {
    request: LL.requests.statuses,
    task: LL.tasks.statuses,
    questionnaire: LL.waitingList.statuses,
    violation: LL.violations.statuses,
    contract: LL.contracts.statuses,
    import: LL.importPage.statuses,
    invoice: LL.billing.statuses,
    reading: LL.meters.readings.statuses,
  };
  const actions: Record<string, unknown> = {
    request: LL.requests.actions,
    task: LL.tasks.actions,
    questionnaire: LL.waitingList.events,
    violation: LL.violations.actions,
    contract: LL.contracts.actions,
    import: LL.importPage.events,
    invoice: LL.billing.actions,
    reading: LL.meters.readings.actions,
  };
  const state = (key: string) => pick(statuses[machine], key) ?? pick(c.states, key) ?? key;
  /** `task.start`, `done: loadUser`, `after: alert duration`, `always` as graph.ts names them. */
  const event = (name: string) => {
    const actor = /^(done|error): (.+)$/.exec(name);
    if (actor) {
      const who = actor[2] === '*' ? c.actors.any() : (pick(c.actors, actor[2] ?? '') ?? actor[2] ?? '');
      return actor[1] === 'done' ? c.done({ actor: who }) : c.error({ actor: who });
    }
    if (name.startsWith(`${machine}.`)) {
      const own = pick(actions[machine], name.slice(machine.length + 1));
      if (own) return own;
    }
    return pick(c.eventNames, keyOf(name)) ?? name;
  };
  const guard = (name: string) => pick(c.guards, keyOf(name)) ?? name;
  const side = (by: string) => pick(c.sides, by) ?? by;
  return {
    machineName: (name: string) => pick(c.machines, name) ?? name,
    state,
    event,
    /** The drawing with its states and transitions in the user's language; ids and keys unchanged. */
    graph: (graph: ChartGraph): ChartGraph => ({
      ...graph,
      nodes: graph.nodes.map((node) => (node.kind === 'state' ? { ...node, label: state(node.key) } : node)),
      edges: graph.edges.map((edge) => {
        if (!edge.event) return edge;
        const text = event(edge.event);
        return { ...edge, label: edge.guard ? `${text} [${guard(edge.guard)}]` : text };
      }),
    }),
    /** A button: the event, and who sends it; other payload (technical samples) as it is. */
    sample: (sample: EventSample) => {
      const { type, ...payload } = sample;
      const details = Object.entries(payload)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => (key === 'by' ? side(String(value)) : `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`));
      const text = event(eventName(type));
      return details.length ? `${text} (${details.join(', ')})` : text;
    },
  };
}

/** Every state, event and guard name of a drawing that has no text in the dictionary (for the test). */
export function untranslated(LL: TranslationFunctions, machine: string, graph: ChartGraph): string[] {
  const t = chartTexts(LL, machine);
  const missing: string[] = [];
  for (const node of graph.nodes) if (node.kind === 'state' && t.state(node.key) === node.key) missing.push(`state ${node.key}`);
  for (const edge of graph.edges) {
    if (edge.event && t.event(edge.event) === edge.event) missing.push(`event ${edge.event}`);
    if (edge.guard && pick(LL.charts.guards, keyOf(edge.guard)) === undefined) missing.push(`guard ${edge.guard}`);
  }
  return [...new Set(missing)];
}
