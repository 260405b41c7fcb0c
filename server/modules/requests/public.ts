import { and, eq } from 'drizzle-orm';
import type { Locales } from '../../../src/i18n/i18n-types';
import type { Db } from '../../db/client';
import { landlords, objects } from '../../db/schema';
import { checkPhoto, requireUpload } from '../../files/checks';
import { invalidField, notFound } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import type { Storage } from '../../storage/storage';
import { storeFiles, withStoredFiles } from '../../workflow/files';
import { shownTypes, toRequestTypeDto, VISITOR_KIND } from './catalogue';
import { asRequestFile, MAX_VISITOR_PHOTO_MIB } from './files';
import { insertRequest, usableType } from './service';
import { requestWorkflow } from './workflow';

type VisitorForm = { name: string; phone: string; type_id: string; description: string };

/** The centre behind a QR code; an unknown object, or one of a deleted landlord, is 404. */
export async function centre(db: Db, objectId: string) {
  const [row] = await db
    .select({ id: objects.id, name: objects.name, landlordId: objects.landlordId, landlordName: landlords.name })
    .from(objects)
    .innerJoin(landlords, eq(landlords.id, objects.landlordId))
    .where(and(eq(objects.id, objectId), eq(landlords.status, 'active')));
  if (!row) throw notFound();
  return row;
}

export async function visitorForm(db: Db, objectId: string, locale: Locales) {
  const c = await centre(db, objectId);
  const types = await shownTypes(db, c.landlordId, VISITOR_KIND);
  return { object_name: c.name, landlord_name: c.landlordName, types: types.map((t) => toRequestTypeDto(t, locale)) };
}

/**
 * A visitor's request: no account, so the applicant is the form's name and phone, and staff
 * answers for it (machines/request.ts). Every check runs before the photo is stored.
 */
export async function submitVisitorRequest(db: Db, storage: Storage, objectId: string, form: VisitorForm, photo: Upload | undefined) {
  const c = await centre(db, objectId);
  await usableType(db, c.landlordId, form.type_id, [VISITOR_KIND]);
  const name = form.name.trim();
  const description = form.description.trim();
  for (const [field, value] of [
    ['name', name],
    ['description', description],
  ] as const) {
    if (!value) throw invalidField(field, (ll) => ll.validation.required());
  }
  const checked = photo ? asRequestFile(await checkPhoto(requireUpload(photo, 'photo'), 'photo', MAX_VISITOR_PHOTO_MIB), 'photo', null) : null;
  const actor = { userId: null, name };
  return withStoredFiles(storage, (stored) =>
    db.transaction(async (tx) => {
      const created = await insertRequest(
        tx,
        {
          landlordId: c.landlordId,
          typeId: form.type_id,
          objectId: c.id,
          fromVisitor: true,
          applicantName: name,
          applicantPhone: form.phone,
          description,
        },
        actor,
      );
      // The history is ordered by time: the photo comes after the request's creation.
      const after = new Date(Math.max(Date.now(), created.at.getTime() + 1));
      if (checked) await storeFiles(tx, storage, requestWorkflow, created.id, [checked], actor, stored, after);
      return { number: created.number };
    }),
  );
}
