import { arktypeResolver } from '@hookform/resolvers/arktype';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type FormEventHandler, useMemo, useState } from 'react';
import { type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { ApiRequestError } from '../api/client';
import { useI18nContext } from '../i18n/i18n-react';

export type FormStatus = { tone: 'error' | 'success'; message: string } | null;
type Schema<T> = StandardSchemaV1<T, T>;
/** The rules, or a loader of them: a screen on the first paint fetches the validator only when it first validates. */
export type SchemaSource<T> = Schema<T> | (() => Promise<Schema<T>>);

function resolverOf<T extends FieldValues>(source: SchemaSource<T>): Resolver<T> {
  if ('~standard' in source) return arktypeResolver(source) as Resolver<T>;
  let loading: Promise<Schema<T>> | undefined;
  return async (values, context, options) => {
    loading ??= source();
    return arktypeResolver(await loading)(values, context, options) as ReturnType<Resolver<T>>;
  };
}

/** Rules between fields (an end after its start, a minimum under its maximum): the message per field. */
export type CrossChecks<T> = (values: T) => Partial<Record<Path<T>, string>>;

/**
 * arktype checks a rule on the whole object only once every field passes, so the user would meet
 * "the end is before the start" on a second submit. These run on every validation beside the schema,
 * and a field's own error, said first, wins.
 */
function withCrossChecks<T extends FieldValues>(resolver: Resolver<T>, checks: CrossChecks<T> | undefined): Resolver<T> {
  if (!checks) return resolver;
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const extra = Object.entries(checks(values)).filter(([name, message]) => message && !(name in result.errors));
    if (extra.length === 0) return result;
    const errors = { ...result.errors, ...Object.fromEntries(extra.map(([name, message]) => [name, { type: 'cross', message }])) } as FieldErrors<T>;
    return { values: {}, errors };
  };
}

/**
 * The one form pattern: arktype rules (and `crossChecks` between fields) checked as the user types,
 * the server's field errors put beside their fields, a form-level message for the rest; what the user
 * typed is never reset on refusal.
 */
export function useAppForm<T extends FieldValues>(schema: SchemaSource<T>, defaultValues: DefaultValues<T>, crossChecks?: CrossChecks<T>) {
  const { LL } = useI18nContext();
  const resolver = useMemo(() => withCrossChecks(resolverOf(schema), crossChecks), [schema, crossChecks]);
  const form = useForm<T>({ resolver, defaultValues, mode: 'onTouched' });
  const [status, setStatus] = useState<FormStatus>(null);

  /** Runs `send` on valid input; maps a refusal onto the fields and the form message. */
  const submit = (send: (values: T) => Promise<string | void>, failure?: string) =>
    form.handleSubmit(async (values) => {
      setStatus(null);
      try {
        const success = await send(values);
        if (success) setStatus({ tone: 'success', message: success });
      } catch (err) {
        const message = applyServerErrors(form, err, failure ?? LL.errors.internal());
        setStatus(message ? { tone: 'error', message } : null);
      }
    });

  /** What a FormPage takes from the form: its submit, its message and whether it is sending. */
  const pageProps = (onSubmit: FormEventHandler<HTMLFormElement>) => ({ onSubmit, status, busy: form.formState.isSubmitting });

  return { form, status, setStatus, submit, pageProps, errorOf: (name: Path<T>) => fieldError(form, name) };
}

/**
 * A loaded record as a form's starting values: only the form's own fields, a missing value as ''.
 * Anything more would go back to the server with the form, which refuses fields it does not know.
 */
export function valuesFrom<T extends Record<string, string>>(empty: T, record: object): T {
  const source = record as Record<string, unknown>;
  return Object.fromEntries(Object.entries(empty).map(([k, blank]) => [k, source[k] ?? blank])) as T;
}

function fieldError<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>): string | undefined {
  const err = form.formState.errors[name];
  return typeof err?.message === 'string' ? err.message : undefined;
}

/**
 * Puts the server's `fields` beside the inputs and returns the message for the whole form: none when
 * every refusal is under its field (an error is said once), else the server's own words.
 */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, err: unknown, fallback: string): string | null {
  if (!(err instanceof ApiRequestError)) return fallback;
  if (err.status >= 500) return fallback;
  const known = new Set(Object.keys(form.getValues()));
  const fields = Object.entries(err.body.fields ?? {});
  for (const [field, message] of fields) {
    if (known.has(field)) form.setError(field as Path<T>, { type: 'server', message });
  }
  const placedAll = fields.length > 0 && fields.every(([field]) => known.has(field));
  return placedAll ? null : err.body.message;
}
