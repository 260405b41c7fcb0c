import { useCallback } from 'react';
import { useSendSupportMessage } from '#/state/queries/landing';
import { PhoneField } from '../../forms/PhoneField';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Card, FormError, Stack, TextArea, TextField } from '../../ui';
import type { SupportValues } from './landing-rules';

/** Name and message required; phone optional. A toast says whether it was sent. */
export function SupportForm() {
  const { LL } = useI18nContext();
  // The validator (arktype) loads with the first check, not with the landing page.
  const schema = useCallback(async () => (await import('./landing-rules')).supportRules(LL), [LL]);
  const send = useSendSupportMessage();
  const { form, status, submit, errorOf } = useAppForm<SupportValues>(schema, { name: '', phone: '', message: '' });

  const onSubmit = submit(async (values) => {
    await send.mutateAsync(values);
    form.reset();
    return LL.support.success();
  }, LL.support.failure());

  return (
    <Card title={LL.support.title()} data-testid="support-form">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextField label={LL.support.name()} autoComplete="name" maxLength={100} required {...form.register('name')} error={errorOf('name')} />
          <PhoneField control={form.control} name="phone" label={LL.support.phone()} error={errorOf('phone')} />
          <TextArea label={LL.support.message()} rows={4} maxLength={2000} required {...form.register('message')} error={errorOf('message')} />
          <FormError message={status?.message} tone={status?.tone} />
          <Button type="submit" loading={form.formState.isSubmitting}>
            {LL.support.submit()}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
