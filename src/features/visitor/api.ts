import { api, unwrap } from '../../api/client';

export type VisitorRequestBody = { name: string; phone: string; type_id: string; description: string };

// The QR page's two public calls (no token: the visitor has no account).
export const visitorApi = {
  form: (objectId: string) => unwrap(api.GET('/public/visitor-requests/{objectId}', { params: { path: { objectId } } })),
  /** Multipart: the text fields plus at most one photo, which the server judges by its bytes. */
  send: (objectId: string, body: VisitorRequestBody, photo: File | null) =>
    unwrap(
      api.POST('/public/visitor-requests/{objectId}', {
        params: { path: { objectId } },
        body: { ...body, photo: photo as unknown as string },
        bodySerializer: (b) => {
          const form = new FormData();
          for (const key of ['name', 'phone', 'type_id', 'description'] as const) form.append(key, b[key]);
          if (b.photo) form.append('photo', b.photo as unknown as File);
          return form;
        },
      }),
    ),
};
