import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/api-harness';

type Link = { id: string; network: string; url: string; title: string | null; status: string };
const urls = (rows: Link[]) => rows.map((r) => r.url);

describeEachDatabase('social links', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', employee2: '', renter: '', renter2: '', superadmin: '' };
  const own: Link[] = [];
  let other: Link;
  const create = async (token: string, body: Record<string, unknown>) => h.api('/social-networks', { token, body });

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    for (const body of [
      { network: 'instagram', url: 'https://www.instagram.com/megacenter.kz', title: 'Mega Center' },
      { network: 'telegram', url: 'https://t.me/megacenter' },
      { network: 'website', url: 'https://mega.kz/almaty' },
    ]) {
      const res = await create(t.landlord, body);
      expect(res.status).toBe(201);
      own.push(res.body);
    }
    other = (await create(t.landlord2, { network: 'vk', url: 'https://vk.com/keruen' })).body;
  });

  it('stores a link and lists the landlord its own links in the order added, with page meta', async () => {
    expect(own[0]).toMatchObject({
      network: 'instagram',
      url: 'https://www.instagram.com/megacenter.kz',
      title: 'Mega Center',
      status: 'active',
    });
    expect(own[1]?.title).toBeNull();
    const res = await h.api('/social-networks', { token: t.landlord });
    expect(res.status).toBe(200);
    expect(urls(res.body.data)).toEqual(urls(own));
    expect(res.body.meta).toEqual({ page: 1, limit: 20, total: 3 });
    const found = await h.api('/social-networks?search=MEGA%20CENTER', { token: t.landlord });
    expect(urls(found.body.data)).toEqual([own[0]?.url]);
    const telegram = await h.api('/social-networks?network=telegram', { token: t.landlord });
    expect(urls(telegram.body.data)).toEqual(['https://t.me/megacenter']);
  });

  it("shows a renter its own landlord's active links only, read-only", async () => {
    const res = await h.api('/social-networks', { token: t.renter });
    expect(res.status).toBe(200);
    expect(urls(res.body.data)).toEqual(urls(own));
    expect(urls((await h.api('/social-networks', { token: t.renter2 })).body.data)).toEqual(['https://vk.com/keruen']);
    // The status filter does not open the deleted ones to a renter.
    const deleted = await h.api('/social-networks?status=deleted', { token: t.renter });
    expect(deleted.body.data.every((l: Link) => l.status === 'active')).toBe(true);
    expect((await h.api(`/social-networks/${own[1]?.id}`, { token: t.renter })).status).toBe(200);
    expect((await h.api(`/social-networks/${other.id}`, { token: t.renter })).status).toBe(404);
    expect((await create(t.renter, { network: 'website', url: 'https://renter.kz' })).status).toBe(403);
    const put = await h.api(`/social-networks/${own[1]?.id}`, {
      method: 'PUT',
      token: t.renter,
      body: { network: 'telegram', url: 'https://t.me/x' },
    });
    expect(put.status).toBe(403);
    expect((await h.api(`/social-networks/${own[1]?.id}`, { method: 'DELETE', token: t.renter })).status).toBe(403);
    expect((await h.api('/social-networks')).status).toBe(401);
  });

  it('lets the demo employee (creator) work within its landlord; the superadmin sees every landlord', async () => {
    const mine = await h.api('/social-networks', { token: t.employee });
    expect(urls(mine.body.data)).toEqual(urls(own));
    const made = await create(t.employee2, { network: 'youtube', url: 'https://youtu.be/keruen' });
    expect(made.status).toBe(201);
    expect(urls((await h.api('/social-networks', { token: t.landlord2 })).body.data)).toEqual(['https://vk.com/keruen', 'https://youtu.be/keruen']);
    // creator may edit but not delete (intermediate and up).
    expect((await h.api(`/social-networks/${made.body.id}`, { method: 'DELETE', token: t.employee2 })).status).toBe(403);
    const all = await h.api('/social-networks?limit=100', { token: t.superadmin });
    expect(all.body.meta.total).toBe(5);
    expect((await create(t.superadmin, { network: 'website', url: 'https://admin.kz' })).status).toBe(403); // names no landlord
  });

  it('refuses a url whose host is not the named network, or that is not http(s), with a field error', async () => {
    const wrongHost = await create(t.landlord, { network: 'instagram', url: 'https://instagram.evil.com/mega' });
    expect(wrongHost.status).toBe(400);
    expect(wrongHost.body.error.fields).toEqual({ url: 'Ссылка Instagram должна вести на instagram.com' });
    const telegram = await create(t.landlord, { network: 'telegram', url: 'https://telegram.org/mega' });
    expect(telegram.body.error.fields.url).toBe('Ссылка Telegram должна вести на t.me, telegram.me');
    const english = await h.api('/social-networks', {
      token: t.landlord,
      lang: 'en',
      body: { network: 'whatsapp', url: 'https://example.com/77010000000' },
    });
    expect(english.body.error.fields).toEqual({ url: 'A WhatsApp link must point to wa.me, whatsapp.com' });
    for (const url of ['ftp://vk.com/mega', 'javascript:alert(1)', 'vk.com/mega', 'https://localhost/x']) {
      const bad = await create(t.landlord, { network: 'vk', url });
      expect(bad.status, url).toBe(400);
      expect(bad.body.error.fields).toEqual({ url: 'Введите корректную ссылку' });
    }
    const unknownNetwork = await create(t.landlord, { network: 'myspace', url: 'https://myspace.com/x' });
    expect(unknownNetwork.status).toBe(400);
    expect(Object.keys(unknownNetwork.body.error.fields)).toEqual(['network']);
    // Subdomains of the network's own host are fine.
    for (const [network, url] of [
      ['facebook', 'https://m.facebook.com/mega'],
      ['whatsapp', 'https://wa.me/77010000000'],
      ['tiktok', 'https://www.tiktok.com/@mega'],
    ]) {
      expect((await create(t.landlord2, { network, url })).status, url).toBe(201);
    }
    const total = (await h.api('/social-networks', { token: t.landlord })).body.meta.total;
    expect(total).toBe(3);
  });

  it('edits a link with the same url rules', async () => {
    const id = own[2]?.id;
    const res = await h.api(`/social-networks/${id}`, {
      method: 'PUT',
      token: t.landlord,
      body: { network: 'website', url: ' https://mega.kz ', title: ' Сайт ' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ network: 'website', url: 'https://mega.kz', title: 'Сайт' });
    const bad = await h.api(`/social-networks/${id}`, {
      method: 'PUT',
      token: t.landlord,
      body: { network: 'youtube', url: 'https://mega.kz' },
    });
    expect(bad.status).toBe(400);
    expect((await h.api(`/social-networks/${id}`, { token: t.landlord })).body.url).toBe('https://mega.kz');
  });

  it("answers 404 for another landlord's link and an unknown id, and changes nothing", async () => {
    const body = { network: 'vk', url: 'https://vk.com/stolen' };
    expect((await h.api(`/social-networks/${other.id}`, { token: t.landlord })).status).toBe(404);
    expect((await h.api(`/social-networks/${other.id}`, { method: 'PUT', token: t.landlord, body })).status).toBe(404);
    expect((await h.api(`/social-networks/${other.id}`, { method: 'DELETE', token: t.employee })).status).toBe(403);
    expect((await h.api(`/social-networks/${other.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(404);
    expect((await h.api(`/social-networks/${other.id}/restore`, { method: 'PUT', token: t.landlord })).status).toBe(404);
    expect((await h.api(`/social-networks/${randomUUID()}`, { token: t.landlord })).status).toBe(404);
    expect((await h.api(`/social-networks/${other.id}`, { token: t.landlord2 })).body).toMatchObject({
      url: 'https://vk.com/keruen',
      status: 'active',
    });
  });

  it('soft-deletes a link (renters stop seeing it), refuses edits while deleted, and restores it unchanged', async () => {
    const link = own[1] as Link;
    expect((await h.api(`/social-networks/${link.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    expect((await h.api(`/social-networks/${link.id}`, { method: 'DELETE', token: t.landlord })).body.error.code).toBe('invalid_state');
    expect(urls((await h.api('/social-networks', { token: t.renter })).body.data)).not.toContain(link.url);
    expect((await h.api(`/social-networks/${link.id}`, { token: t.renter })).status).toBe(404);
    expect(urls((await h.api('/social-networks?status=deleted', { token: t.landlord })).body.data)).toEqual([link.url]);
    const edit = await h.api(`/social-networks/${link.id}`, {
      method: 'PUT',
      token: t.landlord,
      body: { network: 'telegram', url: 'https://t.me/other' },
    });
    expect(edit.status).toBe(409);

    const restored = await h.api(`/social-networks/${link.id}/restore`, { method: 'PUT', token: t.landlord });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: link.id, network: 'telegram', url: link.url, title: null, status: 'active' });
    expect((await h.api(`/social-networks/${link.id}/restore`, { method: 'PUT', token: t.landlord })).status).toBe(409);
    expect(urls((await h.api('/social-networks', { token: t.renter })).body.data)).toContain(link.url);
  });
});
