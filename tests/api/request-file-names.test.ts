import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { requestFiles } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { createAsRenter, firstRenterType, PNG, uploadFile } from '../support/requests';

/** The start of a JPEG (SOI and a JFIF APP0 marker): what its bytes are judged by. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.from([0xff, 0xd9]),
]);

describeEachDatabase('a request’s photos keep their names', (h) => {
  const t = { renter: '', employee: '' };
  let typeId = '';

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    typeId = await firstRenterType(h, t.renter);
  });

  const detail = async (id: string) =>
    (await h.api(`/requests/${id}`, { token: t.renter })).body as { files: Array<{ kind: string; name: string | null; url: string }> };

  it('the applicant’s photo and the executor’s photo report are listed and downloaded under the names they were uploaded with', async () => {
    const r = await createAsRenter(h, t.renter, typeId);
    expect((await uploadFile(h, t.renter, r.id, 'photo', JPEG, 'фасад.jpg')).status).toBe(201);
    expect((await h.api(`/requests/${r.id}/transitions`, { token: t.employee, body: { event: 'request.take' } })).status).toBe(200);
    expect((await uploadFile(h, t.employee, r.id, 'report', PNG, 'после ремонта.png')).status).toBe(201);

    const files = (await detail(r.id)).files;
    expect(files.map((f) => [f.kind, f.name])).toEqual([
      ['photo', 'фасад.jpg'],
      ['report', 'после ремонта.png'],
    ]);
    const photo = await h.fetch(files[0]!.url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-disposition')).toBe(`inline; filename="_____.jpg"; filename*=UTF-8''${encodeURIComponent('фасад.jpg')}`);
    const report = await h.fetch(files[1]!.url);
    expect(report.headers.get('content-disposition')).toBe(`inline; filename="_____ _______.png"; filename*=UTF-8''${encodeURIComponent('после ремонта.png')}`);
  });

  it('a photo stored before names were kept still opens, under no name', async () => {
    const r = await createAsRenter(h, t.renter, typeId);
    expect((await uploadFile(h, t.renter, r.id, 'photo')).status).toBe(201);
    await h.db.update(requestFiles).set({ name: null }).where(eq(requestFiles.requestId, r.id));
    const [file] = (await detail(r.id)).files;
    expect(file?.name).toBeNull();
    const res = await h.fetch(file!.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('inline');
  });
});
