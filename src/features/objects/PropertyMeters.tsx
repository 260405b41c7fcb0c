import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { type Meter, useMeters } from '#/state/queries/meters';
import { useI18nContext } from '../../i18n/i18n-react';
import { useMeterText } from '../../shared-ui/meter-text';
import { Card, FormError, Skeleton, Stack } from '../../ui';
import * as s from './PropertyMeters.css';

/**
 * A property's meters on its page, a compact list by unit (the common area first, as the server orders
 * them): each unit's heading opens the register narrowed to it, each meter its own page.
 */
export function PropertyMeters({ objectId }: { objectId: string }) {
  const { LL } = useI18nContext();
  const t = LL.meters;
  const text = useMeterText();
  const query = useMeters({ page: 1, limit: 100 }, { object_id: objectId });
  const groups = new Map<string, { roomId: string | null; meters: Meter[] }>();
  for (const m of query.data?.data ?? []) {
    const key = m.room?.id ?? '';
    const group = groups.get(key) ?? { roomId: m.room?.id ?? null, meters: [] };
    group.meters.push(m);
    groups.set(key, group);
  }
  return (
    <Card title={t.ofProperty()} data-testid="property-meters">
      {query.isPending ? (
        <Skeleton lines={3} />
      ) : query.isError ? (
        <FormError message={LL.list.loadError()} />
      ) : (
        <Stack gap="md">
          {groups.size === 0 && <p className={s.muted}>{t.noneHere()}</p>}
          {[...groups.values()].map((g) => {
            const first = g.meters[0] as Meter;
            return (
              <div key={g.roomId ?? 'common'}>
                <Link href={paths.meters.of({ objectId, roomId: g.roomId })} data-testid="property-meters-room">
                  {text.where(first, false)}
                </Link>
                <ul className={s.compactList}>
                  {g.meters.map((m) => (
                    <li key={m.id}>
                      <Link href={paths.meters.view(m.id)}>
                        {text.type(m.type)} № {m.serial}
                      </Link>
                      {m.last_reading && ` · ${text.figure(m.last_reading.value)} ${text.unit(m.type)}, ${text.month(m.last_reading.period)}`}
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
          <Link href={paths.meters.of({ objectId })}>{t.allOfProperty()}</Link>
        </Stack>
      )}
    </Card>
  );
}
