import { forwardRef, type SelectHTMLAttributes } from 'react';
import type { RoomOptionGroup } from '#/state/queries/renters';
import { formatArea } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { controlProps, FieldShell, useFieldIds } from '../../ui/Field/Field';

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & {
  label: string;
  name: string;
  groups: RoomOptionGroup[];
  error?: string;
  hint?: string;
};

/**
 * The renter's room: a native select grouped by object (optgroup), so a landlord with several
 * centres sees where each room is. The kit's Select has no groups; this is its grouped sibling.
 */
export const RoomSelect = forwardRef<HTMLSelectElement, Props>(function RoomSelect({ label, name, groups, error, hint, id, ...rest }, ref) {
  const { LL, locale } = useI18nContext();
  const ids = useFieldIds(id, name, hint, error);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} required={rest.required}>
      <select ref={ref} {...controlProps(ids, name, error)} {...rest}>
        <option value="">{LL.renters.roomPlaceholder()}</option>
        {groups.map((g) => (
          <optgroup key={g.id} label={g.name}>
            {g.rooms.map((r) => (
              <option key={r.id} value={r.id}>
                {LL.renters.roomOption({ number: r.number, floor: r.floor, area: formatArea(r.area, locale) })}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </FieldShell>
  );
});
