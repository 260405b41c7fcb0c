import { asc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Locales } from '../../../src/i18n/i18n-types';
import type { Db } from '../../db/client';
import { violationFiles } from '../../db/schema';
import type { LL } from '../../http/i18n';
import type { FileLinks } from '../../storage/file-links';
import { presentFiles } from '../../workflow/file-list';
import { presentHistory } from '../../workflow/history';
import { actionsOf } from '../../workflow/transition';
import { staffMay, type ViolationViewer } from './access';
import { uploadKinds } from './files';
import { toListItem, type ViolationRow } from './queries';
import { violationWorkflow } from './workflow';

export type ViolationDetail = components['schemas']['ViolationDetail'];

/** The violation with its files (signed links, for this viewer who sees it), history, and what this caller may do now. */
export async function presentViolation(
  db: Db,
  links: FileLinks,
  viewer: ViolationViewer,
  row: ViolationRow,
  ll: LL,
  locale: Locales,
): Promise<ViolationDetail> {
  const v = row.violation;
  const kept = violationWorkflow.history;
  if (!kept) throw new Error('violations keep a history');
  const [files, history] = await Promise.all([
    db.select().from(violationFiles).where(eq(violationFiles.violationId, v.id)).orderBy(asc(violationFiles.createdAt), asc(violationFiles.id)),
    // The deadline job has no login: its entries are named in the reader's language.
    presentHistory(db, kept, v.id, ll.violations.system()),
  ]);
  const draft = v.status === 'draft';
  return {
    ...toListItem(row, locale),
    description: v.description,
    files: presentFiles(links, files, (f) => ({ kind: f.kind })),
    history: history as ViolationDetail['history'],
    actions: actionsOf(violationWorkflow, viewer, row),
    can_edit: draft && staffMay(viewer, 'update'),
    can_delete: draft && staffMay(viewer, 'delete'),
    upload_kinds: uploadKinds(viewer, row),
  };
}
