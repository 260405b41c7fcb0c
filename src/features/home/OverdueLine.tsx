import { badgeText } from '#/shared/counts';
import { useI18nContext } from '../../i18n/i18n-react';
import * as s from './HomePage.css';

/** Home's applications tile: the overdue count as a second line, only when there are any. */
export function OverdueLine({ count }: { count: number | undefined }) {
  const { LL } = useI18nContext();
  if (!count) return null;
  return (
    <span className={s.overdueLine} data-testid="tile-overdue">
      {LL.requests.overdueCount({ count: badgeText(count) })}
    </span>
  );
}
