import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * `npm run build` ends here: what each first screen downloads, in gzip, against its budget, read
 * from Vite's manifest. A route's first load is the entry with its static imports plus the lazy
 * chunks it shows with theirs. Exits non-zero on a breach.
 */
type Chunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] };

const dist = path.resolve(process.argv[2] ?? 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const KB = 1024;

const firstLoads = [
  // The entry carries ru's base dictionary only (frame, public pages, sign-in, Home, inbox, registers): each area
  // whose texts only its own screens show is a namespace loaded with them. Splitting them out took 16.6 KB off
  // both first loads (/ 150.2 → 133.6 KB, /auth 164.9 → 148.2 KB); about 2 KB of room is left on each.
  { route: '/', budget: 136 * KB, shows: ['src/features/landing/LandingPage.tsx'] },
  { route: '/auth', budget: 150 * KB, shows: ['src/features/auth/LoginPage.tsx'] },
  { route: '/home (signed-in shell)', budget: 250 * KB, shows: ['src/app/GuardedRoutes.tsx', 'src/features/home/HomePage.tsx'] },
];
const lazyChunkBudget = 200 * KB;
// The statechart viewer is a developer's screen; its ELK runs in a worker of its own.
const exempt = (key: string) => key.startsWith('src/features/charts/') || key.includes('elk-worker');

const gzipCache = new Map<string, number>();
const gzipSize = (file: string) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return gzipCache.get(file)!;
};
const chunk = (key: string) => {
  const found = manifest[key];
  if (!found) throw new Error(`${key} is not in the manifest: was it renamed? (scripts/bundle-budget.ts)`);
  return found;
};
/** The chunk and everything it imports statically, each once. */
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(chunk(key).imports ?? [], seen);
  }
  return seen;
}
const jsBytes = (keys: Set<string>) =>
  [...keys]
    .map((k) => chunk(k).file)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSize(f), 0);

const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
if (!entry) throw new Error('No entry in the manifest');
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const rows: { what: string; gzip: string; budget: string; ok: string }[] = [];
let breaches = 0;
const check = (what: string, bytes: number, budget: number) => {
  const ok = bytes <= budget;
  if (!ok) breaches++;
  rows.push({ what, gzip: kb(bytes), budget: kb(budget), ok: ok ? 'ok' : 'OVER' });
};

for (const { route, budget, shows } of firstLoads) check(`first load ${route}`, jsBytes(closure([entry, ...shows])), budget);
const lazy = Object.entries(manifest).filter(([key, c]) => c.file.endsWith('.js') && !c.isEntry && !exempt(key));
const largest = lazy.map(([key, c]) => ({ key, bytes: gzipSize(c.file) })).sort((a, b) => b.bytes - a.bytes);
for (const { key, bytes } of largest.slice(0, 5)) check(`chunk ${key}`, bytes, lazyChunkBudget);
for (const { key, bytes } of largest.slice(5)) if (bytes > lazyChunkBudget) check(`chunk ${key}`, bytes, lazyChunkBudget);

console.table(rows);
if (breaches) {
  console.error(`${breaches} bundle budget(s) exceeded`);
  process.exit(1);
}
