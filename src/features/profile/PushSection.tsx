import { useState } from 'react';
import { Link } from 'wouter';
import { messageOf } from '#/api/client';
import { paths } from '#/app/paths';
import { useI18nContext } from '#/i18n/i18n-react';
import { kindLabel, type NotificationKind } from '#/shared/notification-sentence';
import { useAlerts } from '#/state/alerts';
import { usePreferences, usePushDevice, useSetPreference } from '#/state/queries/push';
import { useSessionRole } from '#/state/session';
import { Button, Card, Checkbox, FormError, Row, Skeleton, Stack } from '../../ui';
import * as s from './ProfilePage.css';

/**
 * The profile's push section: this device's state with the button that turns push on or off here,
 * and the user's switch for each kind (kept on the server, so every device of the user follows it).
 */
export function PushSection() {
  const { LL } = useI18nContext();
  const t = LL.push;
  const alerts = useAlerts();
  const device = usePushDevice();
  const preferences = usePreferences();
  const setPreference = useSetPreference();
  const [busy, setBusy] = useState(false);
  // Only the superadmin can set the server up, so only it is told the variables' names.
  const superadmin = useSessionRole() === 'superadmin';
  // The switch moves with the click: state set in the click's own handler is drawn at once, while the
  // cache's optimistic update lands only after an await. It holds until the cache changes (that update,
  // or the old value put back after an error).
  const [moving, setMoving] = useState<{ of: unknown; kinds: Record<string, boolean> }>({ of: undefined, kinds: {} });
  const shown = moving.of === preferences.data ? moving.kinds : {};

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
  // The server lists the caller's own kinds (a renter's, or staff's).
  const kinds = preferences.data?.kinds ?? [];

  return (
    <Card title={t.title()} data-testid="push-section">
      <Stack gap="md">
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
        <fieldset className={s.kinds} data-testid="push-kinds">
          <legend className={s.legend}>{t.kindsTitle()}</legend>
          {preferences.isPending && <Skeleton lines={3} />}
          {kinds.map((k) => (
            <Checkbox
              key={k.kind}
              label={kindLabel(LL, k.kind as NotificationKind)}
              checked={shown[k.kind] ?? k.push}
              data-testid={`push-kind-${k.kind}`}
              onChange={(e) => {
                const push = e.target.checked;
                setMoving({ of: preferences.data, kinds: { ...shown, [k.kind]: push } });
                setPreference.mutate(
                  { kind: k.kind, push },
                  {
                    onError: (err) => {
                      // The cache gets back its old value, the very one this click was made on.
                      setMoving({ of: undefined, kinds: {} });
                      alerts.add({ message: messageOf(err, t.saveFailed()), type: 'error' });
                    },
                  },
                );
              }}
            />
          ))}
        </fieldset>
      </Stack>
    </Card>
  );
}
