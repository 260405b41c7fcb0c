import type { ViolationEventType, ViolationStatus } from '#/state/queries/violations';
import { useI18nContext } from '../../i18n/i18n-react';
import * as s from '../../records/records.css';
import { StatusBadge } from '../../records/StatusBadge';

/** `violation.issue` -> `issue`: the dictionary's action keys. */
export const actionKey = (event: ViolationEventType) =>
  event.slice('violation.'.length) as 'issue' | 'acknowledge' | 'dispute' | 'uphold' | 'reject' | 'fix' | 'confirm' | 'return';

/** A fine as the centre writes money: "12 345,67 ₸" (the exact string, grouped; never through a float). */
export function formatFine(fine: string | null, locale: string): string {
  if (fine === null) return '—';
  const [whole = '0', cents] = fine.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const sep = locale === 'en' ? '.' : ',';
  return `${grouped}${cents && cents !== '00' ? `${sep}${cents}` : ''}\u00a0₸`;
}

/** The status and the overdue mark, side by side. */
export function ViolationBadges({ violation: v }: { violation: { status: ViolationStatus; overdue: boolean } }) {
  const { LL } = useI18nContext();
  return (
    <span className={s.badges}>
      <StatusBadge tone={v.status} testId="violation-status">
        {LL.violations.statuses[v.status]()}
      </StatusBadge>
      {v.overdue && (
        <StatusBadge tone="overdue" testId="overdue-badge">
          {LL.violations.overdue()}
        </StatusBadge>
      )}
    </span>
  );
}
