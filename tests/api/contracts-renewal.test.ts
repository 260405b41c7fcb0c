import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { almatyDay } from '#/shared/almaty';
import { contractFiles, contractRooms, contracts } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { activate, createLease, objectWithRooms, renterIdOf } from '../support/contracts';
import { PDF, postForm } from '../support/requests';

// Terminating a lease whose renewal is still a draft: the user keeps the draft or deletes it with the termination.
describeEachDatabase('lease termination and its renewal draft', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '' };
  let renterId = '';

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    renterId = await renterIdOf(h, 'renter');
  });

  /** A signed lease renewed once: the lease and its renewal draft, with a file on the draft. */
  const renewed = async (name: string) => {
    const centre = await objectWithRooms(h, t.landlord, name, [15]);
    const lease = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [centre.rooms[0]!.id] });
    expect((await activate(h, t.landlord, lease.id)).status).toBe(200);
    const draft = await h.api(`/contracts/${lease.id}/renewal`, { token: t.landlord, method: 'POST' });
    expect(draft.status).toBe(201);
    expect((await postForm(h, `/contracts/${draft.body.id}/files`, { file: { data: PDF, name: 'terms.pdf' } }, { token: t.landlord })).status).toBe(201);
    return { lease: lease.id, draft: draft.body.id as string, draftNumber: draft.body.number as string };
  };
  const terminate = (token: string, id: string, renewal?: string) =>
    h.api(`/contracts/${id}/transitions`, {
      token,
      body: { event: 'contract.terminate', comment: 'Арендатор съезжает', terminated_on: almatyDay(10), ...(renewal && { renewal }) },
    });

  it('deletes the renewal draft with the termination: its rooms, files and history go, the lease’s history names it', async () => {
    const { lease, draft, draftNumber } = await renewed('ТРЦ «Удаление черновика»');
    expect((await h.api(`/contracts/${lease}`, { token: t.landlord })).body).toMatchObject({ next_id: draft, renewal_draft: true });
    // The tenant is not told of a draft.
    expect((await h.api(`/contracts/${lease}`, { token: t.renter })).body).toMatchObject({ next_id: null, renewal_draft: false });
    const [file] = await h.db.select({ key: contractFiles.key }).from(contractFiles).where(eq(contractFiles.contractId, draft));
    expect(existsSync(path.join(h.config.storageDir, file!.key))).toBe(true);

    const done = await terminate(t.employee, lease, 'delete');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'terminated', next_id: null, renewal_draft: false, can_renew: false });
    const events = done.body.history.map((e: { event: string; comment: string | null }) => [e.event, e.comment]);
    expect(events.slice(-2)).toEqual([
      ['contract.terminate', 'Арендатор съезжает'],
      ['contract.renewal_deleted', draftNumber],
    ]);
    expect((await h.api(`/contracts/${draft}`, { token: t.landlord })).status).toBe(404);
    expect(await h.db.select().from(contracts).where(eq(contracts.id, draft))).toEqual([]);
    expect(await h.db.select().from(contractRooms).where(eq(contractRooms.contractId, draft))).toEqual([]);
    expect(await h.db.select().from(contractFiles).where(eq(contractFiles.contractId, draft))).toEqual([]);
    expect(existsSync(path.join(h.config.storageDir, file!.key))).toBe(false);
  });

  it('keeps the renewal draft when asked to, and when no choice is sent', async () => {
    for (const renewal of ['keep', undefined]) {
      const { lease, draft } = await renewed(`ТРЦ «Черновик остаётся ${renewal ?? 'по умолчанию'}»`);
      const done = await terminate(t.landlord, lease, renewal);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ status: 'terminated', next_id: draft, renewal_draft: true });
      expect((await h.api(`/contracts/${draft}`, { token: t.landlord })).body).toMatchObject({ status: 'draft', previous_id: lease });
    }
  });

  it('a renewal signed meanwhile is not deleted and the lease is not terminated: one transaction', async () => {
    const { lease, draft } = await renewed('ТРЦ «Подписан тем временем»');
    expect((await activate(h, t.landlord, draft)).status).toBe(200);
    const refused = await terminate(t.landlord, lease, 'delete');
    expect(refused.status).toBe(409);
    expect((await h.api(`/contracts/${lease}`, { token: t.landlord })).body).toMatchObject({ status: 'active', next_id: draft, terminated_on: null });
    expect((await h.api(`/contracts/${draft}`, { token: t.landlord })).body.status).toBe('active');
  });

  it('a choice with another event is 400; another landlord’s lease is 404 and its draft stays', async () => {
    const { lease, draft } = await renewed('ТРЦ «Чужой выбор»');
    const wrong = await h.api(`/contracts/${draft}/transitions`, { token: t.landlord, body: { event: 'contract.activate', renewal: 'delete' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toHaveProperty('renewal');
    expect((await terminate(t.landlord2, lease, 'delete')).status).toBe(404);
    expect((await h.api(`/contracts/${draft}`, { token: t.landlord })).body.status).toBe('draft');
  });
});
