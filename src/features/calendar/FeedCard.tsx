import { useState } from 'react';
import { messageOf } from '#/api/client';
import { useAlerts } from '#/state/alerts';
import { useDeleteFeed, useFeed, useRegenerateFeed } from '#/state/queries/calendar';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button } from '../../ui';
import * as s from './calendar.css';

/** The personal iCalendar address: turned on (shown once), replaced by a new one, or turned off. */
export function FeedCard() {
  const { LL } = useI18nContext();
  const t = LL.calendar.feed;
  const alerts = useAlerts();
  const feed = useFeed();
  const regenerate = useRegenerateFeed();
  const remove = useDeleteFeed();
  const [url, setUrl] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (err) {
      alerts.add({ message: messageOf(err, LL.errors.internal()), type: 'error' });
    }
  };
  const enabled = feed.data?.enabled ?? false;
  return (
    <section data-testid="calendar-feed">
      <h2 className={s.dialogTitle}>{t.title()}</h2>
      <p className={s.muted}>{t.text()}</p>
      {url && (
        <p className={s.feedUrl} data-testid="feed-url">
          {url}
        </p>
      )}
      {enabled && !url && <p className={s.muted}>{t.enabled()}</p>}
      <div className={s.actions} style={{ justifyContent: 'flex-start' }}>
        <Button
          variant={enabled ? 'secondary' : 'primary'}
          loading={regenerate.isPending}
          onClick={() => run(async () => setUrl((await regenerate.mutateAsync()).url))}
          data-testid="feed-regenerate"
        >
          {enabled ? t.regenerate() : t.enable()}
        </Button>
        {enabled && (
          <Button
            variant="danger"
            onClick={() =>
              run(async () => {
                await remove.mutateAsync();
                setUrl(null);
              })
            }
            data-testid="feed-disable"
          >
            {t.disable()}
          </Button>
        )}
      </div>
    </section>
  );
}
