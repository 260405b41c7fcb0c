import { useI18nContext } from '../i18n/i18n-react';
import { Button } from '../ui';
import * as s from './ListPage.css';

type Props = {
  page: number;
  limit: number;
  total: number;
  /** False when the server stopped counting (a journal of millions): the total is "more than". */
  exact?: boolean | undefined;
  /** Rows on this page: past an inexact total, a full page means there may be a next one. */
  rows: number;
  onPage: (page: number) => void;
};

export function Pagination({ page, limit, total, exact = true, rows, onPage }: Props) {
  const { LL } = useI18nContext();
  const pages = Math.max(1, Math.ceil(total / limit));
  const hasNext = exact ? page < pages : rows === limit;
  return (
    <nav className={s.pagination} aria-label={exact ? LL.list.page({ page, pages }) : LL.list.pageOnly({ page })} data-testid="pagination">
      <span>{exact ? LL.list.total({ total }) : LL.list.totalMore({ total })}</span>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {LL.list.prev()}
      </Button>
      <span data-testid="page-indicator">{exact ? LL.list.page({ page, pages }) : LL.list.pageOnly({ page })}</span>
      <Button size="sm" variant="secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {LL.list.next()}
      </Button>
    </nav>
  );
}
