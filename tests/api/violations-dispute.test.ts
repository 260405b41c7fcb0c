import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/api-harness';
import { PDF } from '../support/requests';
import { createViolation, uploadViolationFile, violationInputs } from '../support/violations';

// The dispute dialog sends the dispute, then its files: they are taken while the dispute is open.
describeEachDatabase('violations: a dispute’s files', (h) => {
  const t = { employee: '', renter: '', renter2: '', landlord2: '' };
  let inputs = { renterId: '', typeId: '', roomId: '' };
  const send = (token: string, id: string, event: string, comment?: string) =>
    h.api(`/violations/${id}/transitions`, { token, body: { event, ...(comment && { comment }) } });
  const pdf = (token: string, id: string, name = 'letter.pdf') => uploadViolationFile(h, token, id, 'dispute', PDF, name, 'application/pdf');

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    inputs = await violationInputs(h, t.employee);
  });

  const disputed = async () => {
    const v = await createViolation(h, t.employee, {
      renter_id: inputs.renterId,
      type_id: inputs.typeId,
      occurred_at: '2026-11-20T09:30:00Z',
      description: 'Реклама без согласования',
    });
    expect((await send(t.employee, v.id, 'violation.issue')).status).toBe(200);
    expect((await send(t.renter, v.id, 'violation.dispute', 'Согласовано письмом')).body.status).toBe('disputed');
    return v.id;
  };

  it('the renter uploads files while the dispute is open, sees them listed with links, and may add more until staff decide', async () => {
    const id = await disputed();
    const seen = await h.api(`/violations/${id}`, { token: t.renter });
    expect(seen.body).toMatchObject({ status: 'disputed', upload_kinds: ['dispute'] });
    const first = await pdf(t.renter, id, 'letter.pdf');
    expect(first.status).toBe(201);
    expect((await pdf(t.renter, id, 'approval.pdf')).status).toBe(201);
    const after = await h.api(`/violations/${id}`, { token: t.renter });
    const files = after.body.files.filter((f: { kind: string }) => f.kind === 'dispute');
    expect(files.map((f: { name: string }) => f.name)).toEqual(['letter.pdf', 'approval.pdf']);
    const download = await fetch(new URL(files[0].url, h.baseUrl));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    // The employee sees them too; once the dispute is decided the renter adds no more.
    expect((await h.api(`/violations/${id}`, { token: t.employee })).body.files).toHaveLength(2);
    expect((await send(t.employee, id, 'violation.reject', 'Согласования нет')).body.status).toBe('acknowledged');
    expect((await pdf(t.renter, id, 'late.pdf')).status).toBe(409);
    expect((await h.api(`/violations/${id}`, { token: t.renter })).body.upload_kinds).toEqual(['fix']);
  });

  it('another landlord’s staff and renter get 404 for the violation’s files, storing nothing', async () => {
    const id = await disputed();
    expect((await pdf(t.landlord2, id)).status).toBe(404);
    expect((await pdf(t.renter2, id)).status).toBe(404);
    expect((await h.api(`/violations/${id}`, { token: t.renter })).body.files).toEqual([]);
  });
});
