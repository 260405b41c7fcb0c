import { readFileSync } from 'node:fs';
import { minVersion, satisfies } from 'semver';
import { expect, it } from 'vitest';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));

it('every installed package runs on the oldest Node that package.json promises', () => {
  const oldest = minVersion(read('package.json').engines.node)?.version as string;
  expect(oldest).toBe('20.19.0');
  const packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } }> = read('package-lock.json').packages;
  const refusing = Object.entries(packages)
    .filter(([name, p]) => name && !p.optional && typeof p.engines?.node === 'string' && !satisfies(oldest, p.engines.node))
    .map(([name, p]) => `${name}@${p.version} needs node ${p.engines?.node}`);
  expect(refusing).toEqual([]);
});
