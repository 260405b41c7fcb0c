import { expect } from 'vitest';
import type { Harness } from './api-harness';

/**
 * A signed lease of new units of the landlord's first property for `renterId`: `areas` m² at `rate`,
 * from `startsOn` to `endsOn` (and any more `terms`), made and signed through the API as staff would.
 */
export async function signedLease(
  h: Harness,
  token: string,
  lease: {
    number: string;
    renterId: string;
    areas: number[];
    rate: string;
    startsOn: string;
    endsOn: string;
    paymentDay?: number | null;
    /** More of the lease's terms as the API names them (service_rate, late_fee_percent, ...). */
    terms?: Record<string, string | null>;
  },
) {
  const objectId = (await h.api('/objects', { token })).body.data[0].id as string;
  const roomIds: string[] = [];
  for (const [i, area] of lease.areas.entries()) {
    const room = await h.api(`/objects/${objectId}/rooms`, { token, method: 'POST', body: { number: `${lease.number}-${i}`, floor: 1, area } });
    expect(room.status, JSON.stringify(room.body)).toBe(201);
    roomIds.push(room.body.id);
  }
  const made = await h.api('/contracts', {
    token,
    body: {
      number: lease.number,
      renter_id: lease.renterId,
      room_ids: roomIds,
      starts_on: lease.startsOn,
      ends_on: lease.endsOn,
      rate: lease.rate,
      payment_day: lease.paymentDay ?? null,
      ...lease.terms,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const signed = await h.api(`/contracts/${made.body.id}/transitions`, { token, body: { event: 'contract.activate' } });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  return made.body.id as string;
}
