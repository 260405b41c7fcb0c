import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { i18nObject } from '../../src/i18n/i18n-util';
import { loadAllLocales } from '../../src/i18n/i18n-util.sync';
import { kindLabel } from '../../src/shared/notification-kind-label';
import { notificationKinds, sentence } from '../../src/shared/notification-sentence';

loadAllLocales();
const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const contract = parse(readFileSync(root('openapi.yaml'), 'utf8')) as { components: { schemas: Record<string, { enum?: unknown[] }> } };

/**
 * A kind of notification is written by a module's notices.ts, rendered by the shared sentence, switched
 * for push by its label, and named in the contract's NotificationKind (the preferences refuse others).
 */
describe('every kind of notification is known everywhere', () => {
  it("the contract's NotificationKind is the shared list", () => {
    expect(contract.components.schemas.NotificationKind?.enum).toEqual([...notificationKinds]);
  });

  it('every kind a module writes by name is in the list', () => {
    const modules = root('server/modules');
    const written = readdirSync(modules, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => {
        try {
          return [...readFileSync(`${modules}/${d.name}/notices.ts`, 'utf8').matchAll(/kind: '([a-z]+\.[a-z]+)'/g)].map((m) => m[1]);
        } catch {
          return [];
        }
      });
    expect(written.length).toBeGreaterThan(0);
    for (const kind of written) expect(notificationKinds).toContain(kind);
  });

  it.each(['ru', 'kk', 'en'] as const)('each kind has its own label and sentence in %s', (locale) => {
    const LL = i18nObject(locale);
    const labels = notificationKinds.map((k) => kindLabel(LL, k));
    expect(new Set(labels).size).toBe(notificationKinds.length);
    for (const [i, kind] of notificationKinds.entries()) {
      expect(labels[i]).not.toBe(kind);
      expect(sentence(LL, { kind, params: {} }, locale)).not.toBe(LL.notifications.kinds.unknown());
    }
  });
});
