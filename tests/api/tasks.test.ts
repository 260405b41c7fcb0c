import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { employees } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { taskExecutors } from '../support/people';
import { PDF, PNG, postForm } from '../support/requests';
import { contractorOf, createTask, inHours, userIdOf } from '../support/tasks';

describeEachDatabase('tasks: visibility, rules and files', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '', employee2: '', renter2: '' };
  const id = { employee: '', renter: '', renter2: '' };
  const storedFiles = async (taskId: string) => (await readdir(path.join(h.config.storageDir, 'tasks', taskId)).catch(() => [] as string[])).length;

  beforeAll(async () => {
    for (const name of Object.keys(t) as (keyof typeof t)[]) t[name] = await h.login(name);
    id.employee = await userIdOf(h, 'employee');
    id.renter = await userIdOf(h, 'renter');
    id.renter2 = await userIdOf(h, 'renter2');
  });

  it('a renter sees only tasks sent to it; another landlord’s task is not found', async () => {
    const mine = await createTask(h, t.employee, { executor_user_id: id.renter, title: 'Для арендатора' });
    const other = await createTask(h, t.landlord, { executor_user_id: id.employee, title: 'Для сотрудника' });
    const quick = await createTask(h, t.employee, { executor_user_id: id.renter, kind: 'quick', title: 'Быстрая' });
    const list = await h.api('/tasks', { token: t.renter });
    expect(list.status).toBe(200);
    const ids = list.body.data.map((x: { id: string }) => x.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(other.id);
    expect(ids).not.toContain(quick.id);
    expect(list.body.data.every((x: { executor: { id: string; kind: string } }) => x.executor.id === id.renter && x.executor.kind === 'renter')).toBe(true);
    const quicks = await h.api('/tasks?kind=quick', { token: t.renter });
    expect(quicks.body.data.map((x: { id: string }) => x.id)).toEqual([quick.id]);
    expect((await h.api(`/tasks/${other.id}`, { token: t.renter })).status).toBe(404);
    expect((await h.api('/tasks?box=outgoing', { token: t.renter })).body.data).toEqual([]);
    expect((await h.api('/tasks?box=all', { token: t.renter })).status).toBe(403);
    // The second landlord's people see none of it.
    expect((await h.api(`/tasks/${mine.id}`, { token: t.renter2 })).status).toBe(404);
    expect((await h.api(`/tasks/${mine.id}`, { token: t.landlord2 })).status).toBe(404);
    expect((await h.api('/tasks?box=all', { token: t.landlord2 })).body.data.map((x: { id: string }) => x.id)).not.toContain(mine.id);
    // The creator's outgoing box and the landlord's "all".
    const outgoing = await h.api('/tasks?box=outgoing&sort=-created_at', { token: t.employee });
    expect(outgoing.body.data[0]).toMatchObject({ id: mine.id, creator: { id: id.employee }, status: 'new' });
    expect((await h.api('/tasks?box=all', { token: t.landlord })).body.meta.total).toBeGreaterThanOrEqual(2);
  });

  it('renters cannot create tasks; the executor must be an active login or contractor of the landlord', async () => {
    const body = { title: 'Задача', deadline_at: inHours(5) };
    expect((await h.api('/tasks', { token: t.renter, body: { ...body, executor_user_id: id.employee } })).status).toBe(403);
    const foreign = await h.api('/tasks', { token: t.employee, body: { ...body, executor_user_id: id.renter2 } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields.executor_user_id).toBeTruthy();
    expect((await h.api('/tasks', { token: t.employee, body })).status).toBe(400);
    const past = await h.api('/tasks', { token: t.employee, body: { ...body, executor_user_id: id.renter, deadline_at: inHours(-1) } });
    expect(past.status).toBe(400);
    expect(past.body.error.fields.deadline_at).toBeTruthy();
    expect((await h.api('/tasks', { token: t.employee, body: { ...body, title: 'x'.repeat(201), executor_user_id: id.renter } })).status).toBe(400);
    const contractor2 = await contractorOf(h, 'landlord2');
    expect((await h.api('/tasks', { token: t.employee, body: { ...body, executor_contractor_id: contractor2 } })).status).toBe(400);
  });

  it('the executor picker offers exactly the landlord’s active people and contractors, and what it offers is accepted', async () => {
    const contractor = await contractorOf(h, 'landlord');
    const res = await taskExecutors(h, t.employee);
    expect(res.status).toBe(200);
    const list = res.body.data as { kind: string; id: string; name: string }[];
    expect(list.find((e) => e.id === id.renter)).toMatchObject({ kind: 'renter' });
    expect(list.find((e) => e.id === id.employee)).toMatchObject({ kind: 'employee' });
    expect(list.find((e) => e.id === contractor)).toMatchObject({ kind: 'contractor' });
    expect(list.map((e) => e.id)).not.toContain(id.renter2);
    // Employees first, then renters, then contractors.
    const kinds = list.map((e) => e.kind);
    expect(kinds).toEqual([...kinds].sort((a, b) => ['employee', 'renter', 'contractor'].indexOf(a) - ['employee', 'renter', 'contractor'].indexOf(b)));
    // Quick tasks go to people only; search narrows by name.
    const quick = await taskExecutors(h, t.employee, '&role=employee&role=renter');
    expect(quick.body.data.some((e: { kind: string }) => e.kind === 'contractor')).toBe(false);
    const renterName = list.find((e) => e.id === id.renter)?.name ?? '';
    const found = await taskExecutors(h, t.employee, `&search=${encodeURIComponent(renterName.slice(0, 4))}`);
    expect(found.body.data.map((e: { id: string }) => e.id)).toContain(id.renter);
    expect(found.body.data.length).toBeLessThan(list.length);
    // Every one offered can be given a task.
    for (const e of [list.find((x) => x.kind === 'employee'), list.find((x) => x.kind === 'renter')]) {
      expect((await createTask(h, t.employee, { executor_user_id: e?.id })).executor).toMatchObject({ id: e?.id, kind: e?.kind });
    }
    // Those who cannot give tasks cannot list whom to give them to.
    expect((await taskExecutors(h, t.renter)).status).toBe(403);
    expect((await taskExecutors(h, undefined)).status).toBe(401);
  });

  it('quick tasks filter by whom they were given to, across pages', async () => {
    const toRenter = await createTask(h, t.landlord, { executor_user_id: id.renter, kind: 'quick', title: 'Быстрая арендатору' });
    const toEmployee = await createTask(h, t.landlord, { executor_user_id: id.employee, kind: 'quick', title: 'Быстрая сотруднику' });
    const renters = await h.api('/tasks?box=outgoing&kind=quick&executor=renter&limit=100', { token: t.landlord });
    const employees = await h.api('/tasks?box=outgoing&kind=quick&executor=employee&limit=100', { token: t.landlord });
    const ids = (res: typeof renters) => res.body.data.map((x: { id: string }) => x.id);
    expect(ids(renters)).toContain(toRenter.id);
    expect(ids(renters)).not.toContain(toEmployee.id);
    expect(renters.body.data.every((x: { executor: { kind: string } }) => x.executor.kind === 'renter')).toBe(true);
    expect(ids(employees)).toEqual(expect.arrayContaining([toEmployee.id]));
    expect(ids(employees)).not.toContain(toRenter.id);
    // The total counts the filtered rows, so pages add up.
    expect(renters.body.meta.total).toBe(renters.body.data.length);
    expect((await h.api('/tasks?executor=nobody', { token: t.landlord })).status).toBe(400);
  });

  it('levels: executors need tasks at executor; an employee at employee gives a task and accepts it', async () => {
    const [staff01, staff02] = [await userIdOf(h, 'staff01'), await userIdOf(h, 'staff02')];
    const employeeIdOf = async (userId: string) =>
      (await h.db.select({ id: employees.id }).from(employees).where(eq(employees.userId, userId)))[0]?.id as string;
    const setTasks = async (userId: string, level: string) =>
      expect(
        (
          await h.api(`/settings/access/${await employeeIdOf(userId)}`, {
            method: 'PUT',
            token: t.landlord,
            body: { levels: { tasks: level } },
          })
        ).status,
      ).toBeLessThan(300);
    await setTasks(staff01, 'view');
    const offered = (await taskExecutors(h, t.employee)).body.data.map((e: { id: string }) => e.id);
    expect(offered).toContain(staff02);
    expect(offered).not.toContain(staff01);
    const refused = await h.api('/tasks', {
      token: t.employee,
      body: { title: 'Не ему', deadline_at: inHours(5), executor_user_id: staff01 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.executor_user_id).toBeTruthy();

    // The level that gives a task also closes it.
    await setTasks(id.employee, 'employee');
    try {
      const task = await createTask(h, t.employee, { executor_user_id: id.renter });
      for (const event of ['task.start', 'task.complete'] as const) {
        expect((await h.api(`/tasks/${task.id}/transitions`, { token: t.renter, body: { event } })).status).toBe(200);
      }
      const done = await h.api(`/tasks/${task.id}`, { token: t.employee });
      expect(done.body.actions.sort()).toEqual(['task.accept', 'task.return']);
      const accepted = await h.api(`/tasks/${task.id}/transitions`, { token: t.employee, body: { event: 'task.accept' } });
      expect(accepted.body.status).toBe('accepted');
      // Below employee it can neither give tasks nor list whom to give them to.
      await setTasks(id.employee, 'executor');
      expect((await taskExecutors(h, t.employee)).status).toBe(403);
      expect((await h.api('/tasks', { token: t.employee, body: { title: 'Нет', deadline_at: inHours(5), executor_user_id: id.renter } })).status).toBe(403);
    } finally {
      await setTasks(id.employee, 'creator');
      await setTasks(staff01, 'executor');
    }
  });

  it('a contractor’s task: the creator side sends the executor’s events on its behalf', async () => {
    const contractor = await contractorOf(h, 'landlord');
    const task = await createTask(h, t.employee, { executor_contractor_id: contractor });
    expect(task.executor).toMatchObject({ kind: 'contractor', id: contractor });
    expect(task.actions.sort()).toEqual(['task.reject', 'task.start']);
    for (const [token, event, status] of [
      [t.employee, 'task.start', 'in_progress'],
      [t.landlord, 'task.complete', 'done'],
      [t.employee, 'task.accept', 'accepted'],
    ] as const) {
      const res = await h.api(`/tasks/${task.id}/transitions`, { token, body: { event } });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(status);
      // The completion date is the moment the work was marked done, kept on acceptance.
      if (status !== 'in_progress') expect(res.body.completed_at).not.toBeNull();
    }
    const done = await h.api(`/tasks/${task.id}?nocache=1`, { token: t.landlord });
    expect(done.body.completed_at).not.toBeNull();
    expect((await h.api('/tasks?box=outgoing&state=completed', { token: t.employee })).body.data.map((x: { id: string }) => x.id)).toContain(task.id);
  });

  it('edits while new by the creator only; reject and return need a comment', async () => {
    const task = await createTask(h, t.employee, { executor_user_id: id.renter });
    expect((await h.api(`/tasks/${task.id}`, { method: 'PUT', token: t.renter, body: { title: 'Чужая правка' } })).status).toBe(403);
    const edited = await h.api(`/tasks/${task.id}`, {
      method: 'PUT',
      token: t.employee,
      body: { title: 'Новое название', priority: 'high', category: 'Витрины' },
    });
    expect(edited.body).toMatchObject({ title: 'Новое название', priority: 'high', category: 'Витрины', can_edit: true });
    const noReason = await h.api(`/tasks/${task.id}/transitions`, { token: t.renter, body: { event: 'task.reject' } });
    expect(noReason.status).toBe(400);
    expect((await h.api(`/tasks/${task.id}`, { token: t.renter })).body.status).toBe('new');
    expect((await h.api(`/tasks/${task.id}/transitions`, { token: t.renter, body: { event: 'task.start' } })).status).toBe(200);
    expect((await h.api(`/tasks/${task.id}`, { method: 'PUT', token: t.employee, body: { title: 'Поздно' } })).status).toBe(409);
    const commented = await h.api(`/tasks/${task.id}/comments`, { token: t.renter, body: { comment: 'Начала работу' } });
    expect(commented.body.history.at(-1)).toMatchObject({ event: 'task.comment', comment: 'Начала работу' });
  });

  it('files: PDF, images and Office documents by their bytes; a refused file stores nothing', async () => {
    const task = await createTask(h, t.employee, { executor_user_id: id.renter });
    const upload = (token: string, data: Buffer, name: string) =>
      postForm(h, `/tasks/${task.id}/files`, { file: { data, name, type: 'application/octet-stream' } }, { token });
    const pdf = await upload(t.renter, PDF, 'акт.pdf');
    expect(pdf.status).toBe(201);
    expect(pdf.body.files[0]).toMatchObject({ name: 'акт.pdf', content_type: 'application/pdf', size: PDF.length });
    expect((await upload(t.employee, PNG, 'photo.png')).status).toBe(201);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Смета').addRow(['Итого', 1]);
    const xlsx = await upload(t.renter, Buffer.from(await workbook.xlsx.writeBuffer()), 'smeta.bin');
    expect(xlsx.status).toBe(201);
    expect(xlsx.body.files[2].content_type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(await storedFiles(task.id)).toBe(3);
    const text = await upload(t.renter, Buffer.from('just text, named like a PDF'), 'fake.pdf');
    expect(text.status).toBe(400);
    expect(text.body.error.code).toBe('document_type');
    const svg = await upload(t.renter, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'logo.svg');
    expect(svg.status).toBe(400);
    const zip = Buffer.from('504b0506000000000000000000000000000000000000', 'hex'); // an empty ZIP, not a document
    expect((await upload(t.renter, zip, 'doc.docx')).status).toBe(400);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(t.renter, big, 'big.pdf')).status).toBe(413);
    expect(await storedFiles(task.id)).toBe(3);
    const after = await h.api(`/tasks/${task.id}`, { token: t.employee });
    expect(after.body.files).toHaveLength(3);
    // Not a side of the task (the second landlord's renter cannot even see it).
    expect((await upload(t.renter2, PDF, 'x.pdf')).status).toBe(404);
  });

  it('the menu counts my open incoming tasks as the tasks list shows them, quick tasks apart', async () => {
    const before = (await h.api('/user-menu/counts', { token: t.renter2 })).body.tasks_incoming as number;
    await createTask(h, t.employee2, { executor_user_id: id.renter2 });
    await createTask(h, t.employee2, { executor_user_id: id.renter2, kind: 'quick' });
    const counts = await h.api('/user-menu/counts', { token: t.renter2 });
    expect(counts.status).toBe(200);
    // The badge leads to the tasks list, which opens on incoming current tasks and has no quick tasks.
    expect(counts.body.tasks_incoming).toBe(before + 1);
    const list = await h.api('/tasks?box=incoming&state=current', { token: t.renter2 });
    expect(list.body.meta.total).toBe(counts.body.tasks_incoming);
    expect(typeof (await h.api('/user-menu/counts', { token: t.landlord2 })).body.tasks_incoming).toBe('number');
  });
});
