import { useState } from 'react';
import { Link } from 'wouter';
import { messageOf } from '#/api/client';
import { paths } from '#/app/paths';
import { useI18nContext } from '#/i18n/i18n-react';
import { useAlerts } from '#/state/alerts';
import { usePushDevice } from '#/state/queries/push';
import { useSessionRole } from '#/state/session';
import { Button, FormError, Row, Skeleton } from '../../ui';
import * as c from './ChannelsSection.css';
import * as s from './ProfilePage.css';

/**
 * What push reaches: this device's state with the button that turns push on or off here (the kinds'
 * switches are the channels' table, kept on the server for every device of the user).
 */
export function PushSection() {
  const { LL } = useI18nContext();
  const t = LL.push;
  const alerts = useAlerts();
  const device = usePushDevice();
  const [busy, setBusy] = useState(false);
  // Only the superadmin can set the server up, so only it is told the variables' names.
  const superadmin = useSessionRole() === 'superadmin';

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      alerts.add({ message: messageOf(err, t.turnOnFailed()), type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={c.reach} data-testid="push-section">
      <h3 className={c.reachTitle}>{t.title()}</h3>
      <p className={s.hint}>{t.hint()}</p>
      {device.state ? (
        <FormError
          message={superadmin && device.state === 'notConfigured' ? t.test.notConfigured() : t.states[device.state]()}
          tone={device.state === 'on' ? 'success' : 'info'}
          data-testid="push-state"
        />
      ) : (
        <Skeleton lines={1} />
      )}
      <Row wrap>
        {device.state === 'off' && (
          <Button loading={busy} onClick={() => run(device.turnOn)} data-testid="push-on">
            {t.turnOn()}
          </Button>
        )}
        {device.state === 'on' && (
          <Button variant="secondary" loading={busy} onClick={() => run(device.turnOff)} data-testid="push-off">
            {t.turnOff()}
          </Button>
        )}
        <Link href={paths.fcmTest}>{t.testLink()}</Link>
      </Row>
    </section>
  );
}
