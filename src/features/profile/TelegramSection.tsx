import { useState } from 'react';
import { messageOf } from '#/api/client';
import { formatDateTime } from '#/i18n/formatters';
import { useI18nContext } from '#/i18n/i18n-react';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { useCreateTelegramLink, useTelegramLink, useUnlinkTelegram } from '#/state/queries/telegram';
import { Button, Card, FormError, Row, Skeleton, Stack } from '../../ui';
import * as s from './ProfilePage.css';

/**
 * The profile's Telegram card: not set up on this server; not linked, with "Link Telegram" opening the
 * bot's one-time deep link in a new tab and the card waiting (reading the link again) until the chat
 * is linked; or linked, with the account, since when, and "Unlink" after a confirmation.
 */
export function TelegramSection() {
  const { LL, locale } = useI18nContext();
  const t = LL.telegram;
  const alerts = useAlerts();
  const confirm = useConfirm();
  const [deepLink, setDeepLink] = useState<string | null>(null);
  const link = useTelegramLink(deepLink !== null);
  const create = useCreateTelegramLink();
  const unlink = useUnlinkTelegram();
  const data = link.data;

  const start = async () => {
    // Opened within the click, so no popup blocker stops it; pointed at the link once it is made.
    const tab = window.open('about:blank', '_blank');
    try {
      const { url } = await create.mutateAsync();
      setDeepLink(url);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      }
    } catch (err) {
      tab?.close();
      alerts.add({ message: messageOf(err, t.failed()), type: 'error' });
    }
  };
  const stop = async () => {
    if (!(await confirm({ message: t.unlinkConfirm(), confirmLabel: t.unlink() }))) return;
    setDeepLink(null);
    unlink.mutate(undefined, {
      onSuccess: () => alerts.add({ message: t.unlinked(), type: 'success' }),
      onError: (err) => alerts.add({ message: messageOf(err, t.failed()), type: 'error' }),
    });
  };

  return (
    <Card title={t.title()} data-testid="telegram-section">
      <Stack gap="md">
        <p className={s.hint}>{t.hint()}</p>
        {!data && <Skeleton lines={1} />}
        {data && !data.configured && <FormError message={t.notConfigured()} tone="info" data-testid="telegram-state" />}
        {data?.configured && data.linked && (
          <>
            <p className={s.hint} data-testid="telegram-state">
              <strong>{t.linked({ account: data.linked.username ? `@${data.linked.username}` : t.noUsername() })}</strong>{' '}
              {t.since({ date: formatDateTime(data.linked.linked_at, locale) })}
            </p>
            <Row wrap>
              <Button variant="secondary" loading={unlink.isPending} onClick={() => void stop()} data-testid="telegram-unlink">
                {t.unlink()}
              </Button>
            </Row>
          </>
        )}
        {data?.configured && !data.linked && (
          <>
            {deepLink && <FormError message={t.waiting()} tone="info" data-testid="telegram-state" />}
            <Row wrap>
              <Button loading={create.isPending} onClick={() => void start()} data-testid="telegram-link">
                {t.link()}
              </Button>
              {deepLink && (
                <a href={deepLink} target="_blank" rel="noopener noreferrer" data-testid="telegram-deep-link">
                  {t.openAgain()}
                </a>
              )}
            </Row>
          </>
        )}
      </Stack>
    </Card>
  );
}
