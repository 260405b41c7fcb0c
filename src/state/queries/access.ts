import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, multipart, type Schemas, unwrap } from '#/api/client';
import { useRefreshMutation } from '#/records/mutations';

export type EmployeeAccess = Schemas['EmployeeAccess'];
export type AccessGrants = Schemas['AccessGrants'];
export type AccessLevel = Schemas['AccessLevel'];
export type AccessModule = Schemas['AccessModule'];

export const settingsKeys = { access: ['settings', 'access'] as const };

export function useAccessTable() {
  return useQuery({ queryKey: settingsKeys.access, queryFn: ({ signal }) => unwrap(api.GET('/settings/access', { signal })) });
}

export type AccessChange = { employeeId: string; levels: AccessGrants; canNotify?: boolean };

/** One employee's row: the levels, then the notification right when it changed; the table is read again. */
export const useSaveAccess = () =>
  useRefreshMutation([settingsKeys.access], async ({ employeeId, levels, canNotify }: AccessChange) => {
    await settingsApi.setAccess(employeeId, levels);
    if (canNotify !== undefined) await settingsApi.setCanNotify(employeeId, canNotify);
  });

export const settingsApi = {
  setAccess: (employeeId: string, levels: AccessGrants) =>
    unwrap(api.PUT('/settings/access/{employeeId}', { params: { path: { employeeId } }, body: { levels } })),
  setCanNotify: (employeeId: string, allowed: boolean) =>
    unwrap(api.POST('/employee-notifications/permissions', { body: { permissions: [{ employee_id: employeeId, allowed }] } })),
};

const contractSettingsKey = ['contracts', 'settings'] as const;

/** How many days before its end a lease becomes expiring (the contracts module's key: the lease pages read it too). */
export function useContractSettings() {
  return useQuery({ queryKey: contractSettingsKey, queryFn: ({ signal }) => unwrap(api.GET('/contracts/settings', { signal })) });
}

export function useSaveContractSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['ContractSettings']) => unwrap(api.PUT('/contracts/settings', { body })),
    onSuccess: (saved) => queryClient.setQueryData(contractSettingsKey, saved),
  });
}

/** A template filled with a sample lease, before it is saved: the .docx to look at. */
export const previewContractTemplate = (file: File) =>
  unwrap(api.POST('/contracts/template/preview', { ...multipart({ file }), parseAs: 'blob' })) as Promise<Blob>;

/** The landlord's lease template (.docx): the answer is the settings with it. */
export function useUploadContractTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => unwrap(api.PUT('/contracts/template', multipart({ file }))),
    onSuccess: (saved) => queryClient.setQueryData(contractSettingsKey, saved),
  });
}
