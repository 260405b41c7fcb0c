import type { FileLinks } from '../storage/file-links';

/** The columns every file table has (fileColumns), and the name most of them keep. */
type FileRow = { id: string; key: string; name: string | null; contentType: string; size: number; createdAt: Date };

/** A file as the contract shows it: private, so its address is a signed, short-lived link. */
export function presentFile<F extends FileRow>(links: FileLinks, f: F) {
  return { id: f.id, name: f.name as F['name'], content_type: f.contentType, size: f.size, url: links.url(f.key, f.name) };
}

/** A record's files, oldest first as read, with when each came and the module's own fields (`extra`). */
export function presentFiles<F extends FileRow, X extends object = Record<never, never>>(links: FileLinks, files: F[], extra?: (f: F) => X) {
  return files.map((f) => ({ ...presentFile(links, f), created_at: f.createdAt.toISOString(), ...(extra?.(f) as X) }));
}
