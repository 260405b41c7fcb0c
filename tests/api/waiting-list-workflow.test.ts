import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  nextQuestionnaireStatus,
  type QuestionnaireEventType,
  type QuestionnaireStatus,
  questionnaireEventTypes,
  questionnaireMachine,
} from '#machines/questionnaire';
import { accessModules } from '#server/auth/levels';
import { employees, questionnaireEvents, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { coverMachine, expectFullCoverage } from '../support/machine-paths';
import { BIN, submit } from '../support/questionnaires';

const staffEvents = questionnaireEventTypes.filter((t) => t !== 'questionnaire.make_renter');
const allAt = (level: string) => Object.fromEntries(accessModules.map((m) => [m, level]));
// The landlord is a registrar: it may send every event.
const covered = coverMachine('questionnaire', questionnaireMachine, {
  events: questionnaireEventTypes.map((type) => ({ type, by: 'registrar' })),
});

describeEachDatabase('waiting list: statuses and grants', (h) => {
  const t = { landlord: '', employee: '' };
  let linkId = '';
  let objectId = '';
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
    for (const u of ['landlord', 'employee'] as const) t[u] = await h.login(u);
    const [me] = await h.db.select({ id: employees.id }).from(employees).innerJoin(users, eq(users.id, employees.userId)).where(eq(users.username, 'employee'));
    employeeId = me?.id ?? '';
    const objects = await h.api('/objects?limit=1', { token: t.landlord });
    objectId = objects.body.data[0].id;
    const link = await h.api('/application-forms/link', { method: 'PUT', token: t.landlord, body: { object_id: objectId } });
    expect(link.status).toBe(200);
    linkId = new URL(link.body.link).searchParams.get('l') as string;
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

  it('writes the history with every change of status: the arrival, each transition, "make renter"; a refusal writes none', async () => {
    const id = await newQuestionnaire();
    const historyOf = () =>
      h.db
        .select({
          event: questionnaireEvents.event,
          from: questionnaireEvents.fromStatus,
          to: questionnaireEvents.toStatus,
          actor: questionnaireEvents.actorUserId,
        })
        .from(questionnaireEvents)
        .where(eq(questionnaireEvents.questionnaireId, id))
        .orderBy(asc(questionnaireEvents.createdAt));
    const [emp] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, 'employee'));
    const [boss] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, 'landlord'));
    const arrival = { event: 'questionnaire.created', from: null, to: 'new', actor: null };
    expect(await historyOf()).toEqual([arrival]);
    expect((await send(id, 'questionnaire.wait')).status).toBe(409);
    expect((await h.api(`/application-forms/${id}/renter`, { token: t.landlord, body: await renterBody() })).status).toBe(409);
    expect(await historyOf()).toEqual([arrival]);
    expect((await send(id, 'questionnaire.process')).status).toBe(200);
    expect((await send(id, 'questionnaire.wait', t.landlord)).status).toBe(200);
    expect((await h.api(`/application-forms/${id}/renter`, { token: t.employee, body: await renterBody() })).status).toBe(201);
    expect((await h.api(`/application-forms/${id}/renter`, { token: t.employee, body: await renterBody() })).status).toBe(409);
    expect((await send(id, 'questionnaire.reject')).status).toBe(200);
    expect((await send(id, 'questionnaire.reopen')).status).toBe(200);
    expect(await historyOf()).toEqual([
      arrival,
      { event: 'questionnaire.process', from: 'new', to: 'in_process', actor: emp!.id },
      { event: 'questionnaire.wait', from: 'in_process', to: 'waiting', actor: boss!.id },
      { event: 'questionnaire.make_renter', from: 'waiting', to: 'waiting', actor: emp!.id },
      { event: 'questionnaire.reject', from: 'waiting', to: 'reject', actor: emp!.id },
      { event: 'questionnaire.reopen', from: 'reject', to: 'new', actor: emp!.id },
    ]);
    // Deleting the questionnaire takes its history with it.
    expect((await h.api(`/application-forms/${id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    expect(await historyOf()).toEqual([]);
  });

  it("shows the history in the questionnaire itself: the company's arrival, then each step with who took it, oldest first", async () => {
    const id = await newQuestionnaire();
    const nameOf = async (username: string) => (await h.db.select({ name: users.fullName }).from(users).where(eq(users.username, username)))[0]?.name;
    const names = { employee: await nameOf('employee'), landlord: await nameOf('landlord') };
    expect((await send(id, 'questionnaire.process')).status).toBe(200);
    expect((await send(id, 'questionnaire.wait', t.landlord)).status).toBe(200);
    const afterWait = await send(id, 'questionnaire.reject');
    expect(afterWait.status).toBe(200);
    const entry = (event: string, from: string | null, to: string, actor: string | undefined) => ({
      event,
      from_status: from,
      to_status: to,
      actor_name: actor,
      comment: null,
    });
    const expected = [
      entry('questionnaire.created', null, 'new', 'ТОО Ромашка'),
      entry('questionnaire.process', 'new', 'in_process', names.employee),
      entry('questionnaire.wait', 'in_process', 'waiting', names.landlord),
      entry('questionnaire.reject', 'waiting', 'reject', names.employee),
    ];
    // The transition answers with the history that includes itself; a reader sees the same.
    expect(afterWait.body.history).toMatchObject(expected);
    const { history } = await detailOf(id, t.landlord);
    expect(history).toMatchObject(expected);
    expect(history).toHaveLength(4);
    expect(new Set(history.map((e: { id: string }) => e.id)).size).toBe(4);
    const times = history.map((e: { at: string }) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect((await h.api(`/application-forms/${id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
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
});
