import { type } from 'arktype';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { api, unwrap } from '../../api/client';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, FormError, Stack, TextField } from '../../ui';
import { AuthLayout } from './AuthLayout';

/** `/auth/restore-password`: mails a one-time link; the answer never tells whether the user exists. */
export function RestorePasswordPage() {
  const { LL } = useI18nContext();
  const schema = useMemo(() => type({ login: rules(LL).required().and(rules(LL).max(200)) }), [LL]);
  const { form, status, submit, errorOf } = useAppForm<{ login: string }>(schema, { login: '' });

  const onSubmit = submit(async ({ login }) => {
    await unwrap(api.POST('/auth/restore-password', { body: { login: login.trim() } }));
    return LL.auth.restoreSent();
  });

  return (
    <AuthLayout title={LL.auth.restoreTitle()}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <p>{LL.auth.restoreText()}</p>
          <TextField label={LL.auth.restoreLogin()} autoComplete="username" maxLength={200} {...form.register('login')} error={errorOf('login')} />
          <FormError message={status?.message} tone={status?.tone} />
          <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
            {LL.auth.restoreSubmit()}
          </Button>
          <Link href={paths.auth.login}>{LL.auth.backToLogin()}</Link>
        </Stack>
      </form>
    </AuthLayout>
  );
}
