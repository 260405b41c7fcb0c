import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * A choice with a single option is made for the user once the options are known (a landlord with
 * one centre does not pick it on every form); it can still be changed, and a value already there stays.
 */
export function useSoleOption<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>, options: readonly { id: string }[] | undefined) {
  const only = options?.length === 1 ? options[0]?.id : undefined;
  useEffect(() => {
    if (only && !form.getValues(name)) form.setValue(name, only as PathValue<T, Path<T>>, { shouldValidate: true });
  }, [form, name, only]);
}

/**
 * A select whose options arrive after the form shows its value once they do: the browser cannot select
 * an option that is not there yet, so an edited record's choice looked empty though it was kept.
 */
export function useChoiceShown<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>, options: readonly unknown[] | undefined) {
  const loaded = options !== undefined;
  useEffect(() => {
    const value = form.getValues(name);
    if (loaded && value) form.setValue(name, value);
  }, [form, name, loaded]);
}
