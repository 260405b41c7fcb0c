import { describe, expect, it } from 'vitest';
import { sessionMachine } from '#machines/session';
import { taskMachine, taskStatuses } from '#machines/task';
import { bundledElk } from './elk-bundled';
import { machineGraph, stateNodes, transitionCount } from './graph';
import { layoutChart } from './layout';
import { renderSvg } from './svg';

const labels = { title: 'task', anyState: 'any state' };

describe('machine graph', () => {
  const graph = machineGraph(taskMachine);
  it('reads the task machine: 8 states, 19 transitions, guards named', () => {
    expect(
      stateNodes(graph)
        .map((node) => node.label)
        .sort(),
    ).toEqual([...taskStatuses].sort());
    expect(transitionCount(graph)).toBe(19);
    const start = graph.edges.find((edge) => edge.source === 'task.new' && edge.eventType === 'task.start');
    expect(start).toMatchObject({ target: 'task.in_progress', guard: 'by the executor', label: 'task.start [by the executor]' });
    expect(graph.edges.filter((edge) => edge.eventType === 'task.extend').map((edge) => edge.guard)).toHaveLength(4);
    expect(
      stateNodes(graph)
        .filter((node) => node.initial)
        .map((node) => node.label),
    ).toEqual(['new']);
    expect(
      stateNodes(graph)
        .filter((node) => node.final)
        .map((node) => node.label)
        .sort(),
    ).toEqual(['accepted', 'rejected']);
  });
  it('draws invoked actors and root-level transitions', () => {
    const session = machineGraph(sessionMachine);
    expect(session.edges.map((edge) => edge.label)).toContain('done: loadUser [user is an employee]');
    expect(
      session.edges
        .filter((edge) => edge.source === 'session.<any>')
        .map((edge) => edge.event)
        .sort(),
    ).toEqual(['session.expired', 'session.reset']);
  });
});

describe('renderSvg', () => {
  it('draws every state, the current one highlighted, every edge with its label', async () => {
    const layout = await layoutChart(machineGraph(taskMachine), bundledElk);
    const svg = renderSvg(layout, { highlight: 'task.in_progress', labels });
    for (const status of taskStatuses) expect(svg).toContain(`>${status}</text>`);
    expect(svg).toContain('data-state="in_progress" data-current="true"');
    expect(svg.match(/data-current="true"/g)).toHaveLength(1);
    expect(svg.match(/<polyline /g)).toHaveLength(layout.edges.length);
    expect(svg).toContain('task.return [by the creator]');
    for (const node of layout.nodes) expect(node.width).toBeGreaterThan(0);
  });
});
