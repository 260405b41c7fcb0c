import { forwardRef, type SelectHTMLAttributes } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { FieldShell, useFieldIds } from '../../ui/Field/Field';
import { control } from '../../ui/Field/Field.css';
import type { ExecutorGroup } from './api';

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & { name: string; groups: ExecutorGroup[]; error?: string };

/** One native select of every possible executor, grouped by kind (the kit's Select has no groups). */
export const ExecutorSelect = forwardRef<HTMLSelectElement, Props>(function ExecutorSelect({ name, groups, error, ...rest }, ref) {
  const { LL } = useI18nContext();
  const f = LL.tasks.fields;
  const ids = useFieldIds(undefined, name, undefined, error);
  const groupLabel = { employee: f.employees(), renter: f.renters(), contractor: f.contractors() };
  return (
    <FieldShell ids={ids} label={f.executor()} error={error} testId="task-executor">
      <select
        ref={ref}
        id={ids.inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={control({ invalid: Boolean(error) })}
        data-testid="task-executor"
        {...rest}
      >
        <option value="">{f.pickExecutor()}</option>
        {groups
          .filter((g) => g.options.length > 0)
          .map((g) => (
            <optgroup key={g.kind} label={groupLabel[g.kind]}>
              {g.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ))}
      </select>
    </FieldShell>
  );
});
