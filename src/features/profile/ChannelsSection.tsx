import { useId, useState } from 'react';
import { messageOf } from '#/api/client';
import { useI18nContext } from '#/i18n/i18n-react';
import { kindLabel } from '#/shared/notification-kind-label';
import type { NotificationKind } from '#/shared/notification-sentence';
import { useAlerts } from '#/state/alerts';
import { type Channel, type Preferences, usePreferences, useSetPreference } from '#/state/queries/preferences';
import { Card, FormError, Skeleton, Stack } from '../../ui';
import * as s from './ChannelsSection.css';
import { PushSection } from './PushSection';

const channels: Channel[] = ['push', 'email', 'telegram'];

/**
 * The profile's notifications: one table of every kind the user can be told (the server lists the
 * role's own) with a switch per channel, saved as it is clicked; under it, what each channel reaches.
 */
export function ChannelsSection() {
  const { LL } = useI18nContext();
  const t = LL.push.channels;
  const alerts = useAlerts();
  const preferences = usePreferences();
  const setPreference = useSetPreference();
  const ids = useId();
  // The switch moves with the click: state set in the click's own handler is drawn at once, while the
  // cache's optimistic update lands only after an await. It holds until the cache changes (that update,
  // or the old value put back after an error).
  const [moving, setMoving] = useState<{ of: unknown; on: Record<string, boolean> }>({ of: undefined, on: {} });
  const shown = moving.of === preferences.data ? moving.on : {};
  const data = preferences.data;
  // Without a bot nothing goes to Telegram: its switches are shown as kept, not offered.
  const noBot = data ? !data.channels.telegram.configured : false;

  const toggle = (kind: NotificationKind, channel: Channel, on: boolean) => {
    setMoving({ of: data, on: { ...shown, [`${kind} ${channel}`]: on } });
    setPreference.mutate(
      { kind, channel, on },
      {
        onError: (err) => {
          setMoving({ of: undefined, on: {} });
          alerts.add({ message: messageOf(err, LL.push.saveFailed()), type: 'error' });
        },
      },
    );
  };

  return (
    <Card title={t.title()} data-testid="channels-section">
      <Stack gap="md">
        <p className={s.note}>{t.hint()}</p>
        {preferences.isPending && <Skeleton lines={4} />}
        {data && (
          <table className={s.table} data-testid="channel-table">
            <caption className={s.caption}>{t.kindsTitle()}</caption>
            <thead>
              <tr>
                <th scope="col" className={s.kindHead}>
                  {t.kind()}
                </th>
                {channels.map((channel) => (
                  <th key={channel} scope="col" id={`${ids}-${channel}`} className={s.channelHead}>
                    {t[channel]()}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.kinds.map((k) => (
                <tr key={k.kind} className={s.row} data-testid={`channel-row-${k.kind}`}>
                  <th scope="row" id={`${ids}-${k.kind}`} className={s.kind}>
                    {kindLabel(LL, k.kind as NotificationKind)}
                  </th>
                  {channels.map((channel) => (
                    <td key={channel} className={s.cell}>
                      <label className={s.target}>
                        <input
                          type="checkbox"
                          className={s.box}
                          aria-labelledby={`${ids}-${k.kind} ${ids}-${channel}`}
                          checked={shown[`${k.kind} ${channel}`] ?? k[channel]}
                          disabled={channel === 'telegram' && noBot}
                          data-testid={`channel-${channel}-${k.kind}`}
                          onChange={(e) => toggle(k.kind as NotificationKind, channel, e.target.checked)}
                        />
                      </label>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <PushSection />
        {data && <EmailReach email={data.channels.email} />}
        {data && <TelegramReach telegram={data.channels.telegram} />}
      </Stack>
    </Card>
  );
}

function EmailReach({ email }: { email: Preferences['channels']['email'] }) {
  const { LL } = useI18nContext();
  const t = LL.push.channels.reach;
  return (
    <section className={s.reach} data-testid="email-reach">
      <h3 className={s.reachTitle}>{t.email()}</h3>
      {email.address === null ? (
        <p className={s.note}>{t.emailNone()}</p>
      ) : email.bounced ? (
        <FormError message={t.emailBounced({ address: email.address })} tone="error" data-testid="email-bounced" />
      ) : (
        <p className={s.note}>{t.emailTo({ address: email.address })}</p>
      )}
    </section>
  );
}

function TelegramReach({ telegram }: { telegram: Preferences['channels']['telegram'] }) {
  const { LL } = useI18nContext();
  const t = LL.push.channels.reach;
  return (
    <section className={s.reach} data-testid="telegram-reach">
      <h3 className={s.reachTitle}>{LL.push.channels.telegram()}</h3>
      <p className={s.note}>{!telegram.configured ? t.telegramNotConfigured() : telegram.linked ? t.telegramLinked() : t.telegramNotLinked()}</p>
    </section>
  );
}
