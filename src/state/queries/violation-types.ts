import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';

export type ViolationType = Schemas['ViolationType'];
export type ViolationTypeInput = Schemas['ViolationTypeInput'];

/** One resource, two readings: the active types to choose from and the settings' whole catalogue; a change refreshes both. */
const violationTypeKeys = {
  all: ['violation-types'] as const,
  active: ['violation-types', 'active'] as const,
  catalogue: ['violation-types', 'catalogue'] as const,
};

/** The landlord's active types, to choose from (the settings keep the whole catalogue). */
export function useViolationTypes() {
  return useQuery({
    queryKey: violationTypeKeys.active,
    queryFn: ({ signal }) => unwrap(api.GET('/violation-types', { signal })),
    staleTime: 60_000,
  });
}

/** The landlord's whole catalogue of violation types, switched-off ones too. */
export function useAllViolationTypes() {
  return useQuery({
    queryKey: violationTypeKeys.catalogue,
    queryFn: ({ signal }) => unwrap(api.GET('/violation-types', { params: { query: { all: true } }, signal })),
  });
}

/** Adds a type (no id) or renames / switches one. */
export function useSaveViolationType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ViolationTypeInput }) =>
      id ? unwrap(api.PUT('/violation-types/{id}', { params: { path: { id } }, body })) : unwrap(api.POST('/violation-types', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: violationTypeKeys.all }),
  });
}
