import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';

export type ApiKey = Schemas['ApiKey'];
export type ApiKeyScope = Schemas['ApiKeyScope'];

const apiKeyKeys = { all: ['api-keys'] as const };

/** The landlord's API keys, revoked ones too. */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: ({ signal }) => unwrap(api.GET('/api-keys', { signal })).then((r) => r.data),
  });
}

/** Makes a key; its answer holds the secret, the only time it is seen. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['ApiKeyCreate']) => unwrap(api.POST('/api-keys', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
