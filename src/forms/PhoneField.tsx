import { useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import { FieldShell, useFieldIds } from '../ui/Field/Field';
import { control as controlClass } from '../ui/Field/Field.css';

type Props<T extends FieldValues> = { control: Control<T>; name: Path<T>; label: string; error?: string; required?: boolean; 'data-testid'?: string };

/** Kazakhstan phone with the +7 mask (the placeholder starts with +77); empty stays empty. */
export function PhoneField<T extends FieldValues>({ control, name, label, error, required, 'data-testid': testId }: Props<T>) {
  const ids = useFieldIds(undefined, name, undefined, error);
  const [focused, setFocused] = useState(false);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FieldShell ids={ids} label={label} error={error} testId={testId} required={required}>
          <IMaskInput
            mask="+{7}0000000000"
            // While focused an empty field shows "+7", so the digits typed next (often 7...) follow it.
            value={(field.value as string | undefined) || (focused ? '+7' : '')}
            onAccept={(value: string) => field.onChange(value === '+7' ? '' : value)}
            onFocus={() => setFocused(true)}
            onBlur={() => {
              setFocused(false);
              field.onBlur();
            }}
            inputRef={field.ref}
            id={ids.inputId}
            name={name}
            type="tel"
            inputMode="tel"
            placeholder="+77"
            aria-invalid={error ? true : undefined}
            aria-describedby={ids.describedBy}
            required={required}
            data-testid={testId}
            className={controlClass({ invalid: Boolean(error) })}
          />
        </FieldShell>
      )}
    />
  );
}
