import { useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../../api/client';

export type AccessTable = Schemas['AccessTable'];
export type EmployeeAccess = Schemas['EmployeeAccess'];
export type AccessGrants = Schemas['AccessGrants'];
export type AccessLevel = Schemas['AccessLevel'];
export type AccessModule = Schemas['AccessModule'];

export const settingsKeys = { access: ['settings', 'access'] as const };

export function useAccessTable() {
  return useQuery({ queryKey: settingsKeys.access, queryFn: () => unwrap(api.GET('/settings/access')) });
}

export const settingsApi = {
  setAccess: (employeeId: string, levels: AccessGrants) =>
    unwrap(api.PUT('/settings/access/{employeeId}', { params: { path: { employeeId } }, body: { levels } })),
  setCanNotify: (employeeId: string, allowed: boolean) =>
    unwrap(api.POST('/employee-notifications/permissions', { body: { permissions: [{ employee_id: employeeId, allowed }] } })),
};
