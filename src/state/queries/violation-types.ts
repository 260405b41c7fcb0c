import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';

export type ViolationType = Schemas['ViolationType'];
export type ViolationTypeInput = Schemas['ViolationTypeInput'];

const keys = { types: ['settings', 'violation-types'] as const };

/** The landlord's whole catalogue of violation types, switched-off ones too. */
export function useAllViolationTypes() {
  return useQuery({ queryKey: keys.types, queryFn: ({ signal }) => unwrap(api.GET('/violation-types', { params: { query: { all: true } }, signal })) });
}

/** Adds a type (no id) or renames / switches one; the violation forms' list of types is refreshed too. */
export function useSaveViolationType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ViolationTypeInput }) =>
      id ? unwrap(api.PUT('/violation-types/{id}', { params: { path: { id } }, body })) : unwrap(api.POST('/violation-types', { body })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.types });
      await queryClient.invalidateQueries({ queryKey: ['violations', 'types'] });
    },
  });
}
