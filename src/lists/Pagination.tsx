import { useI18nContext } from '../i18n/i18n-react';
import { Button } from '../ui';
import * as s from './ListPage.css';

export function Pagination({ page, limit, total, onPage }: { page: number; limit: number; total: number; onPage: (page: number) => void }) {
  const { LL } = useI18nContext();
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav className={s.pagination} aria-label={LL.list.page({ page, pages })} data-testid="pagination">
      <span>{LL.list.total({ total })}</span>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {LL.list.prev()}
      </Button>
      <span data-testid="page-indicator">{LL.list.page({ page, pages })}</span>
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {LL.list.next()}
      </Button>
    </nav>
  );
}
