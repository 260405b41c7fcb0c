/**
 * The walk: every route of the route table as every demo role (and a guest), at 1366 px and on a 390 px
 * phone, on a fresh embedded database with the demo data and the built SPA (`npx vite build` first).
 * Each load records page exceptions, console errors, 5xx answers, sideways scroll and a wrong answer
 * (a route the role may not open must show Home or no access; an unknown id "Запись не найдена").
 * Prints the failures and a summary; exits non-zero on any.  npm run walk
 */
import { performance } from 'node:perf_hooks';
import { mayOpen } from '#/app/access';
import { routeTable } from '#/app/route-table';
import type { Viewer } from '#/shared/permissions';
import { startBrowserHarness } from '../tests/support/browser-harness';
import { apiGet, login, realIdOf, UNKNOWN_ID, type WalkRole, walkRoles } from './walk/ids';
import { type Expect, type Load, walker } from './walk/load';

const sizes = [
  { name: '1366', viewport: { width: 1366, height: 800 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

// A request type is no record: for a type it does not offer, the form says so ("Этот тип заявок недоступен").
const noRecordParam = /:typeId$/;

const started = performance.now();
const h = await startBrowserHarness();
const loads: Load[] = [];
let noRecord = 0;
try {
  const tokens: Partial<Record<WalkRole, string>> = {};
  for (const role of walkRoles) if (role !== 'guest') tokens[role] = await login(h.baseUrl, role);

  for (const role of walkRoles) {
    const token = tokens[role];
    const user = token ? await apiGet(h.baseUrl, '/user', token) : null;
    const access = user?.role === 'employee' ? (user.access ?? {}) : null;
    const viewer: Viewer | null = user && { role: user.role, access, hasBidAccess: true, canNotify: user.can_notify === true };
    // Each route's URLs: a `:param` route with the role's landlord's record (when it has one) and an unknown id.
    const plan: { url: string; expect: Expect }[] = [];
    for (const route of routeTable) {
      const urls: { url: string; unknown: boolean }[] = [];
      if (route.path.includes(':')) {
        const id = await realIdOf(h.baseUrl, route.path, tokens, role);
        if (id) urls.push({ url: route.path.replace(/:\w+/, id), unknown: false });
        else noRecord++;
        urls.push({ url: route.path.replace(/:\w+/, UNKNOWN_ID), unknown: true });
      } else urls.push({ url: route.path, unknown: false });
      for (const { url, unknown } of urls) {
        const expect: Expect = !route.guarded
          ? 'content'
          : !viewer
            ? 'login'
            : !mayOpen(viewer, url)
              ? 'refused'
              : unknown && !noRecordParam.test(route.path)
                ? 'not-found'
                : 'content';
        plan.push({ url, expect });
      }
    }
    // Both sizes at once, each in its own context (one sign-in, its own storage).
    await Promise.all(
      sizes.map(async (size) => {
        const context = await h.browser.newContext({ baseURL: h.baseUrl, viewport: size.viewport });
        // tsx names functions with esbuild's __name helper, which measureSideways carries into the page.
        await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
        if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
        const visit = await walker(context, role, size.name);
        for (const { url, expect } of plan) loads.push(await visit(url, expect));
        await context.close();
      }),
    );
    console.log(`${role}: ${plan.length * sizes.length} loads`);
  }
} finally {
  await h.close();
}

const failing = (pick: (l: Load) => boolean) => loads.filter(pick);
const groups = {
  exceptions: failing((l) => l.exceptions.length > 0),
  'console errors': failing((l) => l.consoleErrors.length > 0),
  '5xx': failing((l) => l.serverErrors.length > 0),
  'sideways scroll': failing((l) => l.sideways !== null),
  'wrong answers': failing((l) => l.answer !== null),
};
for (const [name, list] of Object.entries(groups)) {
  if (list.length === 0) continue;
  console.log(`\n${name} (${list.length}):`);
  for (const l of list) {
    const detail = [...l.exceptions, ...l.consoleErrors, ...l.serverErrors, l.sideways, l.answer].filter(Boolean);
    console.log(`  ${l.role} @${l.size} ${l.url}: ${[...new Set(detail)].join(' | ')}`);
  }
}
const minutes = ((performance.now() - started) / 60_000).toFixed(1);
const routes = routeTable.length;
console.log(
  `\nwalk: ${loads.length} loads (${routes} routes × ${walkRoles.length} roles × ${sizes.length} sizes, with real and unknown ids; ${noRecord} role×route without a demo record) in ${minutes} min`,
);
console.log(
  `exceptions ${groups.exceptions.length}, 5xx ${groups['5xx'].length}, sideways scroll ${groups['sideways scroll'].length}, console errors ${groups['console errors'].length}, wrong answers ${groups['wrong answers'].length}`,
);
process.exit(Object.values(groups).some((g) => g.length > 0) ? 1 : 0);
