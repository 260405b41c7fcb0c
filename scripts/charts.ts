import { mkdirSync, writeFileSync } from 'node:fs';
import { catalog } from '#/features/charts/catalog';
import { bundledElk } from '#/features/charts/elk-bundled';
import { machineGraph } from '#/features/charts/graph';
import { layoutChart } from '#/features/charts/layout';
import { renderSvg } from '#/features/charts/svg';

/** `npm run charts`: one SVG per machine in charts/, drawn from the machines themselves. */
mkdirSync('charts', { recursive: true });
for (const entry of catalog) {
  const layout = await layoutChart(machineGraph(entry.machine), bundledElk);
  const file = `charts/${entry.name}.svg`;
  writeFileSync(file, renderSvg(layout, { labels: { title: `${entry.name} machine`, anyState: 'any state' } }));
  console.log(`${file}: ${layout.nodes.filter((node) => node.kind === 'state').length} states`);
}
