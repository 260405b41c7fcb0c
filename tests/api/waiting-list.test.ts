import { readdir } from 'node:fs/promises';
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  nextQuestionnaireStatus,
  type QuestionnaireEventType,
  type QuestionnaireStatus,
  questionnaireEventTypes,
  questionnaireMachine,
} from '#machines/questionnaire';
import { employees, questionnaireFiles, questionnaires, users } from '#server/db/schema';
import { accessModules } from '#server/modules/access/levels';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { coverMachine, expectFullCoverage } from '../support/machine-paths';
import { PDF, PNG, postForm } from '../support/requests';

const EXE = Buffer.from('MZ\x90\x00not a document');
const BIN = '123456789013'; // a valid check digit (src/shared/kz-ids.ts withCheckDigit)
const staffEvents = questionnaireEventTypes.filter((t) => t !== 'questionnaire.make_renter');
const allAt = (level: string) => Object.fromEntries(accessModules.map((m) => [m, level]));
// The landlord is a registrar: it may send every event.
const covered = coverMachine('questionnaire', questionnaireMachine, {
  events: questionnaireEventTypes.map((type) => ({ type, by: 'registrar' })),
});

let ipSeq = 0;
const nextIp = () => `10.77.${Math.floor(++ipSeq / 200)}.${ipSeq % 200}`;
const form = (extra: Record<string, string | { data: Buffer; name: string; type?: string }> = {}) => ({
  bin_iin: BIN,
  company_name: 'ТОО Ромашка',
  brand_name: 'Romashka',
  category: 'Одежда',
  contact_full_name: 'Иванов Иван',
  email: 'ivanov@example.kz',
  phone: '+77011234567',
  min_area: '50',
  max_area: '120,5',
  water_supply: 'true',
  years_in_business: '7',
  ...extra,
});
const submit = (h: Harness, linkId: string, fields: Parameters<typeof form>[0] = {}) =>
  postForm(h, `/public/application-forms/${linkId}`, form(fields), { ip: nextIp() });

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
  const detailOf = async (id: string, token = t.employee) => (await h.api(`/application-forms/${id}`, { token })).body;
  // The renter form of "make renter", a fresh login each time.
  const renterBody = async () => {
    const rooms = await h.api('/renters/room-options', { token: t.landlord });
    const roomId = rooms.body.flatMap((g: { rooms: { id: string }[] }) => g.rooms)[0].id;
    return {
      legal_name: 'ТОО Ромашка',
      bin_iin: BIN,
      trade_point_name: 'Romashka',
      trade_category: 'Одежда',
      room_id: roomId,
      lease_contract_date: '2026-01-01',
      trade_area: 80,
      contact_full_name: 'Иванов Иван',
      contact_position: 'Директор',
      phone: '+77011234567',
      email: 'ivanov@example.kz',
      legal_address: 'Алматы',
      username: `romashka${Date.now()}${Math.floor(Math.random() * 1000)}`,
    };
  };
  let employeeId = '';
  /** The demo employee's grants (PUT /settings/access, as the landlord): a module left out is `none`. */
  const grant = async (levels: Record<string, string>) => {
    const res = await h.api(`/settings/access/${employeeId}`, { method: 'PUT', token: t.landlord, body: { levels } });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    for (const u of ['landlord', 'landlord2', 'employee', 'renter'] as const) t[u] = await h.login(u);
    const [me] = await h.db.select({ id: employees.id }).from(employees).innerJoin(users, eq(users.id, employees.userId)).where(eq(users.username, 'employee'));
    employeeId = me?.id ?? '';
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

  it('the generated paths cover the machine; the API takes each, refuses the rest with 409', async () => {
    expectFullCoverage(covered);
    let refusals = 0;
    for (const path of covered.paths) {
      const id = await newQuestionnaire();
      let status: QuestionnaireStatus = 'new';
      for (const sample of path.events) {
        for (const type of staffEvents) {
          if (nextQuestionnaireStatus(status, type, 'registrar')) continue;
          const refused = await send(id, type);
          expect({ status, type, code: refused.status }).toEqual({ status, type, code: 409 });
          refusals++;
        }
        const type = sample.type as QuestionnaireEventType;
        if (type === 'questionnaire.make_renter') continue; // its own call, below
        const res = await send(id, type);
        expect({ type, code: res.status }).toEqual({ type, code: 200 });
        status = nextQuestionnaireStatus(status, type, 'registrar') as QuestionnaireStatus;
        expect(res.body.status).toBe(status);
      }
      expect(status).toBe(path.state.value);
    }
    expect(refusals).toBeGreaterThan(5);
  });

  it('"make renter" creates the renter like POST /renters, links it, and only once', async () => {
    const id = await newQuestionnaire();
    const body = await renterBody();
    expect((await h.api(`/application-forms/${id}/renter`, { token: t.landlord, body })).status).toBe(409); // still new
    expect((await send(id, 'questionnaire.process')).status).toBe(200);
    expect(
      (
        await h.api(`/application-forms/${id}/renter`, {
          token: t.landlord,
          body: { ...body, room_id: '00000000-0000-4000-8000-000000000000' },
        })
      ).status,
    ).toBe(400);
    const made = await h.api(`/application-forms/${id}/renter`, { token: t.landlord, body });
    expect(made.status).toBe(201);
    const renter = await h.api(`/renters/${made.body.renter_id}`, { token: t.landlord });
    expect(renter.body).toMatchObject({ legal_name: 'ТОО Ромашка', bin_iin: BIN, username: body.username });
    const detail = await h.api(`/application-forms/${id}`, { token: t.landlord });
    expect(detail.body.renter_id).toBe(made.body.renter_id);
    expect(detail.body.status).toBe('in_process');
    expect(detail.body.actions).not.toContain('questionnaire.make_renter');
    expect((await h.api(`/application-forms/${id}/renter`, { token: t.landlord, body: { ...body, username: `${body.username}x` } })).status).toBe(409);
  });

  it('"make renter" works from waiting too, and keeps the status', async () => {
    const id = await newQuestionnaire();
    expect((await send(id, 'questionnaire.process')).status).toBe(200);
    const waiting = await send(id, 'questionnaire.wait');
    expect(waiting.body.status).toBe('waiting');
    expect(waiting.body.actions).toContain('questionnaire.make_renter');
    const made = await h.api(`/application-forms/${id}/renter`, { token: t.employee, body: await renterBody() });
    expect(made.status).toBe(201);
    expect(await detailOf(id)).toMatchObject({
      status: 'waiting',
      renter_id: made.body.renter_id,
      actions: ['questionnaire.process', 'questionnaire.reject'],
    });
  });

  it('tells an employee exactly what its levels allow (actions, can_delete), and refuses the rest with 403', async () => {
    const id = await newQuestionnaire();
    try {
      // The demo employee is `creator` everywhere: every transition and "make renter", but no delete.
      expect(await detailOf(id)).toMatchObject({ actions: ['questionnaire.process', 'questionnaire.reject'], can_delete: false });
      expect((await h.api(`/application-forms/${id}`, { method: 'DELETE', token: t.employee })).status).toBe(403);

      await grant({ waiting_list: 'view', renters: 'main' });
      expect(await detailOf(id)).toMatchObject({ status: 'new', actions: [], can_delete: false });
      expect((await send(id, 'questionnaire.process')).status).toBe(403);
      expect((await send(id, 'questionnaire.process', t.landlord)).status).toBe(200);
      expect(await detailOf(id)).toMatchObject({ status: 'in_process', actions: [], can_delete: false });
      expect((await h.api(`/application-forms/${id}/renter`, { token: t.employee, body: await renterBody() })).status).toBe(403);
      // The landlord, meanwhile, may do everything.
      expect(await detailOf(id, t.landlord)).toMatchObject({
        actions: ['questionnaire.wait', 'questionnaire.reject', 'questionnaire.make_renter'],
        can_delete: true,
      });

      // Transitions, but renters below create: no "make renter".
      await grant({ waiting_list: 'creator', renters: 'executor' });
      expect(await detailOf(id)).toMatchObject({ actions: ['questionnaire.wait', 'questionnaire.reject'], can_delete: false });
      expect((await h.api(`/application-forms/${id}/renter`, { token: t.employee, body: await renterBody() })).status).toBe(403);

      await grant({ waiting_list: 'intermediate', renters: 'employee' });
      expect(await detailOf(id)).toMatchObject({
        actions: ['questionnaire.wait', 'questionnaire.reject', 'questionnaire.make_renter'],
        can_delete: true,
      });
      expect((await h.api(`/application-forms/${id}`, { method: 'DELETE', token: t.employee })).status).toBe(204);
    } finally {
      await grant(allAt('creator'));
    }
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
