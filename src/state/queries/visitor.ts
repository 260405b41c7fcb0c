import { api, multipart, unwrap } from '#/api/client';
import { usePublicRecord } from '#/lists/PublicQuery';

export type VisitorRequestBody = { name: string; phone: string; type_id: string; description: string };

// The QR page's two public calls (no token: the visitor has no account).
export const visitorApi = {
  form: (objectId: string, signal?: AbortSignal) => unwrap(api.GET('/public/visitor-requests/{objectId}', { params: { path: { objectId } }, signal })),
  /** Multipart: the text fields plus at most one photo, which the server judges by its bytes. */
  send: (objectId: string, body: VisitorRequestBody, photo: File | null) =>
    unwrap(api.POST('/public/visitor-requests/{objectId}', { params: { path: { objectId } }, ...multipart({ ...body, photo }) })),
};

export const visitorKeys = { form: ['visitor-request'] as const };

/** The centre behind a QR code, with the request types its visitors may send. */
export const useVisitorForm = (objectId: string) => usePublicRecord(visitorKeys.form, objectId, visitorApi.form);
