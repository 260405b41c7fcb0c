import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { README, withJobIntervals } from '../../scripts/readme-config';
import { loadConfig } from '../../server/config';
import { intervalSettings } from '../../server/jobs/all';
import { modules } from '../../server/modules';

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));

describe('the module modules', () => {
  it('list every folder of server/modules that has handlers, once', () => {
    const folders = readdirSync(root('server/modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && readdirSync(root(`server/modules/${d.name}`)).includes('handlers.ts'))
      .map((d) => d.name);
    expect(modules.map((m) => m.name).sort()).toEqual(folders.sort());
  });

  it("declare together exactly the contract's notification subjects, each by one module", () => {
    const contract = parse(readFileSync(root('openapi.yaml'), 'utf8')) as {
      components: { schemas: { Notification: { properties: { subject: { properties: { type: { enum: string[] } } } } } } };
    };
    const declared = modules.flatMap((m) => m.subjects ?? []);
    expect(new Set(declared).size).toBe(declared.length);
    expect(declared.sort()).toEqual([...contract.components.schemas.Notification.properties.subject.properties.type.enum].sort());
  });

  it('give each job an interval setting of its own name and config key, read with its default', () => {
    expect(new Set(intervalSettings.map((s) => s.env)).size).toBe(intervalSettings.length);
    expect(new Set(intervalSettings.map((s) => s.key)).size).toBe(intervalSettings.length);
    const config = loadConfig({}, []);
    for (const s of intervalSettings) expect(config[s.key]).toBe(s.defaultMs);
    expect(loadConfig({ CONTRACT_JOB_INTERVAL_MS: '5' }, []).contractJobIntervalMs).toBe(5);
    expect(() => loadConfig({ ORPHAN_SWEEP_INTERVAL_MS: '1h' }, [])).toThrow('ORPHAN_SWEEP_INTERVAL_MS must be a whole number');
  });
});

describe("README's job intervals", () => {
  it('are the rows the declarations give (run `npm run gen` after changing a job)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toBe(withJobIntervals(readme));
    for (const s of intervalSettings) expect(readme).toContain(`| \`${s.env}\` | \`${s.defaultMs}\` | ${s.describe} |`);
  });

  it('are found wrong when a declaration changes', () => {
    const readme = readFileSync(README, 'utf8');
    const changed = intervalSettings.map((s, i) => (i === 0 ? { ...s, defaultMs: s.defaultMs + 1 } : s));
    expect(withJobIntervals(readme, changed)).not.toBe(readme);
  });
});
