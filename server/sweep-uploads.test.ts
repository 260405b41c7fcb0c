import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { sweepTemporaryUploads } from './server';

it('removes uploads a dead process left in the temporary folder, not one being received now', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crm-sweep-'));
  try {
    await writeFile(path.join(dir, 'left-by-a-crash.upload'), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await utimes(path.join(dir, 'left-by-a-crash.upload'), twoHoursAgo, twoHoursAgo);
    await writeFile(path.join(dir, 'arriving.upload'), 'y');
    await sweepTemporaryUploads(dir);
    expect(await readdir(dir)).toEqual(['arriving.upload']);
    await sweepTemporaryUploads(path.join(dir, 'missing')); // no folder yet: nothing to do, no error
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
