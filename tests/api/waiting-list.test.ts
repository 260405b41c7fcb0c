import { readdir } from 'node:fs/promises';
import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { QuestionnaireEventType } from '#machines/questionnaire';
import { questionnaireFiles, questionnaires } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { form, nextIp, submit } from '../support/questionnaires';
import { PDF, PNG } from '../support/requests';

const EXE = Buffer.from('MZ\x90\x00not a document');

async function filesIn(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

describeEachDatabase('waiting list (questionnaires)', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', renter: '' };
  let linkId = '';
  let objectId = '';
  const rows = async () => {
    const [q] = await h.db.select({ n: count() }).from(questionnaires);
    const [f] = await h.db.select({ n: count() }).from(questionnaireFiles);
    return { questionnaires: q?.n, files: f?.n, stored: await filesIn(h.config.storageDir) };
  };
  const newQuestionnaire = async () => {
    const res = await submit(h, linkId);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const send = (id: string, event: QuestionnaireEventType, token = t.employee) => h.api(`/application-forms/${id}/transitions`, { token, body: { event } });

  beforeAll(async () => {
    for (const u of ['landlord', 'landlord2', 'employee', 'renter'] as const) t[u] = await h.login(u);
    const objects = await h.api('/objects?limit=1', { token: t.landlord });
    objectId = objects.body.data[0].id;
    const link = await h.api('/application-forms/link', { method: 'PUT', token: t.landlord, body: { object_id: objectId } });
    expect(link.status).toBe(200);
    linkId = new URL(link.body.link).searchParams.get('l') as string;
  });

  it('makes one link per object, lists the centre on /tenants, and refuses another landlord or a plain employee', async () => {
    const again = await h.api('/application-forms/link', { method: 'PUT', token: t.landlord, body: { object_id: objectId } });
    expect(again.body.link).toBe(`${h.config.publicUrl}/application-form?l=${linkId}`);
    expect((await h.api('/application-forms/link', { method: 'PUT', token: t.landlord2, body: { object_id: objectId } })).status).toBe(404);
    // The demo employee is `creator`, not `main`, in every module.
    expect((await h.api('/application-forms/link', { method: 'PUT', token: t.employee, body: { object_id: objectId } })).status).toBe(403);
    expect((await h.api('/application-forms/link', { method: 'PUT', token: t.renter, body: { object_id: objectId } })).status).toBe(403);
    const tenants = await h.api('/public/tenants');
    expect(tenants.status).toBe(200);
    expect(tenants.body).toContainEqual(expect.objectContaining({ object_id: objectId, link: again.body.link }));
    const info = await h.api(`/public/application-forms/${linkId}`);
    expect(info.status).toBe(200);
    expect(info.body.object_name).toBe(tenants.body.find((x: { object_id: string }) => x.object_id === objectId).object_name);
  });

  it('answers 404 for an unknown link, on reading and on sending', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await h.api(`/public/application-forms/${unknown}`)).status).toBe(404);
    const before = await rows();
    expect((await submit(h, unknown)).status).toBe(404);
    expect(await rows()).toEqual(before);
  });

  it('stores the questionnaire with its files, and refuses bad fields with field errors', async () => {
    const before = await rows();
    const res = await submit(h, linkId, {
      files1: { data: PDF, name: 'deck.pdf', type: 'application/pdf' },
      files2: { data: PNG, name: 'logo.png' },
    });
    expect(res.status).toBe(201);
    expect(await rows()).toEqual({
      questionnaires: (before.questionnaires ?? 0) + 1,
      files: (before.files ?? 0) + 2,
      stored: before.stored + 2,
    });
    const detail = await h.api(`/application-forms/${res.body.id}`, { token: t.landlord });
    expect(detail.body).toMatchObject({
      status: 'new',
      company_name: 'ТОО Ромашка',
      min_area: 50,
      max_area: 120.5,
      water_supply: true,
      years_in_business: 7,
      renter_id: null,
    });
    expect(detail.body.files.map((f: { file_set: number; name: string }) => [f.file_set, f.name])).toEqual([
      [1, 'deck.pdf'],
      [2, 'logo.png'],
    ]);
    expect(detail.body.actions).toEqual(['questionnaire.process', 'questionnaire.reject']);
    expect(detail.body.can_delete).toBe(true);

    const bad = await submit(h, linkId, { bin_iin: '123456789012', min_area: '200', max_area: '100', min_kw: '-1' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toContain('min_kw');
    const checksum = await submit(h, linkId, { bin_iin: '123456789012', min_area: '200', max_area: '100' });
    expect(checksum.status).toBe(400);
    expect(checksum.body.error.fields).toMatchObject({ bin_iin: expect.any(String), max_area: expect.any(String) });
  });

  it('stores nothing when any file is refused by type, size or count', async () => {
    const before = await rows();
    const wrongType = await submit(h, linkId, {
      files1: { data: PDF, name: 'ok.pdf' },
      files2: { data: EXE, name: 'virus.pdf', type: 'application/pdf' },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.code).toBe('document_type');
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await submit(h, linkId, { files1: { data: PDF, name: 'ok.pdf' }, files2: { data: big, name: 'big.pdf' } });
    expect(tooBig.status).toBe(413);
    const six = new FormData();
    for (const [k, v] of Object.entries(form())) six.append(k, v as string);
    for (let i = 0; i < 6; i++) six.append('files1', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), `f${i}.pdf`);
    const tooMany = await fetch(`${h.baseUrl}/api/public/application-forms/${linkId}`, {
      method: 'POST',
      body: six,
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(tooMany.status).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it('lists with filters and search; another landlord gets 404, a renter 403; delete removes rows and files', async () => {
    const id = await newQuestionnaire();
    const list = await h.api('/application-forms?status=new&search=romashka&sort=-created_at', { token: t.employee });
    expect(list.status).toBe(200);
    expect(list.body.data[0].id).toBe(id);
    expect(list.body.data.every((q: { status: string }) => q.status === 'new')).toBe(true);
    expect((await h.api('/application-forms?status=reject&search=zzzz', { token: t.employee })).body.meta.total).toBe(0);
    expect((await h.api(`/application-forms/${id}`, { token: t.landlord2 })).status).toBe(404);
    expect((await send(id, 'questionnaire.process', t.landlord2)).status).toBe(404);
    expect((await h.api(`/application-forms/${id}`, { method: 'DELETE', token: t.landlord2 })).status).toBe(404);
    expect((await h.api('/application-forms', { token: t.renter })).status).toBe(403);
    expect((await h.api(`/application-forms/${id}`, { token: t.renter })).status).toBe(403);
    const counts = await h.api('/user-menu/counts', { token: t.landlord });
    expect(counts.body.questionnaires_new).toBeGreaterThan(0);
    expect((await h.api('/user-menu/counts', { token: t.renter })).body.questionnaires_new).toBe(0);

    const withFile = await submit(h, linkId, { files1: { data: PDF, name: 'a.pdf' } });
    const before = await rows();
    expect((await h.api(`/application-forms/${withFile.body.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    expect(await rows()).toEqual({
      questionnaires: (before.questionnaires ?? 0) - 1,
      files: (before.files ?? 0) - 1,
      stored: before.stored - 1,
    });
    expect((await h.api(`/application-forms/${withFile.body.id}`, { token: t.landlord })).status).toBe(404);
  });
});
