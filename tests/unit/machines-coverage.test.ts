import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalog, eventSamples } from '#/features/charts/catalog';
import { coverMachine, expectFullCoverage, type MachineCoverage } from '../support/machine-paths';

/**
 * CI's one table of machine coverage: every machine exported from `machines/` (the directory is
 * listed, so a new machine cannot be forgotten) must be in the charts catalog, and the one path
 * generator must reach 100 % of its states and transitions with the catalog's event samples.
 */
const machinesDir = fileURLToPath(new URL('../../machines/', import.meta.url));
const files = readdirSync(machinesDir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'types.ts');

const isMachine = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'root' in value && 'transition' in value && 'getInitialSnapshot' in value;

const percent = (count: { covered: number; total: number }) => (count.total === 0 ? '—' : `${Math.floor((count.covered / count.total) * 1000) / 10}%`);

describe('machines coverage', () => {
  it.each(files)('machines/%s exports machines that are all in the charts catalog', async (file) => {
    const module = (await import(/* @vite-ignore */ `${machinesDir}${file}`)) as Record<string, unknown>;
    const machines = Object.entries(module).filter(([, value]) => isMachine(value));
    expect(machines.length, `machines/${file} exports no machine`).toBeGreaterThan(0);
    for (const [name, machine] of machines) {
      expect(
        catalog.some((entry) => entry.machine === machine),
        `${name} of machines/${file} is missing from src/features/charts/catalog.ts`,
      ).toBe(true);
    }
  });

  const results: MachineCoverage[] = catalog.map((entry) =>
    coverMachine(entry.name, entry.machine, {
      events: eventSamples(entry),
      input: entry.input,
      ...(entry.serializeState ? { serializeState: entry.serializeState } : {}),
      ...(entry.stopWhen ? { stopWhen: entry.stopWhen } : {}),
    }),
  );

  it('prints the coverage table', () => {
    const rows = results.map(({ name, coverage: { states, transitions } }) =>
      [
        name.padEnd(14),
        `${states.covered}/${states.total}`.padStart(6),
        percent(states).padStart(7),
        `${transitions.covered}/${transitions.total}`.padStart(7),
        percent(transitions).padStart(7),
      ].join('  '),
    );
    console.log(['machine         states      %  transitions     %', ...rows].join('\n'));
    expect(rows).toHaveLength(catalog.length);
  });

  // Names only: vitest formats each.* arguments, and a snapshot's actor system does not survive that.
  it.each(results.map((result) => result.name))('machine %s is covered 100 %%', (name) => {
    expectFullCoverage(results.find((result) => result.name === name)!);
  });
});
