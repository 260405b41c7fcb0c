import type { ELK, ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { ChartEdge, ChartGraph, ChartNode } from './graph';

/**
 * Positions for a chart, computed by ELK's layered algorithm. The caller brings ELK: the page runs it
 * in a web worker (elk-worker.ts), `npm run charts` and the tests the bundled build under Node
 * (elk-bundled.ts). Every coordinate is absolute (`json.*Coords: ROOT`), so nested states need no
 * offset arithmetic when drawing.
 */
export type Point = { x: number; y: number };
export type Box = { x: number; y: number; width: number; height: number };
export type LaidNode = ChartNode & Box & { compound: boolean };
export type LaidEdge = ChartEdge & { points: Point[]; labelBox: Box | null };
export type ChartLayout = { id: string; width: number; height: number; nodes: LaidNode[]; edges: LaidEdge[] };

// Text metrics without a DOM: the drawing uses a 13 px sans-serif face (state names) and 11 px (edges).
const stateCharWidth = 7.8;
const edgeCharWidth = 6.2;

function nodeSize(node: ChartNode): { width: number; height: number } {
  if (node.kind === 'start') return { width: 14, height: 14 };
  if (node.kind === 'any') return { width: 24, height: 24 };
  return { width: Math.max(80, Math.ceil(node.label.length * stateCharWidth) + 28), height: 36 };
}

export async function layoutChart(graph: ChartGraph, elk: Pick<ELK, 'layout'>): Promise<ChartLayout> {
  const parents = new Set(graph.nodes.map((node) => node.parent).filter(Boolean));
  const elkNodes = new Map<string, ElkNode>();
  for (const node of graph.nodes) {
    const compound = parents.has(node.id);
    elkNodes.set(node.id, {
      id: node.id,
      ...(compound ? { layoutOptions: { 'elk.padding': '[top=32,left=12,bottom=12,right=12]' } } : nodeSize(node)),
      children: [],
    });
  }
  const top: ElkNode[] = [];
  for (const node of graph.nodes) {
    const elkNode = elkNodes.get(node.id)!;
    (node.parent ? elkNodes.get(node.parent)!.children! : top).push(elkNode);
  }
  const edges: ElkExtendedEdge[] = graph.edges.map((edge) => ({
    id: edge.id,
    sources: [edge.source],
    targets: [edge.target],
    labels: edge.label ? [{ id: `${edge.id}#label`, text: edge.label, width: Math.ceil(edge.label.length * edgeCharWidth) + 6, height: 14 }] : [],
  }));
  const graphIn: ElkNode = {
    id: graph.id,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.edgeRouting': 'POLYLINE',
      'elk.edgeLabels.inline': 'false',
      'elk.spacing.nodeNode': '40',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.edgeLabel': '4',
      'elk.padding': '[top=16,left=16,bottom=16,right=16]',
    },
    children: top,
    edges,
  };
  const result: ElkNode = await elk.layout(graphIn);

  const placed = new Map<string, ElkNode>();
  const collect = (node: ElkNode) => {
    placed.set(node.id, node);
    node.children?.forEach(collect);
  };
  result.children?.forEach(collect);
  const laidEdges = new Map((result.edges ?? []).map((edge) => [edge.id, edge as ElkExtendedEdge]));

  return {
    id: graph.id,
    width: Math.ceil(result.width ?? 0),
    height: Math.ceil(result.height ?? 0),
    nodes: graph.nodes.map((node) => {
      const box = placed.get(node.id)!;
      return { ...node, x: box.x ?? 0, y: box.y ?? 0, width: box.width ?? 0, height: box.height ?? 0, compound: parents.has(node.id) };
    }),
    edges: graph.edges.map((edge) => {
      const laid = laidEdges.get(edge.id);
      const section = laid?.sections?.[0];
      const points = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint] : [];
      const label = laid?.labels?.[0];
      const labelBox = label ? { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 } : null;
      return { ...edge, points, labelBox };
    }),
  };
}
