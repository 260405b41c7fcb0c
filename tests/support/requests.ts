import type { Harness } from './api-harness';

/** The smallest real PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A 1×1 PNG: the smallest real photo. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Multipart POST of `fields` (strings, or a file as { data, name, type }). */
export async function postForm(
  h: Harness,
  apiPath: string,
  fields: Record<string, string | { data: Buffer; name: string; type?: string }>,
  opts: { token?: string; ip?: string } = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value.data)], { type: value.type ?? 'image/png' }), value.name);
  }
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  const res = await fetch(`${h.baseUrl}/api${apiPath}`, { method: 'POST', body: form, headers });
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

export const uploadFile = (h: Harness, token: string, id: string, kind: 'photo' | 'report', data = PNG, name = 'photo.png') =>
  postForm(h, `/requests/${id}/files`, { kind, file: { data, name } }, { token });

/** The first renters' type the caller may use. */
export async function firstRenterType(h: Harness, token: string): Promise<string> {
  const res = await h.api('/type-request/kind/12', { token });
  return res.body[0].id as string;
}

export async function createAsRenter(h: Harness, token: string, typeId: string, description = 'Не горит свет у входа') {
  const res = await h.api('/requests', { token, body: { type_id: typeId, description } });
  if (res.status !== 201) throw new Error(`create request: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; number: number; status: string; history: unknown[] };
}
