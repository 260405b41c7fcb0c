/** DESIGN §5: `page` from 1, `limit` (or `per_page`) capped; the answer is `{ data, meta }`. */
export const MAX_LIMIT = 100;

export function pageOf(query: { page?: number; limit?: number; per_page?: number }, defaultLimit = 15) {
  const page = Math.max(1, query.page ?? 1);
  const limit = Math.min(MAX_LIMIT, Math.max(1, query.limit ?? query.per_page ?? defaultLimit));
  return { page, limit, offset: (page - 1) * limit };
}

export function pageResult<T>(data: T[], total: number, { page, limit }: { page: number; limit: number }) {
  return { data, meta: { page, limit, total } };
}

/** A user's search text as a LIKE pattern, with its wildcards escaped. */
export function likePattern(search: string | undefined): string | null {
  const s = search?.trim().toLowerCase();
  if (!s) return null;
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
