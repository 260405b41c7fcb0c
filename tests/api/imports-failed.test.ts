import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/api-harness';
import { callImports, uploadImport } from '../support/imports';

// A check that runs past the worker pool's time limit (here cut to its least, 100 ms, which starting a
// worker thread alone exceeds) keeps the import as failed: its file downloadable, nothing to commit.
describeEachDatabase(
  'imports: a check past its time limit',
  (h) => {
    let landlord = '';
    beforeAll(async () => {
      landlord = await h.login('landlord');
    });

    it('is kept as failed, says why in the caller language, keeps the file and commits nothing', async () => {
      const rows = Array.from({ length: 50_000 }, (_, i) => `ТРЦ «Mega Center»;F-${i};1;10`);
      const file = Buffer.from(['object;number;floor;area', ...rows, ''].join('\n'));
      const up = await uploadImport(h, landlord, 'units', file, 'units.csv', 'en');
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      expect(up.body).toMatchObject({
        status: 'failed',
        actions: [],
        counts: { total: 0, new: 0, changed: 0, unchanged: 0, wrong: 0 },
        failure: 'Checking the file took too long. Split the file into parts',
      });
      expect(up.body.history.map((e: { event: string; to_status: string }) => [e.event, e.to_status])).toEqual([
        ['import.created', 'uploaded'],
        ['import.fail', 'failed'],
      ]);
      const original = await callImports(h, landlord, `/imports/${up.body.id}/file`);
      expect(original.status).toBe(200);
      expect(original.bytes.equals(file)).toBe(true);
      const commit = await callImports(h, landlord, `/imports/${up.body.id}/commit`, { method: 'POST' });
      expect(commit.status).toBe(409);
      expect(commit.body.error.code).toBe('invalid_state');
      expect((await callImports(h, landlord, `/imports/${up.body.id}/discard`, { method: 'POST' })).status).toBe(409);
      const rooms = (await h.api('/objects', { token: landlord })).body.data[0].id as string;
      const units = (await h.api(`/objects/${rooms}/rooms`, { token: landlord })).body as { number: string }[];
      expect(units.filter((u) => u.number.startsWith('F-'))).toEqual([]);
    });
  },
  { config: { workerTaskTimeoutMs: 100 } },
);
