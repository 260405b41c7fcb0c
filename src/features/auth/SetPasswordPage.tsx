import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { paths } from '#/app/paths';
import { useAlerts } from '#/state/alerts';
import { usePasswordToken, useSetPassword } from '#/state/queries/auth';
import { newPasswordSchema } from '../../forms/new-password';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, FormError, Skeleton, Stack, TextField } from '../../ui';
import { AuthLayout } from './AuthLayout';

/** `/auth/refresh-password` and `/auth/first-login`: one screen, opened from the mailed link. */
export function SetPasswordPage({ purpose }: { purpose: 'reset' | 'first_login' }) {
  const { LL } = useI18nContext();
  const [, navigate] = useLocation();
  const alerts = useAlerts();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const check = usePasswordToken(token);
  const setPassword = useSetPassword();
  const schema = useMemo(() => newPasswordSchema(LL), [LL]);
  const { form, status, submit, errorOf } = useAppForm(schema, { password: '', confirm: '' });

  const onSubmit = submit(async ({ password }) => {
    await setPassword.mutateAsync({ token, password });
    alerts.add({ message: LL.auth.passwordSet(), type: 'success' });
    navigate(paths.auth.login);
  });

  const title = purpose === 'reset' ? LL.auth.refreshTitle() : LL.auth.firstLoginTitle();
  if (token !== '' && check.isPending)
    return (
      <AuthLayout title={title}>
        <Skeleton lines={3} />
      </AuthLayout>
    );
  if (token === '' || !check.data) {
    return (
      <AuthLayout title={title}>
        <Stack gap="md">
          <FormError message={LL.errors.token_invalid()} />
          <Link href={paths.auth.restore}>{LL.auth.restoreTitle()}</Link>
        </Stack>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <p>{LL.auth.forUser({ username: check.data.username })}</p>
          <TextField label={LL.auth.newPassword()} type="password" autoComplete="new-password" {...form.register('password')} error={errorOf('password')} />
          <TextField label={LL.auth.confirmPassword()} type="password" autoComplete="new-password" {...form.register('confirm')} error={errorOf('confirm')} />
          <FormError message={status?.message} tone={status?.tone} />
          <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
            {LL.auth.setSubmit()}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
