import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import type { RoomOccupant } from '#/state/queries/contracts';
import { useMayOpen } from '#/state/route-access';
import { useI18nContext } from '../i18n/i18n-react';
import { StatusBadge } from '../records/StatusBadge';
import { Button, Row } from '../ui';

/**
 * A unit occupied by a renter with no lease on file (the server's occupancy 'no_lease'): the mark, and for
 * those who may create leases the one action, the lease form prefilled from the renter card (renter, unit,
 * its object and the card's lease date; the form adds a year and the unit's area). The server checks it all again.
 */
export function NoLeaseMark({ occupant, objectId, roomId }: { occupant: RoomOccupant; objectId: string; roomId: string }) {
  const { LL } = useI18nContext();
  const mayOpen = useMayOpen();
  const link = useSpaLink();
  const to = paths.contracts.createFor({ renter: occupant.renter_id, object: objectId, room: roomId, startsOn: occupant.registered_on });
  return (
    <Row gap="sm" align="center" wrap data-testid="no-lease">
      <span title={LL.contracts.noLeaseHint()}>
        <StatusBadge tone="expiring">{LL.contracts.noLease()}</StatusBadge>
      </span>
      {mayOpen(paths.contracts.create) && (
        <Button size="sm" variant="secondary" onClick={link(to)} data-testid="no-lease-create">
          {LL.contracts.create()}
        </Button>
      )}
    </Row>
  );
}
