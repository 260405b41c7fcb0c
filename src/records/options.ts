import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';

// The pickers' lists, one cache entry each. Every key starts with its resource's own prefix
// (features/<resource>/api.ts keys `all`), so a change there refreshes its options too.
// The first 100 are plenty for one landlord's objects, an object's renters and the active contractors.
const optionKeys = {
  objects: ['objects', 'options'] as const,
  renters: (objectId: string) => ['renters', 'options', objectId] as const,
  employees: ['employees', 'options'] as const,
  contractors: ['contractors', 'options'] as const,
  landlords: ['landlords', 'options'] as const,
  objectTypes: ['object-types', 'options'] as const,
  socialLinks: ['social-links', 'home'] as const,
  requestKinds: ['request-kinds'] as const,
};

/** The caller's objects by name (the server scopes them to the landlord). */
export function useObjectOptions(enabled = true) {
  return useQuery({
    queryKey: optionKeys.objects,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/objects', { params: { query: { limit: 100, sort: 'name' } }, signal }))).data,
    enabled,
    staleTime: 60_000,
  });
}

export function useRenterOptions(objectId: string) {
  return useQuery({
    queryKey: optionKeys.renters(objectId),
    queryFn: async ({ signal }) => (await unwrap(api.GET('/renters', { params: { query: { limit: 100, object_id: objectId } }, signal }))).data,
    enabled: Boolean(objectId),
  });
}

/** Every active employee of the landlord (no page: the server answers the whole short list). */
export function useEmployeeOptions(enabled = true) {
  return useQuery({ queryKey: optionKeys.employees, queryFn: ({ signal }) => unwrap(api.GET('/employee/all', { signal })), enabled });
}

export function useContractorOptions(enabled = true) {
  return useQuery({
    queryKey: optionKeys.contractors,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/contractors', { params: { query: { status: 'active', limit: 100 } }, signal }))).data,
    enabled,
  });
}

/** Every active landlord, for the superadmin's pickers. */
export function useLandlordOptions(enabled = true) {
  return useQuery({
    queryKey: optionKeys.landlords,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/landlords', { params: { query: { limit: 100 } }, signal }))).data,
    enabled,
  });
}

/** The whole catalogue of object types (it is short: kept by hand by the superadmin). */
export function useObjectTypeOptions() {
  return useQuery({
    queryKey: optionKeys.objectTypes,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/object-types', { params: { query: { limit: 100 } }, signal }))).data,
  });
}

/** The landlord's active links on a renter's home (the server scopes them to the renter's landlord). */
export function useHomeSocialLinks() {
  return useQuery({
    queryKey: optionKeys.socialLinks,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/social-networks', { params: { query: { limit: 100 } }, signal }))).data,
  });
}

/** Kinds of request types (12 renters', 13 visitors'): Settings and the superadmin's catalogue; rarely change, so kept for the session. */
export function useRequestKinds() {
  return useQuery({
    queryKey: optionKeys.requestKinds,
    queryFn: ({ signal }) => unwrap(api.GET('/get-kind', { signal })),
    staleTime: Infinity,
  });
}
