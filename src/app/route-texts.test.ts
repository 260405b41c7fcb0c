import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Namespaces } from '#/i18n/i18n-types';
import { isNamespace } from '#/i18n/i18n-util';

/**
 * Each screen loads the namespaces (areas' dictionaries) it shows beside its code, as its route's
 * `lazyPage` lists them; a text of an area not loaded would render empty. Read from the source: the
 * files a page's module imports (statically, or lazily from inside the page), and the `LL.<namespace>`
 * they read. The frame (the entry, the guard and the shell) must read none.
 */
const root = path.resolve(import.meta.dirname, '../..');
const routeFiles = ['route-table.tsx', 'routes-sections.tsx', 'routes-notifications.tsx', 'route-entries.ts', 'preload.ts'].map((f) => `src/app/${f}`);

const isFile = (file: string) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile();
const source = (file: string) => readFileSync(path.join(root, file), 'utf8');

function resolve(from: string, spec: string): string | undefined {
  const base = spec.startsWith('.')
    ? path.join(path.dirname(from), spec)
    : spec.startsWith('#/')
      ? path.join('src', spec.slice(2))
      : spec.startsWith('#machines/')
        ? path.join('machines', spec.slice('#machines/'.length))
        : undefined;
  if (!base) return undefined; // a package
  const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(isFile);
  if (!found) throw new Error(`${from}: cannot resolve ${spec}`);
  return found;
}

const STATIC = /^\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s+'([^']+)'/gm;
const BARE = /^\s*import\s+'([^']+)'/gm;
const DYNAMIC = /import\(\s*'([^']+)'\s*\)/g;

/** The files `entry` brings in; the route table's lazy imports are pages of their own, checked one by one. */
function closure(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry) || entry.startsWith('src/i18n/')) return seen;
  seen.add(entry);
  const text = source(entry);
  const specs = [...text.matchAll(STATIC), ...text.matchAll(BARE), ...(routeFiles.includes(entry) ? [] : text.matchAll(DYNAMIC))];
  for (const [, spec] of specs) {
    const file = spec && resolve(entry, spec);
    if (file) closure(file, seen);
  }
  return seen;
}

/** The namespaces the files read, each with the files that read it. */
function needs(files: Set<string>): Map<Namespaces, string[]> {
  const found = new Map<Namespaces, string[]>();
  for (const file of files) {
    for (const [, key] of source(file).matchAll(/\bLL\??\.(\w+)/g)) {
      if (!key || !isNamespace(key)) continue;
      const users = found.get(key) ?? [];
      if (!users.includes(file)) users.push(file);
      found.set(key, users);
    }
  }
  return found;
}

const LAZY_PAGE = /lazyPage\(\s*\(\)\s*=>\s*import\('([^']+)'\)\s*,\s*[^,()]+?\s*(?:,\s*\[([^\]]*)\]\s*)?,?\s*\)/g;
const pages = routeFiles.flatMap((file) => {
  const text = source(file);
  const calls = [...text.matchAll(LAZY_PAGE)].map(([, spec = '', list = '']) => ({
    file,
    module: resolve(file, spec) ?? spec,
    declared: [...list.matchAll(/'(\w+)'/g)].map(([, ns]) => ns ?? '').sort(),
  }));
  // A call written another way would escape the check.
  const written = text.match(/lazyPage\(\s*\(/g)?.length ?? 0;
  if (calls.length !== written) throw new Error(`${file}: ${written - calls.length} lazyPage call(s) this test cannot read`);
  return calls;
});

describe('the texts each screen loads', () => {
  it('the frame (entry, guard, shell) reads no namespace', () => {
    expect(Object.fromEntries(needs(closure('src/main.tsx')))).toEqual({});
  });

  it.each(pages.map((p) => [p.module, p] as const))('%s lists the namespaces it reads', (_, page) => {
    const read = needs(closure(page.module));
    const missing = [...read].filter(([ns]) => !page.declared.includes(ns)).map(([ns, users]) => `${ns} (${users.join(', ')})`);
    const unused = page.declared.filter((ns) => !read.has(ns as Namespaces));
    expect({ missing, unused }).toEqual({ missing: [], unused: [] });
  });
});
