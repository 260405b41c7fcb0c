import { useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';
import { useRefreshMutation } from '#/records/mutations';

export type LandlordRequestType = Schemas['LandlordRequestType'];

// Request types and the QR code live in Settings, apart from the journal's own calls.
export const requestSettingsKeys = {
  types: ['settings', 'request-types'] as const,
  qr: (objectId: string) => ['settings', 'qrcode', objectId] as const,
};

export function useLandlordRequestTypes() {
  return useQuery({ queryKey: requestSettingsKeys.types, queryFn: ({ signal }) => unwrap(api.GET('/type-request-landlord', { signal })) });
}

export function useQrCode(objectId: string) {
  return useQuery({
    queryKey: requestSettingsKeys.qr(objectId),
    queryFn: ({ signal }) => unwrap(api.GET('/qrcode', { params: { query: { object_id: objectId } }, signal })),
    enabled: objectId !== '',
  });
}

/** The show flags of the landlord's types (one click, saved at once). */
export const useSetShown = () =>
  useRefreshMutation([requestSettingsKeys.types], ({ landlordId, entries }: { landlordId: string; entries: { id: string; show: 0 | 1 }[] }) =>
    requestSettingsApi.setShown(landlordId, entries),
  );

/** One type's responsible employee and hours. */
export const useUpdateRequestType = () =>
  useRefreshMutation([requestSettingsKeys.types], ({ id, body }: { id: string; body: { responsible_employee_id: string | null; resolve_hours: number } }) =>
    requestSettingsApi.update(id, body),
  );

export const requestSettingsApi = {
  setShown: (landlordId: string, entries: { id: string; show: 0 | 1 }[]) =>
    unwrap(api.PUT('/type-request-landlord/show/{id}', { params: { path: { id: landlordId } }, body: entries })),
  update: (typeId: string, body: { responsible_employee_id: string | null; resolve_hours: number }) =>
    unwrap(api.PUT('/type-request-landlord/{id}', { params: { path: { id: typeId } }, body })),
};

/** The SVG as an image source: shown as a picture, never injected as markup. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
