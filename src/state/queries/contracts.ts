import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, multipart, type Schemas, unwrap } from '#/api/client';
import { type ListParams, pageQuery } from '#/lists/useListParams';
import { useRecordMutation } from '#/records/mutations';

export type ContractItem = Schemas['ContractListItem'];
export type ContractDetail = Schemas['ContractDetail'];
export type ContractStatus = Schemas['ContractStatus'];
export type ContractInput = Schemas['ContractInput'];
export type RentRoll = Schemas['RentRoll'];
/** The renter in a unit with no lease on file (the rooms list, the rent roll and the renter card all carry it). */
export type RoomOccupant = NonNullable<Schemas['RoomOccupant']>;

export const contractStatuses: ContractStatus[] = ['draft', 'active', 'expiring', 'expired', 'terminated'];
export const contractSorts = ['-created_at', 'ends_on', '-ends_on', 'number'] as const;
/** The list's own filters, kept in the address beside page, search and sort. */
export const filterKeys = ['state', 'object', 'renter', 'within'] as const;
export const withinDays = [30, 60, 90, 180] as const;

const path = (id: string) => ({ params: { path: { id } } });

export const contractKeys = {
  all: ['contracts'] as const,
  one: (id: string) => ['contracts', 'one', id] as const,
  ofRenter: (renterId: string) => ['contracts', 'renter', renterId] as const,
};

export type ContractFilter = { status?: ContractStatus; objectId?: string; renterId?: string; within?: number };

/** The address's filters (unknown values are dropped). */
export function filterOf(params: ListParams): ContractFilter {
  const x = params.extra ?? {};
  const within = Number(x.within);
  return {
    status: contractStatuses.find((s) => s === x.state),
    objectId: x.object || undefined,
    renterId: x.renter || undefined,
    within: withinDays.find((d) => d === within),
  };
}

export function useContracts(params: ListParams, filter: ContractFilter) {
  return useQuery({
    queryKey: [...contractKeys.all, 'list', params, filter],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/contracts', {
          signal,
          params: {
            query: {
              ...pageQuery(params),
              status: filter.status,
              object_id: filter.objectId,
              renter_id: filter.renterId,
              ends_within: filter.within,
              sort: contractSorts.find((x) => x === params.sort),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useContract(id: string) {
  return useQuery({ queryKey: contractKeys.one(id), queryFn: ({ signal }) => unwrap(api.GET('/contracts/{id}', { ...path(id), signal })) });
}

export function useRentRoll(objectId: string) {
  return useQuery({
    queryKey: [...contractKeys.all, 'rent-roll', objectId],
    queryFn: ({ signal }) => unwrap(api.GET('/contracts/rent-roll', { signal, params: { query: { object_id: objectId } } })),
    enabled: Boolean(objectId),
  });
}

/** A tenant's leases on its card: rooms, area, rent and term of each (under `all`, so a lease's change refreshes it). */
export function useRenterContracts(renterId: string) {
  return useQuery({
    queryKey: contractKeys.ofRenter(renterId),
    queryFn: ({ signal }) => unwrap(api.GET('/contracts', { signal, params: { query: { renter_id: renterId, limit: 100, sort: '-ends_on' } } })),
  });
}

export const useCreateContract = () => useRecordMutation(contractKeys, contractApi.create);
export const useUpdateContract = (id: string) => useRecordMutation(contractKeys, (body: ContractInput) => contractApi.update(id, body));
export const useContractTransition = (id: string) =>
  useRecordMutation(contractKeys, (body: Schemas['ContractTransition']) => contractApi.transition(id, body), { putsRecord: true });
export const useContractComment = (id: string) => useRecordMutation(contractKeys, (comment: string) => contractApi.comment(id, comment), { putsRecord: true });
export const useRenewContract = (id: string) => useRecordMutation(contractKeys, () => contractApi.renew(id));

/** One file of a lease; the answer is the lease with it, put straight into its cache entry. */
export function useContractUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => contractApi.upload(id, file),
    onSuccess: (next) => queryClient.setQueryData(contractKeys.one(next.id), next),
  });
}

/** Fills the landlord's template with the lease; the answer is the lease with the new file. */
export function useGenerateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/contracts/{id}/document', path(id))),
    onSuccess: (next) => queryClient.setQueryData(contractKeys.one(next.id), next),
  });
}

export const contractApi = {
  create: (body: ContractInput) => unwrap(api.POST('/contracts', { body })),
  update: (id: string, body: ContractInput) => unwrap(api.PUT('/contracts/{id}', { ...path(id), body })),
  transition: (id: string, body: Schemas['ContractTransition']) => unwrap(api.POST('/contracts/{id}/transitions', { ...path(id), body })),
  comment: (id: string, comment: string) => unwrap(api.POST('/contracts/{id}/comments', { ...path(id), body: { comment } })),
  renew: (id: string) => unwrap(api.POST('/contracts/{id}/renewal', path(id))),
  upload: (id: string, file: File) => unwrap(api.POST('/contracts/{id}/files', { ...path(id), ...multipart({ file }) })),
};

/** The rent roll's workbook (the session's client: a plain link would carry no token). */
export const exportRentRoll = (objectId: string) =>
  unwrap(api.GET('/contracts/rent-roll/export', { params: { query: { object_id: objectId } }, parseAs: 'blob' })) as Promise<Blob>;
