import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { taskFiles } from '../../server/db/schema';
import { fileLinks } from '../../server/storage/file-links';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { PDF, PNG, postForm } from '../support/requests';
import { createTask, userIdOf } from '../support/tasks';
import { docxOf } from '../support/zip';

const MiB = 1024 * 1024;

/**
 * Sends the headers of a multipart upload of `size` bytes and only its first 64 KiB, and waits for the
 * answer: a refused caller is answered while the rest of its body has not even been sent.
 */
function startUpload(
  h: Harness,
  apiPath: string,
  size: number,
  token?: string,
  method = 'POST',
): Promise<{ status: number; body: { error?: { code: string } } }> {
  const boundary = 'mallcrmboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('no answer before the body was sent'));
    }, 5000);
    const req = http.request(`${h.baseUrl}/api${apiPath}`, {
      method,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(size),
        ...(token && { authorization: `Bearer ${token}` }),
      },
    });
    req.on('error', () => undefined); // the server may close the socket once it has answered
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') });
      });
    });
    req.write(Buffer.concat([head, Buffer.alloc(64 * 1024)]));
  });
}

describeEachDatabase('documents: gated uploads, private signed links', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '', renter2: '' };
  let taskId = '';
  const tmpFiles = async () => readdir(path.join(h.dataDir, 'tmp')).catch(() => [] as string[]);
  const upload = (token: string, data: Buffer, name: string) =>
    postForm(h, `/tasks/${taskId}/files`, { file: { data, name, type: 'application/octet-stream' } }, { token });

  beforeAll(async () => {
    for (const name of Object.keys(t) as (keyof typeof t)[]) t[name] = await h.login(name);
    taskId = (await createTask(h, t.employee, { executor_user_id: await userIdOf(h, 'renter') })).id;
  });

  it('a document is served only by its signed link: private, sandboxed, downloaded; a bare, altered or expired link is 404', async () => {
    const sent = await upload(t.renter, PDF, 'акт.pdf');
    expect(sent.status).toBe(201);
    const url: string = sent.body.files[0].url;
    expect(url).toMatch(/^\/storage\/tasks\/[^?]+\.pdf\?expires=\d+&name=[^&]+&signature=[\w-]{43}$/);

    const ok = await h.fetch(url);
    expect(ok.status).toBe(200);
    expect(ok.body).toBe(PDF.toString('utf8'));
    expect(ok.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(ok.headers.get('content-security-policy')).toBe('sandbox');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    // Saved under the name it was uploaded with, not its storage key.
    expect(ok.headers.get('content-disposition')).toBe(`attachment; filename="___.pdf"; filename*=UTF-8''${encodeURIComponent('акт.pdf')}`);
    expect(ok.headers.get('content-type')).toBe('application/pdf');

    const [bare] = url.split('?') as [string];
    const expires = Number(new URL(url, h.baseUrl).searchParams.get('expires'));
    const refused = [
      bare,
      url.replace(/signature=./, (s) => `signature=${s.endsWith('A') ? 'B' : 'A'}`),
      url.replace(`expires=${expires}`, `expires=${expires + 300}`),
      url.replace(/\/[^/?]+\.pdf/, '/00000000-0000-0000-0000-000000000000.pdf'),
      // The name is signed too: a link cannot be made to save the file under another name.
      url.replace(/name=[^&]+/, 'name=page.html'),
    ];
    // A link signed with the server's own secret, but already past.
    const secret = await readFile(path.join(h.dataDir, 'files-secret'), 'utf8');
    refused.push(fileLinks(secret, '/storage/', () => Date.now() - 3_600_000).url(bare.replace('/storage/', '')));
    for (const wrong of refused) {
      const res = await h.fetch(wrong);
      expect({ wrong, status: res.status }).toEqual({ wrong, status: 404 });
      expect(res.body.error.code).toBe('not_found');
    }
    // The same link, checked again: still good (it is the same signature until it expires).
    expect((await h.fetch(url)).status).toBe(200);
  });

  it('pictures are shown inline, still private; logos stay public', async () => {
    const sent = await upload(t.employee, PNG, 'фото.png');
    const png = await h.fetch(sent.body.files.at(-1).url);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-disposition')).toBe(`inline; filename="____.png"; filename*=UTF-8''${encodeURIComponent('фото.png')}`);
    expect(png.headers.get('cache-control')).toMatch(/^private/);
    const me = (await h.api('/user', { token: t.landlord })).body;
    const logo = await h.fetch(me.land.logo_url);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('cache-control')).toMatch(/^public/);
    // Opened on its own (an SVG as a page), a logo runs in a sandbox.
    expect(logo.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('another landlord, or a renter not party to the task, never gets a link', async () => {
    for (const token of [t.landlord2, t.renter2]) {
      const res = await h.api(`/tasks/${taskId}`, { token });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('/storage/');
      const list = await h.api('/tasks?box=incoming', { token });
      expect(JSON.stringify(list.body)).not.toContain(taskId);
    }
  });

  it('an unauthenticated or foreign 20 MiB upload is answered before its body is sent, and nothing is kept', async () => {
    const anonymous = await startUpload(h, `/tasks/${taskId}/files`, 20 * MiB);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.code).toBe('unauthorized');
    const foreign = await startUpload(h, `/tasks/${taskId}/files`, 20 * MiB, t.landlord2);
    expect(foreign.status).toBe(404);
    const objectId = (await h.api('/objects', { token: t.landlord })).body.data[0].id;
    const logo = await startUpload(h, `/objects/${objectId}/logo`, 20 * MiB, t.renter, 'PUT');
    expect(logo.status).toBe(403);
    const logoOfAnother = await startUpload(h, `/objects/${objectId}/logo`, 20 * MiB, t.landlord2, 'PUT');
    expect(logoOfAnother.status).toBe(404);
    expect(await tmpFiles()).toEqual([]);
  });

  it('a zip bomb dressed as a .docx is refused and leaves no row, no stored file and no temporary file', async () => {
    const rowsBefore = (await h.db.select().from(taskFiles).where(eq(taskFiles.taskId, taskId))).length;
    const stored = async () => (await readdir(path.join(h.config.storageDir, 'tasks', taskId))).length;
    const storedBefore = await stored();
    // 20 MiB of one letter packs into a few KiB: over a hundred times its size once unpacked.
    const bomb = docxOf(Buffer.alloc(20 * MiB, 'a'));
    expect(bomb.length).toBeLessThan(MiB);
    const res = await upload(t.renter, bomb, 'отчёт.docx');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('document_archive');
    expect(res.body.error.fields.file).toBeTruthy();
    expect((await h.api(`/tasks/${taskId}`, { token: t.renter, lang: 'en' })).body.files).toHaveLength(rowsBefore);
    expect((await h.db.select().from(taskFiles).where(eq(taskFiles.taskId, taskId))).length).toBe(rowsBefore);
    expect(await stored()).toBe(storedBefore);
    expect(await tmpFiles()).toEqual([]);

    // An honest document of the same shape is taken, and its temporary file is gone too.
    const honest = await upload(t.renter, docxOf(), 'отчёт.docx');
    expect(honest.status).toBe(201);
    expect(honest.body.files.at(-1)).toMatchObject({
      name: 'отчёт.docx',
      content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(await tmpFiles()).toEqual([]);
  });
});
