import { useCallback } from 'react';
import { useSendDemoRequest } from '#/state/queries/landing';
import { PhoneField } from '../../forms/PhoneField';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Card, FormError, Stack, TextField } from '../../ui';
import type { DemoValues } from './landing-rules';

/** Name or company required; email required and valid; phone optional. */
export function DemoForm() {
  const { LL } = useI18nContext();
  // The validator (arktype) loads with the first check, not with the landing page.
  const schema = useCallback(async () => (await import('./landing-rules')).demoRules(LL), [LL]);
  const send = useSendDemoRequest();
  const { form, status, submit, errorOf } = useAppForm<DemoValues>(schema, { name: '', company: '', email: '', phone: '' });

  const onSubmit = submit(async (values) => {
    await send.mutateAsync(values);
    form.reset();
    return LL.demo.success();
  }, LL.demo.failure());

  return (
    <Card title={LL.demo.title()} data-testid="demo-form">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextField label={LL.demo.name()} autoComplete="name" maxLength={100} {...form.register('name')} error={errorOf('name')} />
          <TextField label={LL.demo.company()} autoComplete="organization" maxLength={200} {...form.register('company')} error={errorOf('company')} />
          <TextField label={LL.demo.email()} type="email" autoComplete="email" maxLength={200} required {...form.register('email')} error={errorOf('email')} />
          <PhoneField control={form.control} name="phone" label={LL.demo.phone()} error={errorOf('phone')} />
          <FormError message={status?.message} tone={status?.tone} />
          <Button type="submit" loading={form.formState.isSubmitting}>
            {LL.demo.submit()}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
