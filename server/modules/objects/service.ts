import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Db } from '../../db/client';
import { landlords, objects, objectTypes, rooms, users } from '../../db/schema';
import { detectImage, MAX_LOGO_BYTES } from '../../files/image';
import { AppError, invalidField, notFound } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import { removeStored, type Storage } from '../../storage/storage';

type ObjectInput = components['schemas']['MallObjectInput'];

async function columnsOf(db: Db, input: ObjectInput) {
  const values = { name: input.name.trim(), city: input.city.trim(), address: input.address.trim(), typeId: input.type_id };
  for (const field of ['name', 'city', 'address'] as const) {
    if (!values[field]) throw invalidField(field, (ll) => ll.validation.required());
  }
  const [type] = await db.select({ id: objectTypes.id }).from(objectTypes).where(eq(objectTypes.id, input.type_id));
  if (!type) throw invalidField('type_id', (ll) => ll.errors.not_found());
  return values;
}

/**
 * A new object of the landlord. The landlord's own logins and its employees that have no object yet
 * get this one, so its logo becomes their avatar.
 */
export async function createObject(db: Db, landlordId: string, input: ObjectInput): Promise<string> {
  const values = await columnsOf(db, input);
  const [landlord] = await db.select({ id: landlords.id }).from(landlords).where(eq(landlords.id, landlordId));
  if (!landlord) throw invalidField('landlord_id', (ll) => ll.errors.not_found());
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(objects)
      .values({ ...values, landlordId })
      .returning({ id: objects.id });
    if (!row) throw new Error('object not created');
    await tx
      .update(users)
      .set({ objectId: row.id })
      .where(and(eq(users.landlordId, landlordId), isNull(users.objectId), inArray(users.role, ['landlord', 'employee'])));
    return row.id;
  });
}

export async function updateObject(db: Db, id: string, input: ObjectInput): Promise<void> {
  await db
    .update(objects)
    .set(await columnsOf(db, input))
    .where(eq(objects.id, id));
}

/**
 * Objects have no status column, so a delete erases: refused while the object has rooms (renters
 * live in rooms, history hangs on them). Users whose avatar came from it move to another object
 * of the landlord, or to the default avatar. The logo file goes after the commit.
 */
export async function deleteObject(db: Db, storage: Storage, object: typeof objects.$inferSelect): Promise<void> {
  await db.transaction(async (tx) => {
    const [used] = await tx.select({ n: count() }).from(rooms).where(eq(rooms.objectId, object.id));
    if ((used?.n ?? 0) > 0) throw new AppError(409, 'in_use');
    const [other] = await tx
      .select({ id: objects.id })
      .from(objects)
      .where(and(eq(objects.landlordId, object.landlordId), ne(objects.id, object.id)))
      .orderBy(objects.createdAt)
      .limit(1);
    await tx
      .update(users)
      .set({ objectId: other?.id ?? null })
      .where(eq(users.objectId, object.id));
    await tx.delete(objects).where(eq(objects.id, object.id));
  });
  await removeStored(storage, [object.logoKey]);
}

/**
 * Checks the file (size, then its bytes), stores it under a fresh key, points the object at it and
 * only then removes the previous file. A refusal stores nothing; a failed update removes the new file.
 */
export async function replaceLogo(db: Db, storage: Storage, objectId: string, upload: Upload | undefined): Promise<void> {
  if (!upload || upload.size === 0) throw invalidField('logo', (ll) => ll.validation.required());
  if (upload.size > MAX_LOGO_BYTES) throw new AppError(413, 'file_too_large', { logo: (ll) => ll.errors.file_too_large({ max: 2 }) }, { max: 2 });
  // At most 2 MiB, read whole: an SVG is judged by all of its text.
  const kind = await detectImage(await readFile(upload.path));
  if (!kind) throw new AppError(400, 'file_type', { logo: (ll) => ll.errors.file_type() });
  const key = `logos/objects/${objectId}-${randomUUID().slice(0, 8)}.${kind.ext}`;
  // A sanitised SVG is stored as the sanitiser wrote it; any other picture as it arrived.
  if (kind.data) await storage.put(key, kind.data, kind.contentType);
  else await storage.putFile(key, upload.path, kind.contentType);
  let previous: string | null = null;
  try {
    previous = await swapLogoKey(db, objectId, key);
  } catch (err) {
    await removeStored(storage, [key]);
    throw err;
  }
  await removeStored(storage, [previous]);
}

export async function removeLogo(db: Db, storage: Storage, objectId: string): Promise<void> {
  const previous = await swapLogoKey(db, objectId, null);
  await removeStored(storage, [previous]);
}

/** Sets the key and returns the one it replaced; the row lock keeps two uploads from losing a file. */
async function swapLogoKey(db: Db, objectId: string, key: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ logoKey: objects.logoKey }).from(objects).where(eq(objects.id, objectId)).for('update');
    if (!row) throw notFound();
    await tx.update(objects).set({ logoKey: key }).where(eq(objects.id, objectId));
    return row.logoKey;
  });
}
