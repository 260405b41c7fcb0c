import { messageOf } from '#/api/client';
import { useI18nContext } from '#/i18n/i18n-react';
import { permissionOf, usePushDevice, useSendTestPush } from '#/state/queries/push';
import { useSessionRole } from '#/state/session';
import { Button, Card, FormError, Page, Skeleton, Stack } from '../../ui';
import * as s from './ProfilePage.css';

/**
 * `/fcm-test` (push notification test): this browser's permission and token, and a test push
 * to the caller's own browsers. Without the server's configuration it tells the superadmin which
 * variables to set; everyone else, who cannot act on them, is told that push is not set up and whom to ask.
 */
export function FcmTestPage() {
  const { LL } = useI18nContext();
  const t = LL.push.test;
  const device = usePushDevice();
  const send = useSendTestPush();
  const config = device.config.data;
  const permission = permissionOf();
  const superadmin = useSessionRole() === 'superadmin';

  return (
    <Page title={t.title()} data-testid="fcm-test">
      <Card>
        {!config ? (
          <Skeleton lines={2} />
        ) : !config.configured ? (
          <FormError tone="info" message={superadmin ? t.notConfigured() : LL.push.states.notConfigured()} data-testid="push-not-configured" />
        ) : (
          <Stack gap="md">
            <dl className={s.list}>
              <div className={s.row}>
                <dt>{t.permission()}</dt>
                <dd data-testid="push-permission">{t.permissions[permission]()}</dd>
              </div>
              <div className={s.row}>
                <dt>{t.token()}</dt>
                <dd>
                  <p className={s.token} data-testid="push-token">
                    {device.token ?? t.noToken()}
                  </p>
                </dd>
              </div>
            </dl>
            <div>
              <Button loading={send.isPending} onClick={() => send.mutate()} data-testid="push-test-send">
                {t.send()}
              </Button>
            </div>
            {send.data && <FormError tone="success" message={t.result(send.data)} data-testid="push-test-result" />}
            {send.error && <FormError message={messageOf(send.error, LL.push.turnOnFailed())} />}
          </Stack>
        )}
      </Card>
    </Page>
  );
}
