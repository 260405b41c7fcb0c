import type { PassThrough } from 'node:stream';
import type { Db } from '../../db/client';
import type { LL } from '../../http/i18n';
import { streamXlsx } from '../../http/xlsx-stream';
import type { FileLinks } from '../../storage/file-links';
import { extrasOf, type NoticeFilter, type NoticeRow, noticeBatch } from './queries';

const BATCH = 500;

/** The employee notifications as filtered, newest first, as .xlsx (keyset batches, http/xlsx-stream.ts). */
/** Times are Almaty's, as Excel dates (xlsx-stream.ts). */
export function exportEmployeeNotices(db: Db, links: FileLinks, filter: NoticeFilter, ll: LL): Promise<PassThrough> {
  const t = ll.notices.columns;
  const batch = async (after: { at: Date; id: string } | null) => {
    const rows = await noticeBatch(db, filter, after, BATCH);
    const extras = await extrasOf(
      db,
      links,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, extra: extras(r.id) }));
  };
  return streamXlsx({
    name: ll.notices.employeesTitle(),
    columns: [
      { header: t.date(), width: 18, kind: 'datetime' },
      { header: t.author(), width: 28 },
      { header: t.message(), width: 60 },
      { header: t.recipients(), width: 40 },
      { header: t.files(), width: 10, kind: 'integer' },
    ],
    batchSize: BATCH,
    batch,
    keyOf: (r: NoticeRow) => ({ at: r.createdAt, id: r.id }),
    cells: (r) => [r.sentAt ?? r.sendAt ?? r.createdAt, r.authorName, r.message, r.extra.recipients.map((p) => p.name).join(', '), r.extra.files.length],
  });
}
