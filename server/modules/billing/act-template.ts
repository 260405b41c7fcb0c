import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { actLinePlaceholders, actTemplatePlaceholders } from '#/shared/act-template';
import type { Db } from '../../db/client';
import { billingSettings } from '../../db/schema';
import { MEDIA } from '../../http/download';
import type { Upload } from '../../http/uploads';
import { removeStored, type Storage } from '../../storage/storage';
import { checkedTemplateFile, render, type TemplateKind } from '../contracts/document';
import type { TemplateValues } from '../contracts/template';

/** An АВР template is checked like a lease's, against the АВР's placeholders and one row of its lines. */
const actKind: TemplateKind = {
  known: {
    ...Object.fromEntries(actTemplatePlaceholders.map((p) => [p, 'x'])),
    lines: [Object.fromEntries(actLinePlaceholders.map((p) => [p, 'x']))],
  },
  notDocx: 'act_template_type',
  unknown: 'act_template_unknown',
};

/** A sample certificate, so the landlord sees the template filled before saving it. */
const demoAct: TemplateValues = {
  number: 'СФ-2026-000017',
  date: '05.11.2026',
  period: 'ноябрь 2026',
  landlord_name: 'ТОО «Керуен Девелопмент»',
  landlord_bin: '080540012345',
  renter_name: 'ИП «Dana Fashion»',
  renter_bin: '900101300123',
  subtotal: '354 250,00',
  vat_total: '42 510,00',
  grand_total: '396 760,00',
  title: 'Акт выполненных работ (оказанных услуг) № СФ-2026-000017',
  landlord_label: 'Поставщик (арендодатель)',
  renter_label: 'Покупатель (арендатор)',
  bin_label: 'БИН/ИИН',
  period_label: 'Период: ноябрь 2026',
  subtotal_label: 'Итого без НДС',
  vat_label: 'НДС',
  total_label: 'Всего к оплате',
  lines: [{ no: '1', name: 'Аренда за ноябрь 2026, договор № Д-2026/017', amount: '354 250,00', vat: '42 510,00', total: '396 760,00' }],
};

/** The landlord's own АВР template, or null while the shipped one is used. */
export async function actTemplateOf(db: Db, landlordId: string) {
  const [row] = await db
    .select({ key: billingSettings.actTemplateKey, name: billingSettings.actTemplateName })
    .from(billingSettings)
    .where(eq(billingSettings.landlordId, landlordId));
  return row?.key && row.name ? { key: row.key, name: row.name } : null;
}

/** The uploaded template (checked like an upload) filled with the sample certificate; nothing is stored. */
export async function previewActTemplate(upload: Upload | undefined): Promise<Buffer> {
  const { bytes } = await checkedTemplateFile(upload, actKind);
  return render(bytes, demoAct);
}

/**
 * Points the landlord's settings to `key` (null: back to the shipped template) and removes the file it
 * pointed to after; the key replaced is read under a lock with the write, so of two uploads at once the
 * second removes the first's.
 */
async function pointTo(db: Db, storage: Storage, landlordId: string, key: string | null, name: string | null): Promise<void> {
  const set = { actTemplateKey: key, actTemplateName: name, updatedAt: new Date() };
  const before = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ key: billingSettings.actTemplateKey })
      .from(billingSettings)
      .where(eq(billingSettings.landlordId, landlordId))
      .for('update');
    await tx
      .insert(billingSettings)
      .values({ landlordId, ...set })
      .onConflictDoUpdate({ target: billingSettings.landlordId, set });
    return row?.key;
  });
  await removeStored(storage, [before]);
}

/** The landlord's АВР template: a checked .docx stored privately under a new key; a refused one stores nothing. */
export async function uploadActTemplate(db: Db, storage: Storage, landlordId: string, upload: Upload | undefined): Promise<void> {
  const { file } = await checkedTemplateFile(upload, actKind);
  const key = `act-templates/${landlordId}/${randomUUID()}.docx`;
  await storage.putFile(key, file.upload.path, MEDIA.docx);
  await pointTo(db, storage, landlordId, key, String(file.columns?.name ?? 'act.docx')).catch(async (err: unknown) => {
    await removeStored(storage, [key]);
    throw err;
  });
}

/** Back to the shipped template: the landlord's file is removed. */
export const removeActTemplate = (db: Db, storage: Storage, landlordId: string) => pointTo(db, storage, landlordId, null, null);
