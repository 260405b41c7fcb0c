import { type } from 'arktype';
import { useMemo } from 'react';
import { useChangePassword } from '#/state/queries/profile';
import { newPasswordSchema } from '../../forms/new-password';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Card, FormError, Page, Stack, TextField } from '../../ui';

type Values = { current_password: string; password: string; confirm: string };

/** `/reset-password`: the signed-in user changes the password; other sessions are signed out. */
export function ResetPasswordPage() {
  const { LL } = useI18nContext();
  const schema = useMemo(() => type({ current_password: rules(LL).required() }).and(newPasswordSchema(LL)), [LL]);
  const change = useChangePassword();
  const { form, status, submit, errorOf } = useAppForm<Values>(schema, { current_password: '', password: '', confirm: '' });

  const onSubmit = submit(async ({ current_password, password }) => {
    await change.mutateAsync({ current_password, new_password: password });
    form.reset();
    return LL.resetPassword.success();
  });

  return (
    <Page title={LL.resetPassword.title()}>
      <Card>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextField
              label={LL.resetPassword.current()}
              type="password"
              autoComplete="current-password"
              {...form.register('current_password')}
              error={errorOf('current_password')}
            />
            <TextField label={LL.auth.newPassword()} type="password" autoComplete="new-password" {...form.register('password')} error={errorOf('password')} />
            <TextField label={LL.auth.confirmPassword()} type="password" autoComplete="new-password" {...form.register('confirm')} error={errorOf('confirm')} />
            <FormError message={status?.message} tone={status?.tone} />
            <Button type="submit" loading={form.formState.isSubmitting}>
              {LL.resetPassword.submit()}
            </Button>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
