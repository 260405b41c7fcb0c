import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { tasks, violations } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { JAN, reportFixture } from '../support/reports';

// What each report counts in a month of the fixture, the Almaty day boundary, another landlord's rows never counted, the .xlsx exports.
describeEachDatabase('reports', (h) => {
  const { t, ids, more, report, figures, tableOf } = reportFixture(h);

  it('counts requests of the period: created, closed, on time, medians, overdue, by executor', async () => {
    const r = await report('requests', `${JAN}&object_id=${ids.object}`);
    expect(figures(r)).toEqual({ created: 3, closed: 2, sla: 50, median_take: 2, median_close: 38, open: 2, overdue: 1, visitors: 1 });
    const days = tableOf(r, 'over_time');
    expect(days.rows).toHaveLength(31);
    expect(days.rows.find((d) => d.label === '2031-01-10')?.values).toEqual([1, 1]);
    expect(days.rows.find((d) => d.label === '2031-01-31')?.values).toEqual([1, 0]);
    expect(days.totals).toEqual([3, 2]);
    expect(tableOf(r, 'by_status').rows).toEqual(expect.arrayContaining([{ label: 'Closed', values: [2] }]));
    // The demo employee: two assigned, none open, one on time, one returned; the visitor's not assigned.
    expect(tableOf(r, 'by_executor').rows.map((row) => row.values)).toEqual([
      [2, 0, 1, 1],
      [1, 1, 0, 0],
    ]);
    expect(tableOf(r, 'by_executor').rows[1]?.label).toBe('Not assigned');
    expect(tableOf(r, 'by_object').rows).toEqual([{ label: 'ТРЦ «Отчёт»', values: [3, 2] }]);
  });

  it('does not count a task the renter rejected as completed, though it keeps when it ended', async () => {
    const [rejected] = await h.db
      .insert(tasks)
      .values({
        landlordId: ids.landlord,
        title: 'Отклонённая',
        creatorUserId: ids.landlordUser,
        executorUserId: ids.employeeUser,
        status: 'rejected',
        createdAt: new Date('2031-01-07T05:00Z'),
        deadlineAt: new Date('2031-01-20T05:00Z'),
        completedAt: new Date('2031-01-08T05:00Z'),
      })
      .returning();
    const r = await report('tasks', JAN);
    expect(figures(r)).toEqual({ given: 4, completed: 2, on_time: 50, expired: 1, returned: 1 });
    expect(tableOf(r, 'by_employee').rows[0]?.values.slice(0, 3)).toEqual([4, 2, 1]);
    await h.db.delete(tasks).where(eq(tasks.id, rejected!.id));
  });

  it('puts 23:30 Almaty on the last day of a month in that month and 00:30 the next day in the next', async () => {
    const jan = await report('requests', 'from=2031-01-31&to=2031-01-31');
    expect(figures(jan).created).toBe(1);
    const feb = await report('requests', 'from=2031-02-01&to=2031-02-28');
    expect(figures(feb).created).toBe(1);
    expect(feb.tables[0]?.rows.find((d) => d.label === '2031-02-01')?.values[0]).toBe(1);
  });

  it("never counts another landlord's data; another landlord's object is 404", async () => {
    expect(figures(await report('requests', JAN)).created).toBe(3);
    expect(figures(await report('requests', JAN, t.landlord2)).created).toBe(1);
    expect(figures(await report('tasks', JAN)).given).toBe(3);
    expect(figures(await report('notifications', JAN)).sent).toBe(3);
    expect((await h.api(`/reports/requests?${JAN}&object_id=${ids.object2}`, { token: t.landlord })).status).toBe(404);
  });

  it('counts tasks, violations, notifications, the waiting list and occupancy', async () => {
    expect(figures(await report('tasks', JAN))).toEqual({ given: 3, completed: 2, on_time: 50, expired: 1, returned: 1 });
    const v = await report('violations', `${JAN}&object_id=${ids.object}`);
    expect(figures(v)).toEqual({ violations: 3, fines: 2, fine_sum: 7000, repeat: 1 });
    expect(tableOf(v, 'by_type').rows).toEqual([
      { label: 'Noise', values: [2, 5000] },
      { label: 'Litter', values: [1, 2000] },
    ]);
    const n = await report('notifications', JAN);
    expect(figures(n)).toEqual({ sent: 3, read: 1, read_share: 33.3 });
    // Each kind by its name in the reader's language, as the push switches name it, not its code.
    expect(tableOf(n, 'by_kind').rows).toEqual([{ label: 'Task assigned to you', values: [3, 1] }]);
    const w = await report('waiting_list', `${JAN}&object_id=${ids.object}`);
    expect(figures(w)).toEqual({ questionnaires: 3, renters: 1, conversion: 33.3 });
    expect(tableOf(w, 'by_category').rows).toEqual([
      { label: 'Кафе', values: [2, 1] },
      { label: 'Одежда', values: [1, 0] },
    ]);
    // Finished stays only: new 2 and 4 days, in process 1 and 3, waiting 4 (until made a renter) and 1.5.
    expect(tableOf(w, 'steps')).toMatchObject({
      rows: [
        { label: 'New', values: [2, 3] },
        { label: 'In progress', values: [2, 2] },
        { label: 'On the waiting list', values: [2, 2.8] },
      ],
      totals: [6, null],
    });
    const o = await report('occupancy', `object_id=${ids.object}`);
    // The second room has a renter registered in it with no lease on file: occupied (its area counts), no rent.
    expect(figures(o)).toMatchObject({
      rooms: 2,
      leased_rooms: 1,
      no_lease_rooms: 1,
      area: 100,
      leased_area: 30,
      no_lease_area: 70,
      occupancy: 100,
      monthly_rent: 150000,
      rent_per_m2: 5000,
    });
    expect(tableOf(o, 'expiries').rows).toHaveLength(12);
    expect(tableOf(o, 'by_floor').rows).toEqual([{ label: '1', values: [5000, 30] }]);
    // The one lease held today is the demo renter's (Dana Fashion, trade category 'Одежда'): 30 m² at 5000.
    expect(tableOf(o, 'by_category')).toMatchObject({ rows: [{ label: 'Одежда', values: [5000, 30] }], totals: [null, 30] });
  });

  it('exports the report as .xlsx with its rows and totals', async () => {
    const res = await fetch(`${h.baseUrl}/api/reports/requests/export?${JAN}&object_id=${ids.object}`, {
      headers: { authorization: `Bearer ${t.landlord}`, 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('report-requests-2031-01-01-2031-01-31.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const head = book.worksheets[0]!;
    expect(head.getRow(2).values).toEqual([undefined, 'Created', 3]);
    // The period and its days as English writes dates (the UI's formatters), not ISO.
    expect(head.getRow(1).getCell(2).value).toBe('01/01/2031 — 31/01/2031');
    const days = book.worksheets[1]!;
    expect(days.getRow(1).values).toEqual([undefined, 'Day', 'Created', 'Closed']);
    expect(days.rowCount).toBe(1 + 31 + 1);
    expect(days.getRow(11).values).toEqual([undefined, new Date('2031-01-10T00:00:00Z'), 1, 1]);
    expect(days.getRow(33).values).toEqual([undefined, 'Total', 3, 2]);
    const objectsSheet = book.worksheets.find((w) => w.name.includes('By property'))!;
    expect(objectsSheet.getRow(2).values).toEqual([undefined, 'ТРЦ «Отчёт»', 3, 2]);
  });

  it('exports with the type and renter filters applied', async () => {
    const res = await fetch(`${h.baseUrl}/api/reports/violations/export?${JAN}&object_id=${ids.object}&type_id=${more.litter}&renter_id=${more.renterB}`, {
      headers: { authorization: `Bearer ${t.landlord}`, 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).values).toEqual([undefined, 'Violations', 1]);
    const types = book.worksheets.find((w) => w.name.includes('By type'))!;
    expect(types.rowCount).toBe(3);
    expect(types.getRow(2).values).toEqual([undefined, 'Litter', 1, 2000]);
  });

  it('owes no fine of a cancelled violation: figures and the tables by type and renter leave it out, the table by status shows it', async () => {
    const v = {
      landlordId: ids.landlord,
      renterId: more.renter,
      objectId: ids.object,
      typeId: more.noise,
      description: 'Оспорено',
      recordedBy: ids.landlordUser,
    };
    await h.db.insert(violations).values([
      { ...v, number: 900101, status: 'issued', fine: '3000.00', occurredAt: new Date('2031-03-10T05:00Z') },
      { ...v, number: 900102, status: 'cancelled', fine: '5000.00', occurredAt: new Date('2031-03-11T05:00Z') },
    ]);
    const r = await report('violations', 'from=2031-03-01&to=2031-03-31');
    expect(figures(r)).toEqual({ violations: 2, fines: 1, fine_sum: 3000, repeat: 1 });
    expect(r.figures.find((f) => f.key === 'fine_sum')?.label).toBe('Total fines (cancelled excluded)');
    expect(tableOf(r, 'by_type').rows).toEqual([{ label: 'Noise', values: [2, 3000] }]);
    expect(tableOf(r, 'by_renter').rows.map((row) => row.values)).toEqual([[2, 3000]]);
    const byStatus = tableOf(r, 'fines').rows;
    expect(byStatus).toHaveLength(2);
    expect(byStatus).toEqual(
      expect.arrayContaining([
        { label: 'Issued', values: [1, 3000] },
        { label: 'Cancelled', values: [1, 5000] },
      ]),
    );
  });

  it('charts a period past eight months by month, each labelled YYYY-MM', async () => {
    const r = await report('tasks', 'from=2031-01-01&to=2031-12-31');
    const months = tableOf(r, 'over_time');
    expect(months.rows.map((m) => m.label)).toEqual(Array.from({ length: 12 }, (_, i) => `2031-${String(i + 1).padStart(2, '0')}`));
    expect(months.title).toBe('By month');
    expect(months.totals).toEqual([figures(r).given, figures(r).completed]);
    expect(months.rows[0]?.values[0]).toBe(3);
  });
});
