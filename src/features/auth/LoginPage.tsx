import { useCallback, useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '#/app/paths';
import { sessionActor, useSessionRole } from '#/state/session';
import { api, unwrap } from '../../api/client';
import { storeToken } from '../../api/token';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { useChooseLocale } from '../../i18n/load';
import { Button, Checkbox, FormError, Stack, TextField } from '../../ui';
import { AuthLayout } from './AuthLayout';
import * as s from './AuthLayout.css';
import type { LoginValues } from './login-rules';

/** `/auth`: both fields required; the server's answers say user not found or wrong password. */
export function LoginPage() {
  const { LL } = useI18nContext();
  const [, navigate] = useLocation();
  const role = useSessionRole();
  // A signed-in user has nothing to do here (a bookmark, the back button): Home instead of an empty form.
  useEffect(() => {
    if (role !== 'guest') navigate(paths.home, { replace: true });
  }, [role, navigate]);
  // The rules load with the first check, not with the page (/auth is a first screen).
  const schema = useCallback(async () => (await import('./login-rules')).loginRules(LL), [LL]);
  const { form, status, submit, errorOf } = useAppForm<LoginValues>(schema, { username: '', password: '', remember: false });
  const choose = useChooseLocale();

  const onSubmit = submit(async ({ username, password, remember }) => {
    const result = await unwrap(api.POST('/auth/login', { body: { username: username.trim(), password, remember } }));
    storeToken(result.token, remember);
    // The account's language wins at sign-in, whatever this browser chose: it follows the person across devices.
    await choose(result.user.language);
    sessionActor.send({ type: 'session.load' });
    navigate(paths.home);
  });

  return (
    <AuthLayout title={LL.auth.loginTitle()}>
      <form onSubmit={onSubmit} noValidate data-testid="login-form">
        <Stack gap="md">
          <TextField label={LL.auth.username()} autoComplete="username" maxLength={200} {...form.register('username')} error={errorOf('username')} />
          <TextField
            label={LL.auth.password()}
            type="password"
            autoComplete="current-password"
            maxLength={200}
            {...form.register('password')}
            error={errorOf('password')}
          />
          <Checkbox label={LL.auth.remember()} {...form.register('remember')} />
          <FormError message={status?.message} tone={status?.tone} />
          <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
            {LL.auth.submit()}
          </Button>
          <div className={s.links}>
            <Link href={paths.auth.restore}>{LL.auth.forgot()}</Link>
            <a href={`${paths.landing}#support`}>{LL.auth.contact()}</a>
          </div>
        </Stack>
      </form>
    </AuthLayout>
  );
}
