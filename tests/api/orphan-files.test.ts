import { access, mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { objects } from '../../server/db/schema';
import { sweepOrphanFiles } from '../../server/storage/orphans';
import { localStorage } from '../../server/storage/storage';
import { describeEachDatabase } from '../support/api-harness';

const DAY = 24 * 60 * 60_000;

describeEachDatabase('sweep of stored files no row names', (h) => {
  it('removes an unreferenced file older than a day; keeps referenced files and uploads still arriving', async () => {
    const storage = localStorage(h.config.storageDir, h.config.storagePublicPath);
    const at = async (key: string, ageMs: number) => {
      const full = path.join(h.config.storageDir, key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, 'x');
      const when = new Date(Date.now() - ageMs);
      await utimes(full, when, when);
    };
    // The demo's logos are named by their objects; made two days old, they are still kept.
    const logos = (await h.db.select({ key: objects.logoKey }).from(objects).where(isNotNull(objects.logoKey))).map((o) => o.key as string);
    expect(logos.length).toBeGreaterThan(0);
    for (const key of logos) await at(key, 2 * DAY);
    await at('requests/00000000-0000-4000-8000-000000000001/lost.jpg', 2 * DAY); // a process died before its row
    await at('tasks/00000000-0000-4000-8000-000000000002/arriving.pdf', 60_000); // its row is being written

    const removed = await sweepOrphanFiles(h.db, storage);
    const stored = (key: string) =>
      access(path.join(h.config.storageDir, key)).then(
        () => true,
        () => false,
      );

    expect(removed).toEqual(['requests/00000000-0000-4000-8000-000000000001/lost.jpg']);
    expect(await stored('requests/00000000-0000-4000-8000-000000000001/lost.jpg')).toBe(false);
    expect(await stored('tasks/00000000-0000-4000-8000-000000000002/arriving.pdf')).toBe(true);
    for (const key of logos) expect(await stored(key)).toBe(true);
  });
});
