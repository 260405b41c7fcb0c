import { useEffect, useRef, useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { type RequestDetail, useFollowRequest, useRateRequest, useRequestTransition } from '#/state/queries/requests';
import { messageOf } from '../../api/client';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Card, Stack, TextArea } from '../../ui';
import * as s from './requests.css';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The applicant's rating: on a done request one tap on a star confirms it with that rating, on a request
 * closed without one (for 7 days) it rates it. Everyone who sees the request sees the rating given.
 * `open` (the notification's link) brings the stars into view with the first one focused.
 */
export function RatingCard({ request: r, renter, open }: { request: RequestDetail; renter: boolean; open: boolean }) {
  const { LL, locale } = useI18nContext();
  const t = LL.requests.rating;
  const alerts = useAlerts();
  const [comment, setComment] = useState('');
  const confirm = useRequestTransition(r.id);
  const rate = useRateRequest(r.id);
  const ref = useRef<HTMLFieldSetElement>(null);
  const confirming = renter && r.actions.includes('request.confirm');
  const asking = confirming || r.can_rate;
  useEffect(() => {
    if (!open || !asking || !ref.current) return;
    ref.current.scrollIntoView({ block: 'center' });
    ref.current.querySelector('button')?.focus();
  }, [open, asking]);
  if (!asking && !r.rating) return null;

  const busy = confirm.isPending || rate.isPending;
  const send = (rating: number) => {
    const note = comment.trim() || undefined;
    const done = confirming ? confirm.mutateAsync({ event: 'request.confirm', rating, comment: note }) : rate.mutateAsync({ rating, comment: note });
    void done.then(
      () => alerts.add({ message: t.sent(), type: 'success' }),
      (err: unknown) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
    );
  };
  return (
    <Card title={t.title()} data-testid="request-rating">
      {asking ? (
        <Stack gap="md">
          <p className={s.muted}>{confirming ? t.prompt() : t.promptLater({ until: formatDateTime(r.rate_until ?? '', locale) })}</p>
          <TextArea label={t.comment()} name="rating_comment" rows={2} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} />
          <fieldset ref={ref} className={s.starSet} aria-label={t.title()}>
            <div className={s.stars}>
              {STARS.map((n) => (
                <button
                  key={n}
                  type="button"
                  className={s.star}
                  disabled={busy}
                  aria-label={t.star({ n })}
                  onClick={() => send(n)}
                  data-testid={`rate-star-${n}`}
                >
                  <span aria-hidden="true">★</span>
                  <span className={s.starNumber} aria-hidden="true">
                    {n}
                  </span>
                </button>
              ))}
            </div>
          </fieldset>
        </Stack>
      ) : (
        r.rating && (
          <Stack gap="sm">
            <p data-testid="request-rating-value">
              <span aria-hidden="true">{'★'.repeat(r.rating.value)} </span>
              {t.yours({ value: r.rating.value })}
            </p>
            {r.rating.comment && <p className={s.muted}>{r.rating.comment}</p>}
            {!renter && r.rating.value <= 2 && r.actions.includes('request.reopen') && <p>{t.lowHint()}</p>}
          </Stack>
        )
      )}
    </Card>
  );
}

/** Staff follow a request to be told of its changes; the card lists who follows it. */
export function FollowersCard({ request: r }: { request: RequestDetail }) {
  const { LL } = useI18nContext();
  const t = LL.requests.followers;
  const alerts = useAlerts();
  const follow = useFollowRequest(r.id);
  const toggle = () =>
    follow.mutateAsync(!r.following).then(
      () => alerts.add({ message: r.following ? t.unfollowed() : t.followed(), type: 'success' }),
      (err: unknown) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
    );
  return (
    <Card title={t.title()} data-testid="request-followers">
      <Stack gap="md">
        {r.followers.length === 0 ? (
          <p className={s.muted}>{t.none()}</p>
        ) : (
          <ul className={s.followers} data-testid="request-followers-list">
            {r.followers.map((f) => (
              <li key={f.user_id}>{f.name}</li>
            ))}
          </ul>
        )}
        <div>
          <Button variant="secondary" loading={follow.isPending} onClick={() => void toggle()} data-testid="request-follow">
            {r.following ? t.unfollow() : t.follow()}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
