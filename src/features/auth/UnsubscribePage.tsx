import { Link } from 'wouter';
import { messageOf } from '#/api/client';
import { paths } from '#/app/paths';
import { kindLabel } from '#/shared/notification-kind-label';
import { useUnsubscribe, useUnsubscribeLink } from '#/state/queries/unsubscribe';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, FormError, Skeleton, Stack } from '../../ui';
import { AuthLayout } from './AuthLayout';

/**
 * `/unsubscribe/:token`, a notification mail's footer link: says which mails stop and to which address,
 * and stops them only on the button (opening the link, as mail scanners do, changes nothing).
 */
export function UnsubscribePage({ token }: { token: string }) {
  const { LL } = useI18nContext();
  const t = LL.unsubscribe;
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe();

  if (token !== '' && link.isPending)
    return (
      <AuthLayout title={t.title()}>
        <Skeleton lines={3} />
      </AuthLayout>
    );
  if (!link.data) {
    return (
      <AuthLayout title={t.title()}>
        <Stack gap="md">
          <FormError message={t.invalid()} />
          <Link href={paths.profile}>{t.toProfile()}</Link>
        </Stack>
      </AuthLayout>
    );
  }
  const kind = kindLabel(LL, link.data.kind);
  if (unsubscribe.isSuccess) {
    return (
      <AuthLayout title={t.title()}>
        <Stack gap="md">
          <FormError tone="success" message={t.done({ kind })} />
          <Link href={paths.profile}>{t.toProfile()}</Link>
        </Stack>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t.title()}>
      <Stack gap="md">
        <p>{link.data.address ? t.confirm({ kind, address: link.data.address }) : t.confirmNoAddress({ kind })}</p>
        <FormError message={unsubscribe.isError ? messageOf(unsubscribe.error, LL.common.loadError()) : undefined} />
        <Button type="button" fullWidth loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
          {t.submit()}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
