import type { PassThrough } from 'node:stream';
import { formatDateTime } from '#/i18n/formatters';
import type { Locales } from '#/i18n/i18n-types';
import type { Db } from '../../db/client';
import type { LL } from '../../http/i18n';
import { streamXlsx } from '../../http/xlsx-stream';
import type { FileLinks } from '../../storage/file-links';
import { extrasOf, type NoticeFilter, type NoticeRow, noticeBatch } from './queries';

const BATCH = 500;

/** The employee notifications as filtered, newest first, as .xlsx (keyset batches, http/xlsx-stream.ts). */
/** Times are Almaty's, written as the reader's language writes them, as the list shows them. */
export function exportEmployeeNotices(db: Db, links: FileLinks, filter: NoticeFilter, ll: LL, locale: Locales): Promise<PassThrough> {
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
      { header: t.date(), key: 'date', width: 18 },
      { header: t.author(), key: 'author', width: 28 },
      { header: t.message(), key: 'message', width: 60 },
      { header: t.recipients(), key: 'recipients', width: 40 },
      { header: t.files(), key: 'files', width: 10 },
    ],
    batchSize: BATCH,
    batch,
    keyOf: (r: NoticeRow) => ({ at: r.createdAt, id: r.id }),
    cells: (r) => ({
      date: formatDateTime((r.sentAt ?? r.sendAt ?? r.createdAt).toISOString(), locale),
      author: r.authorName,
      message: r.message,
      recipients: r.extra.recipients.map((p) => p.name).join(', '),
      files: r.extra.files.length,
    }),
  });
}
