import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { type Renter, useRenter } from '#/state/queries/renters';
import { useMayOpen } from '#/state/route-access';
import { formatArea, formatDay } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { NoLeaseMark } from '../../shared-ui/NoLeaseMark';
import { Button, Card, Page } from '../../ui';
import { RenterContracts } from './RenterContracts';
import * as s from './RenterViewPage.css';

/** `/renters/view/{id}`: every field of the renter's card, with its room and object. */
export function RenterViewPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useRenter(id);
  return (
    <QueryPage title={LL.renters.title()} query={query} lines={10}>
      {(data) => <RenterCard renter={data} />}
    </QueryPage>
  );
}

function RenterCard({ renter: r }: { renter: Renter }) {
  const { LL, locale } = useI18nContext();
  const mayOpen = useMayOpen();
  const link = useSpaLink();
  const f = LL.renters.fields;
  const external = (href: string | null, text: string | null) =>
    href && text ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    ) : null;
  const instagramUrl = r.instagram?.startsWith('@') ? `https://instagram.com/${r.instagram.slice(1)}` : r.instagram;

  const rows: [string, ReactNode][] = [
    [f.legal_name(), r.legal_name],
    [f.bin_iin(), r.bin_iin],
    [f.trade_point_name(), r.trade_point_name],
    [f.trade_category(), r.trade_category],
    [f.object(), r.room.object_name],
    [f.room_number(), r.room.number],
    [f.floor(), r.room.floor],
    [LL.contracts.rentRoll.contract(), <RoomLease key="lease" renter={r} />],
    [f.lease_contract_date(), formatDay(r.lease_contract_date, locale)],
    [f.trade_area(), formatArea(r.trade_area, locale)],
    [f.contact_full_name(), r.contact_full_name],
    [f.contact_position(), r.contact_position],
    [
      f.phone(),
      <a key="phone" href={`tel:${r.phone}`}>
        {r.phone}
      </a>,
    ],
    [
      f.email(),
      <a key="email" href={`mailto:${r.email}`}>
        {r.email}
      </a>,
    ],
    [f.instagram(), external(instagramUrl, r.instagram)],
    [f.website(), external(r.website, r.website)],
    [f.legal_address(), r.legal_address],
    [f.username(), r.username],
    [f.status(), LL.renters.statuses[r.status]()],
  ];

  return (
    <Page
      title={r.legal_name}
      data-testid="renter-view"
      actions={
        <>
          <Button variant="secondary" onClick={link(paths.renters.list)}>
            {LL.common.back()}
          </Button>
          {mayOpen(paths.renters.edit(r.id)) && r.status === 'active' && <Button onClick={link(paths.renters.edit(r.id))}>{LL.list.edit()}</Button>}
        </>
      }
    >
      <Card>
        <dl className={s.list}>
          {rows.map(([label, value]) => (
            <div key={label} className={s.row} data-testid="renter-field">
              <dt className={s.label}>{label}</dt>
              <dd className={s.value}>{value ?? '—'}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {mayOpen(paths.contracts.list) && <RenterContracts renterId={r.id} />}
    </Page>
  );
}

/** The renter's unit today, as the rent roll and the units' list say it: its lease, no lease on file, or vacant. */
function RoomLease({ renter: r }: { renter: Renter }) {
  const { LL, locale } = useI18nContext();
  const mayOpen = useMayOpen();
  const { lease, occupant } = r.room;
  return (
    <span data-testid="renter-occupancy">
      {lease ? (
        <>
          {mayOpen(paths.contracts.view(lease.contract_id)) ? (
            <Link href={paths.contracts.view(lease.contract_id)}>{LL.contracts.number({ number: lease.number })}</Link>
          ) : (
            LL.contracts.number({ number: lease.number })
          )}
          {` · ${LL.contracts.occupied({ renter: lease.renter_name, until: formatDay(lease.ends_on, locale) })}`}
        </>
      ) : occupant?.renter_id === r.id ? (
        <NoLeaseMark occupant={occupant} objectId={r.room.object_id} roomId={r.room.id} />
      ) : occupant ? (
        `${occupant.renter_name} · ${LL.contracts.noLease()}`
      ) : (
        LL.contracts.vacant()
      )}
    </span>
  );
}
