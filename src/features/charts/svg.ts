import type { ChartLayout, LaidEdge, LaidNode } from './layout';

/**
 * The drawing of a laid-out chart as a small element tree, so one description serves both outputs:
 * `renderSvg` serializes it to a standalone SVG file (`npm run charts`, documents), and the viewer
 * page turns the same tree into React elements (no HTML injection anywhere).
 */
export type SvgElement = { tag: string; attrs: Record<string, string | number>; children: (SvgElement | string)[] };

export type SvgOptions = {
  /** The state node id drawn as current (`task.in_progress`). */
  highlight?: string | null;
  labels: {
    /** The title of the drawing (accessible name). */
    title: string;
    /** The tooltip of the pseudo-state that root-level transitions leave from. */
    anyState: string;
  };
};

const colors = { line: '#4b5563', box: '#ffffff', current: '#dbeafe', currentLine: '#1d4ed8', text: '#111827', edgeText: '#374151' };
const font = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';

const el = (tag: string, attrs: SvgElement['attrs'], ...children: SvgElement['children']): SvgElement => ({ tag, attrs, children });
const n = (value: number) => Math.round(value * 10) / 10;

function stateShape(node: LaidNode, options: SvgOptions): SvgElement {
  const current = node.id === options.highlight;
  const group = { 'data-state': node.key, 'data-current': current ? 'true' : 'false' };
  if (node.kind === 'start') return el('circle', { ...group, cx: n(node.x + 7), cy: n(node.y + 7), r: 7, fill: colors.line });
  if (node.kind === 'any') {
    return el(
      'g',
      group,
      el('title', {}, options.labels.anyState),
      el('circle', { cx: n(node.x + 12), cy: n(node.y + 12), r: 11, fill: colors.box, stroke: colors.line, 'stroke-dasharray': '3 2' }),
      el('text', { x: n(node.x + 12), y: n(node.y + 16.5), 'text-anchor': 'middle', 'font-size': 13, fill: colors.text }, '*'),
    );
  }
  const stroke = current ? colors.currentLine : colors.line;
  const box = { x: n(node.x), y: n(node.y), width: n(node.width), height: n(node.height), rx: 10 };
  const shapes: SvgElement[] = [
    el('rect', {
      ...box,
      fill: node.compound ? 'none' : current ? colors.current : colors.box,
      stroke,
      'stroke-width': current ? 2.5 : 1.2,
    }),
  ];
  // Final states get the double border of UML statecharts.
  if (node.final) {
    shapes.push(el('rect', { x: n(node.x + 3), y: n(node.y + 3), width: n(node.width - 6), height: n(node.height - 6), rx: 7, fill: 'none', stroke }));
  }
  const textY = node.compound ? node.y + 20 : node.y + node.height / 2 + 4.5;
  shapes.push(
    el(
      'text',
      {
        x: n(node.x + node.width / 2),
        y: n(textY),
        'text-anchor': 'middle',
        'font-size': 13,
        'font-weight': current ? 700 : 400,
        fill: colors.text,
      },
      node.label,
    ),
  );
  return el('g', group, ...shapes);
}

function edgeShape(edge: LaidEdge): SvgElement {
  const points = edge.points.map((p) => `${n(p.x)},${n(p.y)}`).join(' ');
  const parts: SvgElement[] = [el('polyline', { points, fill: 'none', stroke: colors.line, 'stroke-width': 1.2, 'marker-end': 'url(#arrow)' })];
  if (edge.labelBox && edge.label) {
    const { x, y, height } = edge.labelBox;
    parts.push(el('text', { x: n(x + 3), y: n(y + height - 3), 'font-size': 11, fill: colors.edgeText }, edge.label));
  }
  return el('g', { 'data-event': edge.eventType }, ...parts);
}

export function svgTree(layout: ChartLayout, options: SvgOptions): SvgElement {
  const arrow = el(
    'marker',
    { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 8, markerHeight: 8, orient: 'auto-start-reverse' },
    el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: colors.line }),
  );
  // Compound states first so their children and edges are drawn on top of them.
  const nodes = [...layout.nodes].sort((a, b) => Number(b.compound) - Number(a.compound));
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${layout.width} ${layout.height}`,
      width: layout.width,
      height: layout.height,
      role: 'img',
      'font-family': font,
    },
    el('title', {}, options.labels.title),
    el('defs', {}, arrow),
    ...nodes.map((node) => stateShape(node, options)),
    ...layout.edges.map(edgeShape),
  );
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function serialize(node: SvgElement | string): string {
  if (typeof node === 'string') return escapeXml(node);
  const attrs = Object.entries(node.attrs)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join('');
  return `<${node.tag}${attrs}>${node.children.map(serialize).join('')}</${node.tag}>`;
}

/** A standalone SVG document of the chart. */
export function renderSvg(layout: ChartLayout, options: SvgOptions): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serialize(svgTree(layout, options))}\n`;
}
