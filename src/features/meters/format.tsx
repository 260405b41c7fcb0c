import type { ReadingRow, ReadingStatus } from '#/state/queries/meters';
import { useI18nContext } from '../../i18n/i18n-react';
import * as r from '../../records/records.css';
import { StatusBadge } from '../../records/StatusBadge';

/** `reading.accept` -> `accept`: the dictionary's action keys. */
export const actionKey = (event: string) => event.replace(/^reading\./, '') as 'accept' | 'return' | 'resubmit' | 'correct';

/** A reading's status as its pill; a month without a reading says so. */
export function ReadingBadge({ status }: { status: ReadingStatus | null }) {
  const { LL } = useI18nContext();
  const t = LL.meters.readings;
  return status ? (
    <StatusBadge tone={status} testId="reading-status">
      {t.statuses[status]()}
    </StatusBadge>
  ) : (
    <StatusBadge tone="missing" testId="reading-status">
      {t.missing()}
    </StatusBadge>
  );
}

/** The status and the checks that want a person's eye, side by side. */
export function ReadingBadges({ reading }: { reading: Pick<ReadingRow, 'status' | 'flags'> }) {
  const { LL } = useI18nContext();
  return (
    <span className={r.badges}>
      <ReadingBadge status={reading.status} />
      {reading.flags.map((flag) => (
        <StatusBadge key={flag} tone="flagged" testId="reading-flag">
          {LL.meters.readings.flags[flag]()}
        </StatusBadge>
      ))}
    </span>
  );
}
